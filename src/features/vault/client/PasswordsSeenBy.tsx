import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { inZone } from '../../../client/lib/dayjs.ts';
import { PageNav } from '../../../client/ui/PageNav.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { VAULT_SEEN_PAGE } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { useVaultSeenBy } from './vault.queries.ts';

// What a departed person saw in the vault (issue 22, decision 063): for a workspace admin, in a
// disabled or deleted person's contact details, every password they revealed or copied, newest
// first, paged on the server — the passwords to rotate. Rows of deleted meetings are kept.

export const PasswordsSeenBy = ({ userId, timezone }: { userId: string; timezone: string }) => {
  const [page, setPage] = useState(0);
  const seen = useVaultSeenBy(userId, page);
  const body = seen.isPending ? (
    <SectionLoading />
  ) : seen.isError ? (
    <SectionError
      title={messages.vaultSeenFailed}
      error={seen.error}
      onRetry={() => void seen.refetch()}
      retrying={seen.isFetching}
    />
  ) : seen.data.items.length === 0 ? (
    <Text size="sm" c="dimmed">
      {messages.vaultSeenEmpty}
    </Text>
  ) : (
    <Stack gap="xs">
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={messages.vaultSeenTitle}>
        {seen.data.items.map((row) => (
          <Stack
            key={row.id}
            component="li"
            gap={2}
            py={6}
            data-seen-entry={row.account}
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {row.account}
              </Text>
              <Badge size="xs" variant="light" color="orange">
                {messages.vaultActionNames[row.action]}
              </Badge>
            </Group>
            <Group gap={6} wrap="wrap">
              <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
                {inZone(row.at, timezone).format('YYYY-MM-DD HH:mm')}
              </Text>
              {row.meetingDeleted ? (
                <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                  {messages.vaultSeenIn(row.meetingTitle)} ({messages.vaultSeenMeetingDeleted})
                </Text>
              ) : (
                <Anchor
                  component={Link}
                  to={`/passwords/${row.meetingId}`}
                  size="xs"
                  aria-label={messages.vaultSeenOpenVault(row.meetingTitle)}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {messages.vaultSeenIn(row.meetingTitle)}
                </Anchor>
              )}
            </Group>
          </Stack>
        ))}
      </Stack>
      {seen.data.total > VAULT_SEEN_PAGE && (
        <PageNav
          page={page + 1}
          totalPages={Math.ceil(seen.data.total / VAULT_SEEN_PAGE)}
          onChange={(next) => setPage(next - 1)}
          label={messages.vaultSeenPages}
        />
      )}
    </Stack>
  );
  return (
    <Stack gap="xs" component="section" aria-labelledby="vault-seen-title">
      <Title order={3} size="h5" id="vault-seen-title">
        {messages.vaultSeenTitle}
      </Title>
      <Text size="xs" c="gray.7">
        {messages.vaultSeenHint}
      </Text>
      {body}
    </Stack>
  );
};
