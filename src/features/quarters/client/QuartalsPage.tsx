import { ActionIcon, Button, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PageNav } from '../../../client/ui/PageNav.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { ADMIN_FLAG } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { useSelf } from '../../auth/client/auth.queries.ts';
import { DeleteYearButton } from './DeleteYearButton.tsx';
import { yearDatesOf } from './quarters.format.ts';
import { QUARTERS_PAGE_SIZE, useQuarterRecords } from './quarters.queries.ts';
import { YearDialog, type YearDialogTarget } from './YearDialog.tsx';

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
            {messages.quartersTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {messages.quartersIntro}
          </Text>
        </div>
        {isAdmin && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setTarget({ kind: 'quartal', id: null, dates: null })}
          >
            {messages.addQuartal}
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
          {messages.quartersEmpty}
        </Text>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={0}>
            <Table striped verticalSpacing="xs" miw={560}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{messages.annualYearLabel}</Table.Th>
                  {[1, 2, 3, 4].map((n) => (
                    <Table.Th key={n}>{messages.quarterStartLabel(n)}</Table.Th>
                  ))}
                  <Table.Th>{messages.quarterEndLabel}</Table.Th>
                  {isAdmin && <Table.Th aria-label={messages.editButton} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.data.items.map((record) => (
                  <Table.Tr key={record.id}>
                    <Table.Td fw={600}>{record.year}</Table.Td>
                    <Table.Td>{record.startQuartal1}</Table.Td>
                    <Table.Td>{record.startQuartal2}</Table.Td>
                    <Table.Td>{record.startQuartal3}</Table.Td>
                    <Table.Td>{record.startQuartal4}</Table.Td>
                    <Table.Td>{record.endQuartal4}</Table.Td>
                    {isAdmin && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          <Tooltip label={messages.editQuartal}>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={`${messages.editQuartal} ${record.year}`}
                              onClick={() => setTarget({ kind: 'quartal', id: record.id, dates: yearDatesOf(record) })}
                            >
                              <IconPencil size={18} />
                            </ActionIcon>
                          </Tooltip>
                          <DeleteYearButton
                            id={record.id}
                            title={messages.deleteQuartalTitle(record.year)}
                            done={messages.quartalDeleted}
                          />
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {records.data && records.data.total > QUARTERS_PAGE_SIZE && (
        <PageNav
          page={page}
          totalPages={Math.ceil(records.data.total / QUARTERS_PAGE_SIZE)}
          onChange={setPage}
          label={messages.quartersTitle}
        />
      )}
      <YearDialog target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
};
