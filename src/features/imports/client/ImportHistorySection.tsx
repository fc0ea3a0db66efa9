import { Badge, Button, Group, Pagination, Table, Text, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useMoments } from '../../../client/lib/moments.ts';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { SectionCard } from '../../../client/ui/SectionCard.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { fullName } from '../../../shared/person.ts';
import { importsMessages as t } from '../imports.messages.ts';
import { IMPORTS_PAGE, type ImportRecord } from '../imports.schemas.ts';
import { useImports, useUndoImport } from './imports.queries.ts';

/** Who imported what and when (the audit of imports), with Undo for an import still whole. */
export const ImportHistorySection = () => {
  const [page, setPage] = useState(1);
  const list = useImports((page - 1) * IMPORTS_PAGE.size);
  const undo = useUndoImport();
  const [undoing, setUndoing] = useState<ImportRecord | null>(null);
  const moments = useMoments();

  const close = () => {
    setUndoing(null);
    undo.reset();
  };

  let body: ReactNode;
  if (list.isPending) body = <SectionLoading />;
  else if (list.isError)
    body = (
      <SectionError
        title={t.historyLoadFailed}
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  else if (list.data.items.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {t.historyEmpty}
      </Text>
    );
  else
    body = (
      <>
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.columnWhen}</Table.Th>
                <Table.Th>{t.columnWho}</Table.Th>
                <Table.Th>{t.columnFile}</Table.Th>
                <Table.Th>{t.columnCreated}</Table.Th>
                <Table.Th>{t.columnStatus}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t.undo}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((record) => (
                <Table.Tr key={record.id}>
                  <Table.Td>{moments.at(record.createdAt)}</Table.Td>
                  <Table.Td>{record.createdBy ? fullName(record.createdBy) : '—'}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{record.fileName}</Table.Td>
                  <Table.Td>{t.countsText(record.counts)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={record.status === 'done' ? 'green' : 'gray'}>
                      {record.status === 'done' ? t.statusDone : t.statusUndone}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {record.status === 'done' && (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t.undoNamed(record.fileName)}
                        onClick={() => setUndoing(record)}
                      >
                        {t.undo}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {list.data.total > IMPORTS_PAGE.size && (
          <Group justify="center" mt="sm">
            <Pagination total={Math.ceil(list.data.total / IMPORTS_PAGE.size)} value={page} onChange={setPage} />
          </Group>
        )}
      </>
    );

  return (
    <SectionCard title={t.historyTitle}>
      {body}
      <ConfirmDialog
        opened={undoing !== null}
        title={t.undoTitle}
        confirmLabel={t.undo}
        onClose={close}
        pending={undo.isPending}
        error={undo.error ? errorText(undo.error) : null}
        onConfirm={() =>
          undoing &&
          undo.mutate(undoing.id, {
            onSuccess: () => {
              showSuccess(t.undone);
              close();
            },
          })
        }
      >
        {undoing ? t.undoText(undoing.fileName) : ''}
      </ConfirmDialog>
    </SectionCard>
  );
};
