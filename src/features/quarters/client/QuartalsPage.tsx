import {
  ActionIcon,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSelf } from '../../../client/lib/self.ts';
import { PageNav } from '../../../client/ui/PageNav.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { ADMIN_FLAG } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { quartersMessages } from '../quarters.messages.ts';
import type { QuarterRecord } from '../quarters.schemas.ts';
import { DeleteYearButton } from './DeleteYearButton.tsx';
import { yearDatesOf } from './quarters.format.ts';
import { QUARTERS_PAGE_SIZE, useQuarterRecords } from './quarters.queries.ts';
import { YearDialog, type YearDialogTarget } from './YearDialog.tsx';

const DATES = [
  ['startQuartal1', quartersMessages.quarterStartLabel(1)],
  ['startQuartal2', quartersMessages.quarterStartLabel(2)],
  ['startQuartal3', quartersMessages.quarterStartLabel(3)],
  ['startQuartal4', quartersMessages.quarterStartLabel(4)],
  ['endQuartal4', quartersMessages.quarterEndLabel],
] as const;

/** An admin's Edit and Delete of one year. */
const YearActions = ({ record, onEdit }: { record: QuarterRecord; onEdit: () => void }) => (
  <Group gap={4} wrap="nowrap" justify="flex-end">
    <Tooltip label={quartersMessages.editQuartal}>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`${quartersMessages.editQuartal} ${record.year}`}
        onClick={onEdit}
      >
        <IconPencil size={18} />
      </ActionIcon>
    </Tooltip>
    <DeleteYearButton
      id={record.id}
      title={quartersMessages.deleteQuartalTitle(record.year)}
      done={quartersMessages.quartalDeleted}
    />
  </Group>
);

/**
 * The years: a table of Year and the five dates; on a phone, whose width cannot hold seven
 * columns of dates without breaking them, a card per year with its dates two by two.
 */
const YearsTable = ({
  records,
  onEdit,
}: {
  records: QuarterRecord[];
  onEdit: ((record: QuarterRecord) => void) | null;
}) => {
  const phone = useMediaQuery(`(max-width: ${useMantineTheme().breakpoints.sm})`);
  if (phone)
    return (
      <Stack gap="sm">
        {records.map((record) => (
          <Paper key={record.id} withBorder radius="md" p="sm" data-testid={`quartal-${record.year}`}>
            <Group justify="space-between" wrap="nowrap" mb={6}>
              <Title order={2} size="h4">
                {record.year}
              </Title>
              {onEdit && <YearActions record={record} onEdit={() => onEdit(record)} />}
            </Group>
            <SimpleGrid cols={2} spacing="sm" verticalSpacing={6}>
              {DATES.map(([key, label]) => (
                <div key={key}>
                  <Text size="xs" c="dimmed">
                    {label}
                  </Text>
                  <Text size="sm">{record[key]}</Text>
                </div>
              ))}
            </SimpleGrid>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={0}>
        <Table striped verticalSpacing="xs" miw={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{quartersMessages.annualYearLabel}</Table.Th>
              {DATES.map(([key, label]) => (
                <Table.Th key={key}>{label}</Table.Th>
              ))}
              {onEdit && <Table.Th aria-label={messages.editButton} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((record) => (
              <Table.Tr key={record.id}>
                <Table.Td fw={600}>{record.year}</Table.Td>
                {DATES.map(([key]) => (
                  <Table.Td key={key} style={{ whiteSpace: 'nowrap' }}>
                    {record[key]}
                  </Table.Td>
                ))}
                {onEdit && (
                  <Table.Td>
                    <YearActions record={record} onEdit={() => onEdit(record)} />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
};

/** /quartals: the table of years and their four quarter starts; admins add, edit and delete. */
export const QuartalsPage = () => {
  const isAdmin = useSelf().data?.isAdmin === ADMIN_FLAG.yes;
  const [page, setPage] = useState(0);
  const records = useQuarterRecords(page);
  const [target, setTarget] = useState<YearDialogTarget | null>(null);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div style={{ flex: '1 1 260px' }}>
          <Title order={1} size="h2">
            {quartersMessages.quartersTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {quartersMessages.quartersIntro}
          </Text>
        </div>
        {isAdmin && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setTarget({ kind: 'quartal', id: null, dates: null })}
          >
            {quartersMessages.addQuartal}
          </Button>
        )}
      </Group>
      {records.isPending ? (
        <SectionLoading />
      ) : records.isError ? (
        <SectionError
          title={messages.somethingWentWrong}
          error={records.error}
          onRetry={() => void records.refetch()}
          retrying={records.isFetching}
        />
      ) : records.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {quartersMessages.quartersEmpty}
        </Text>
      ) : (
        <YearsTable
          records={records.data.items}
          onEdit={
            isAdmin ? (record) => setTarget({ kind: 'quartal', id: record.id, dates: yearDatesOf(record) }) : null
          }
        />
      )}
      {records.data && records.data.total > QUARTERS_PAGE_SIZE && (
        <PageNav
          page={page}
          totalPages={Math.ceil(records.data.total / QUARTERS_PAGE_SIZE)}
          onChange={setPage}
          label={quartersMessages.quartersTitle}
        />
      )}
      <YearDialog target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
};
