import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { inZone } from '../../../client/lib/dayjs.ts';
import { Link } from '../../../client/lib/router/index.ts';
import { PageNav } from '../../../client/ui/PageNav.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { messages } from '../../../shared/messages.ts';
import { vaultMessages } from '../vault.messages.ts';
import type { VaultAuditRow } from '../vault.schemas.ts';
import { type AuditSource, auditPageSize, useVaultAudit } from './vault.queries.ts';

// The vault's audit, newest first, read only: a meeting's Activity tab (leaders and admins), one
// entry's history, the whole workspace's with each row's meeting, deleted ones included (admins,
// decision 063), and in a departed person's contact details the passwords they revealed or
// copied, to rotate (admins, decision 063). One list for all: the source decides the rows and
// the columns; a table where there is room, a compact list in a narrow dialog.

const ACTION_COLORS: Record<string, string> = {
  reveal: 'orange',
  copy: 'orange',
  create: 'green',
  update: 'blue',
  delete: 'red',
  undecryptable: 'red',
  refused_reveal: 'grape',
  refused_copy: 'grape',
};

// The moments' format family (client/lib/moments.ts), to the second: an audit orders what happened close together.
const WHEN_FORMAT = 'MMM D, YYYY h:mm:ss A';

/** What a source's list shows beside when and what: who did it, which password, in which meeting, from where. */
const columnsOf = (source: AuditSource) => ({
  // One person's rows: their name on each would say nothing.
  who: source.kind !== 'seenBy',
  // One entry's history: its name is the dialog's title.
  entry: source.kind !== 'meeting' || !source.entryId,
  meeting: source.kind !== 'meeting',
  from: source.kind !== 'seenBy',
});

const textsOf = (source: AuditSource) =>
  source.kind === 'seenBy'
    ? {
        label: messages.vaultSeenTitle,
        failed: vaultMessages.vaultSeenFailed,
        empty: vaultMessages.vaultSeenEmpty,
        pages: vaultMessages.vaultSeenPages,
      }
    : {
        label: vaultMessages.vaultActivity,
        failed: vaultMessages.vaultActivityFailed,
        empty: vaultMessages.vaultActivityEmpty,
        pages: vaultMessages.vaultActivity,
      };

const sourceKey = (source: AuditSource) => JSON.stringify(source);

export const AuditList = ({
  source,
  timezone,
  compact = false,
  heading,
  framed = false,
}: {
  source: AuditSource;
  timezone: string;
  /** A list of small rows instead of a table, for a narrow dialog. */
  compact?: boolean;
  /** The list as a section of its own, with this heading and hint above it. */
  heading?: { title: string; hint: string; order: 2 | 3 };
  /** In a card of its own (below the heading). */
  framed?: boolean;
}) => {
  // Another source (another person, another entry) starts from the first page again.
  const key = sourceKey(source);
  const [paging, setPaging] = useState({ key, page: 0 });
  const page = paging.key === key ? paging.page : 0;
  const audit = useVaultAudit(source, page);
  const texts = textsOf(source);
  const headingId = useId();

  let body: ReactNode;
  if (audit.isPending) body = <SectionLoading />;
  else if (audit.isError)
    body = (
      <SectionError
        title={texts.failed}
        error={audit.error}
        onRetry={() => void audit.refetch()}
        retrying={audit.isFetching}
      />
    );
  else if (audit.data.items.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {texts.empty}
      </Text>
    );
  else {
    const totalPages = Math.ceil(audit.data.total / auditPageSize(source));
    const rows = { rows: audit.data.items, columns: columnsOf(source), label: texts.label, timezone };
    body = (
      <Stack gap={compact ? 'xs' : 'sm'}>
        {compact ? <AuditRowList {...rows} /> : <AuditTable {...rows} />}
        {totalPages > 1 && (
          <PageNav
            page={page + 1}
            totalPages={totalPages}
            onChange={(next) => setPaging({ key, page: next - 1 })}
            label={texts.pages}
          />
        )}
      </Stack>
    );
  }
  if (framed)
    body = (
      <Card withBorder radius="md" padding="md">
        {body}
      </Card>
    );
  if (!heading) return body;
  const small = heading.order === 3;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={heading.order} size={small ? 'h5' : 'h4'} id={headingId}>
        {heading.title}
      </Title>
      <Text size={small ? 'xs' : 'sm'} c="gray.7">
        {heading.hint}
      </Text>
      {body}
    </Stack>
  );
};

