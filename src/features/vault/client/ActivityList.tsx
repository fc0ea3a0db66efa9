import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { inZone } from '../../../client/lib/dayjs.ts';
import { PageNav } from '../../../client/ui/PageNav.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { VAULT_ACTIVITY_PAGE } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import type { VaultAuditPage } from '../vault.schemas.ts';
import { useVaultActivity, useWorkspaceVaultActivity } from './vault.queries.ts';

// The vault's audit, newest first: the meeting's activity, or one entry's history (leaders and
// admins), or the whole workspace's with each row's meeting, deleted ones included (admins,
// decision 063). Read only.

const ACTION_COLORS: Record<string, string> = {
  reveal: 'orange',
  copy: 'orange',
  create: 'green',
  update: 'blue',
  delete: 'red',
  undecryptable: 'red',
};

/** Where the rows come from: one meeting (or one entry of it), or the whole workspace. */
export type ActivitySource =
  | { meetingId: string; entryId: string | null; userId?: string | null }
  | { workspace: true };

export const ActivityList = ({ source, timezone }: { source: ActivitySource; timezone: string }) => {
  const [page, setPage] = useState(0);
  const ofMeeting = 'meetingId' in source ? source : null;
  const userId = ofMeeting?.userId ?? null;
  // Another person: from the first page again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the person is the trigger
  useEffect(() => setPage(0), [userId]);
  const meetingActivity = useVaultActivity(ofMeeting?.meetingId ?? '', ofMeeting?.entryId ?? null, userId, page);
  const workspaceActivity = useWorkspaceVaultActivity(page, ofMeeting === null);
  const activity = ofMeeting ? meetingActivity : workspaceActivity;
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
  return (
    <ActivityTable
      page={activity.data}
      entryId={ofMeeting?.entryId ?? null}
      withMeeting={ofMeeting === null}
      timezone={timezone}
      onPage={setPage}
      pageIndex={page}
    />
  );
};

const ActivityTable = ({
  page,
  entryId,
  withMeeting,
  timezone,
  onPage,
  pageIndex,
}: {
  page: VaultAuditPage;
  entryId: string | null;
  withMeeting: boolean;
  timezone: string;
  onPage: (page: number) => void;
  pageIndex: number;
}) => {
  const { items, total } = page;
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
      <Table.ScrollContainer
        minWidth={withMeeting ? 780 : 560}
        type="native"
        tabIndex={0}
        aria-label={messages.vaultActivity}
      >
        <Table verticalSpacing={6} fz="sm" aria-label={messages.vaultActivity}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{messages.vaultActivityWhen}</Table.Th>
              <Table.Th>{messages.vaultActivityWho}</Table.Th>
              <Table.Th>{messages.vaultActivityWhat}</Table.Th>
              {!entryId && <Table.Th>{messages.vaultActivityEntry}</Table.Th>}
              {withMeeting && <Table.Th>{messages.vaultActivityMeeting}</Table.Th>}
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
                  {/* Its whole word: a badge alone would shrink to an ellipsis in a narrow table. */}
                  <Badge size="sm" variant="light" color={ACTION_COLORS[row.action]} miw="max-content">
                    {messages.vaultActionNames[row.action]}
                  </Badge>
                </Table.Td>
                {!entryId && <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.account}</Table.Td>}
                {withMeeting && (
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {row.meetingDeleted ? (
                      <Text size="sm" c="gray.7" data-meeting-deleted>
                        {row.meetingTitle} ({messages.vaultSeenMeetingDeleted})
                      </Text>
                    ) : (
                      <Anchor component={Link} to={`/passwords/${row.meetingId}`} size="sm">
                        {row.meetingTitle}
                      </Anchor>
                    )}
                  </Table.Td>
                )}
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
          page={pageIndex + 1}
          totalPages={totalPages}
          onChange={(next) => onPage(next - 1)}
          label={messages.vaultActivity}
        />
      )}
    </Stack>
  );
};
