import { Badge, Button, Group, Pagination, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { PersonAvatar } from '../../../client/ui/PersonAvatar.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { fullName } from '../../../shared/person.ts';
import { useDirectory } from '../../people/client/people.queries.ts';
import { peopleToolsMessages as m } from '../people-tools.messages.ts';
import type { ReportingLine } from '../people-tools.schemas.ts';
import { PAGE, useReportingLines, useSetManager } from './people-tools.queries.ts';

const SOURCE = { chart: m.sourceChart, override: m.sourceOverride, none: m.sourceNone } as const;

/**
 * An admin sets a person's manager: anyone of the workspace, searched on the server by name or
 * e-mail as they type (a workspace may have thousands of people), or back to the org chart, or nobody.
 */
const ManagerPicker = ({ line }: { line: ReportingLine }) => {
  const set = useSetManager();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const people = useDirectory({ search: q, groupId: null, status: 'active' }, 0);
  // While a name is typed only people show; the two choices without a person come first otherwise.
  const fixed = search.trim()
    ? []
    : [
        { value: 'chart', label: m.clearOverride },
        { value: 'none', label: m.noManager },
      ];
  const options = [
    ...fixed,
    ...(people.data?.users ?? [])
      .filter((p) => p.id !== line.person.id)
      .map((p) => ({ value: p.id, label: fullName(p) })),
  ];
  return (
    <Select
      size="xs"
      aria-label={`${m.setManager}: ${fullName(line.person)}`}
      placeholder={m.managerSearch}
      data={options}
      value={null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the words typed: show what it found as it is.
      filter={({ options: found }) => found}
      nothingFoundMessage={people.isFetching ? m.managerSearching : m.managerNoMatch}
      onChange={(value) => {
        if (!value) return;
        setSearch('');
        set.mutate({ reportId: line.person.id, managerId: value === 'none' ? null : value });
      }}
      error={set.error ? set.error.message : undefined}
      w={200}
    />
  );
};

const LinesTable = ({ unplaced }: { unplaced: boolean }) => {
  const [page, setPage] = useState(1);
  const lines = useReportingLines(unplaced, (page - 1) * PAGE);
  if (lines.isPending) return <SectionLoading />;
  if (lines.isError)
    return <SectionError title={m.loadFailed} error={lines.error} onRetry={() => void lines.refetch()} />;
  const { items, total, canEdit } = lines.data;
  if (items.length === 0) return <Text c="gray.7">{unplaced ? m.unplacedNone : m.oneOnOnesEmpty}</Text>;
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={canEdit ? 760 : 560}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{m.reportingPerson}</Table.Th>
              <Table.Th>{m.reportingManager}</Table.Th>
              <Table.Th>{m.reportingSource}</Table.Th>
              {canEdit && <Table.Th>{m.setManager}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((line) => (
              <Table.Tr key={line.person.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <PersonAvatar person={line.person} size={24} />
                    <Stack gap={0}>
                      <Text size="sm">{fullName(line.person)}</Text>
                      {line.seatTitle && (
                        <Text size="xs" c="gray.7">
                          {line.seatTitle}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td>{line.manager ? fullName(line.manager) : m.noManager}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={line.source === 'override' ? 'orange' : 'gray'}>
                    {SOURCE[line.source]}
                  </Badge>
                </Table.Td>
                {canEdit && (
                  <Table.Td>
                    <ManagerPicker line={line} />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > PAGE && <Pagination total={Math.ceil(total / PAGE)} value={page} onChange={setPage} size="sm" />}
    </Stack>
  );
};

/** Who reports to whom, and the people without a seat for an admin to place. */
export const ReportingPanel = () => (
  <Stack gap="lg">
    <Text size="sm" c="gray.7">
      {m.reportingHint}
    </Text>
    <LinesTable unplaced={false} />
    <Title order={3} size="h4">
      {m.unplacedTitle}
    </Title>
    <Text size="sm" c="gray.7">
      {m.unplacedHint}
    </Text>
    <LinesTable unplaced />
    <Button component="a" href="/chart" variant="light" w="fit-content">
      {m.sourceChart}
    </Button>
  </Stack>
);