interface RowsProps {
  rows: VaultAuditRow[];
  columns: ReturnType<typeof columnsOf>;
  label: string;
  timezone: string;
}

const When = ({ row, timezone }: { row: VaultAuditRow; timezone: string }) => (
  <>{inZone(row.at, timezone).format(WHEN_FORMAT)}</>
);

/** The action's word; all of it: a badge alone would shrink to an ellipsis in a narrow table. */
const Action = ({ row, size }: { row: VaultAuditRow; size: 'xs' | 'sm' }) => (
  <Badge size={size} variant="light" color={ACTION_COLORS[row.action]} miw="max-content">
    {vaultMessages.vaultActionNames[row.action]}
  </Badge>
);

/** The row's meeting: a link to its vault, or its kept title once it is deleted. */
const Meeting = ({ row, size, prefix }: { row: VaultAuditRow; size: 'xs' | 'sm'; prefix: boolean }) => {
  const title = prefix ? vaultMessages.vaultSeenIn(row.meetingTitle) : row.meetingTitle;
  return row.meetingDeleted ? (
    <Text size={size} c="gray.7" data-meeting-deleted style={{ overflowWrap: 'anywhere' }}>
      {title} ({vaultMessages.vaultSeenMeetingDeleted})
    </Text>
  ) : (
    <Anchor
      component={Link}
      to={`/passwords/${row.meetingId}`}
      size={size}
      aria-label={vaultMessages.vaultSeenOpenVault(row.meetingTitle)}
      style={{ overflowWrap: 'anywhere' }}
    >
      {title}
    </Anchor>
  );
};

const AuditTable = ({ rows, columns, label, timezone }: RowsProps) => (
  // Focusable, so a keyboard can scroll it on a narrow screen.
  <Table.ScrollContainer minWidth={columns.meeting ? 780 : 560} type="native" tabIndex={0} aria-label={label}>
    <Table verticalSpacing={6} fz="sm" aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{vaultMessages.vaultActivityWhen}</Table.Th>
          {columns.who && <Table.Th>{vaultMessages.vaultActivityWho}</Table.Th>}
          <Table.Th>{vaultMessages.vaultActivityWhat}</Table.Th>
          {columns.entry && <Table.Th>{vaultMessages.vaultActivityEntry}</Table.Th>}
          {columns.meeting && <Table.Th>{vaultMessages.vaultActivityMeeting}</Table.Th>}
          {columns.from && <Table.Th>{vaultMessages.vaultActivityFrom}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id} data-audit-action={row.action} data-audit-entry={row.account}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <When row={row} timezone={timezone} />
            </Table.Td>
            {columns.who && <Table.Td>{messages.withToken(row.userName, row.viaToken)}</Table.Td>}
            <Table.Td>
              <Action row={row} size="sm" />
            </Table.Td>
            {columns.entry && <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.account}</Table.Td>}
            {columns.meeting && (
              <Table.Td>
                <Meeting row={row} size="sm" prefix={false} />
              </Table.Td>
            )}
            {columns.from && (
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {row.address ?? '–'}
                </Text>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);

/** The same rows as small blocks: the password (or who) and what first, then when, and where. */
const AuditRowList = ({ rows, columns, label, timezone }: RowsProps) => (
  <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
    {rows.map((row) => (
      <Stack
        key={row.id}
        component="li"
        gap={2}
        py={6}
        data-audit-action={row.action}
        data-audit-entry={row.account}
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group gap={6} wrap="wrap">
          {columns.entry && (
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {row.account}
            </Text>
          )}
          {columns.who && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {messages.withToken(row.userName, row.viaToken)}
            </Text>
          )}
          <Action row={row} size="xs" />
        </Group>
        <Group gap={6} wrap="wrap">
          <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
            <When row={row} timezone={timezone} />
          </Text>
          {columns.meeting && <Meeting row={row} size="xs" prefix />}
          {columns.from && row.address && (
            <Text size="xs" c="dimmed">
              {row.address}
            </Text>
          )}
        </Group>
      </Stack>
    ))}
  </Stack>
);
