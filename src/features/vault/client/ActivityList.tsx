import { Badge, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { inZone } from '../../../client/lib/dayjs.ts';
import { PageNav } from '../../../client/ui/PageNav.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { VAULT_ACTIVITY_PAGE } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { useVaultActivity } from './vault.queries.ts';

// The vault's audit, newest first (leaders and admins): the meeting's activity, or one entry's
// history. Read only.

const ACTION_COLORS: Record<string, string> = {
  reveal: 'orange',
  copy: 'orange',
  create: 'green',
  update: 'blue',
  delete: 'red',
  undecryptable: 'red',
};

export const ActivityList = ({
  meetingId,
  entryId,
  timezone,
}: {
  meetingId: string;
  /** Set: that entry's history only. */
  entryId: string | null;
  timezone: string;
}) => {
  const [page, setPage] = useState(0);
  const activity = useVaultActivity(meetingId, entryId, page);
  if (activity.isPending) return <SectionLoading />;
  if (activity.isError)
    return (
      <SectionError
        title={messages.vaultActivityFailed}
        error={activity.error}
        onRetry={() => void activity.refetch()}
        retrying={activity.isFetching}
      />
    );
  const { items, total } = activity.data;
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {messages.vaultActivityEmpty}
      </Text>
    );
  const totalPages = Math.ceil(total / VAULT_ACTIVITY_PAGE.default);
  return (
    <Stack gap="sm">
      {/* Focusable, so a keyboard can scroll it on a narrow screen. */}
      <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} aria-label={messages.vaultActivity}>
        <Table verticalSpacing={6} fz="sm" aria-label={messages.vaultActivity}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{messages.vaultActivityWhen}</Table.Th>
              <Table.Th>{messages.vaultActivityWho}</Table.Th>
              <Table.Th>{messages.vaultActivityWhat}</Table.Th>
              {!entryId && <Table.Th>{messages.vaultActivityEntry}</Table.Th>}
              <Table.Th>{messages.vaultActivityFrom}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((row) => (
              <Table.Tr key={row.id} data-audit-action={row.action}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {inZone(row.at, timezone).format('YYYY-MM-DD HH:mm:ss')}
                </Table.Td>
                <Table.Td>{row.userName ?? '–'}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={ACTION_COLORS[row.action]}>
                    {messages.vaultActionNames[row.action]}
                  </Badge>
                </Table.Td>
                {!entryId && <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.account}</Table.Td>}
                <Table.Td>
                  <Text size="xs" c="dimmed">
                    {row.address ?? '–'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {totalPages > 1 && (
        <PageNav
          page={page + 1}
          totalPages={totalPages}
          onChange={(next) => setPage(next - 1)}
          label={messages.vaultActivity}
        />
      )}
    </Stack>
  );
};
