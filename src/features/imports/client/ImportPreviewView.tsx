import { Alert, Badge, Checkbox, Group, List, Select, Stack, Table, Text, Title } from '@mantine/core';
import { fullName } from '../../../shared/person.ts';
import { importsMessages as t } from '../imports.messages.ts';
import { type ImportItem, type ImportPreview, INVITE, isCsvImportKind } from '../imports.schemas.ts';

const UNASSIGNED = '';

const actionLabel: Record<ImportItem['action'], string> = {
  create: t.actionCreate,
  merge: t.actionMerge,
  skip: t.actionSkip,
};
const actionColour: Record<ImportItem['action'], string> = { create: 'green', merge: 'blue', skip: 'gray' };

const goalText = (item: ImportItem) =>
  `${item.goal} ${item.type === 'dollar' ? '$' : ''}${item.target}${item.type === 'percentage' ? '%' : ''}`;

/** What the file would do: counts, the people step, rows in error, notes and the KPIs or cards one by one. */
export const ImportPreviewView = ({
  preview,
  onMapPerson,
  skipInvalid,
  onSkipInvalid,
  disabled,
}: {
  preview: ImportPreview;
  onMapPerson: (source: string, userId: string | null) => void;
  skipInvalid: boolean;
  onSkipInvalid: (value: boolean) => void;
  disabled: boolean;
}) => {
  const board = preview.board;
  const workbook = preview.kind === 'ninety-rocks' || preview.kind === 'ninety-issues';
  /** Cards and workbook items show their list or sheet where KPIs show their goal. */
  const generic = isCsvImportKind(preview.kind);
  const grouped = board !== null || workbook || (generic && preview.kind !== 'csv-kpis');
  const personOptions = [
    { value: UNASSIGNED, label: t.personUnassigned },
    ...preview.candidates.map((person) => ({ value: person.id, label: fullName(person) })),
  ];
  /** An address the workspace lacks may be invited (decision 126). */
  const optionsFor = (source: string, matched: boolean) =>
    generic && !matched && source.includes('@')
      ? [...personOptions, { value: INVITE, label: t.personInvite }]
      : personOptions;
  const groupTitle =
    preview.kind === 'csv-people'
      ? t.columnRole
      : preview.kind === 'csv-kpis'
        ? t.columnFrequency
        : generic
          ? t.columnDue
          : t.columnList;
  return (
    <Stack gap="md">
      <Title order={3} size="h5">
        {t.previewTitle}
      </Title>
      {board ? (
        <List spacing={4} size="sm" aria-label={t.previewTitle}>
          <List.Item>
            {board.existingId
              ? t.boardWillMerge(board.name, board.lists, board.cards)
              : t.boardWillCreate(board.name, board.lists, board.cards)}
          </List.Item>
          <List.Item>{t.boardExtras(board.labels, board.checklistItems, board.comments)}</List.Item>
          {preview.skip.kpis > 0 && <List.Item>{t.willSkipCards(preview.skip.kpis)}</List.Item>}
        </List>
      ) : generic ? (
        <List spacing={4} size="sm" aria-label={t.previewTitle}>
          <List.Item>
            {preview.kind === 'csv-people'
              ? t.willInvite(preview.create.kpis)
              : t.willCreateTasks(preview.create.kpis, t.itemNames[preview.kind] ?? '')}
          </List.Item>
          {preview.kind !== 'csv-people' && (preview.invites ?? 0) > 0 && (
            <List.Item>{t.willInvite(preview.invites ?? 0)}</List.Item>
          )}
          {preview.skip.kpis > 0 && (
            <List.Item>
              {preview.kind === 'csv-people' ? t.willSkipPeople(preview.skip.kpis) : t.willSkipItems(preview.skip.kpis)}
            </List.Item>
          )}
        </List>
      ) : workbook ? (
        <List spacing={4} size="sm" aria-label={t.previewTitle}>
          <List.Item>
            {preview.kind === 'ninety-rocks'
              ? t.willCreateGoals(preview.create.kpis, preview.create.values)
              : t.willCreateIssues(preview.create.kpis)}
          </List.Item>
          {preview.merge.kpis > 0 && (
            <List.Item>{t.willMergeGoals(preview.merge.kpis, preview.merge.values)}</List.Item>
          )}
          {preview.skip.kpis > 0 && <List.Item>{t.willSkipItems(preview.skip.kpis)}</List.Item>}
        </List>
      ) : (
        <List spacing={4} size="sm" aria-label={t.previewTitle}>
          <List.Item>{t.willCreate(preview.create.kpis, preview.create.values)}</List.Item>
          {preview.merge.kpis > 0 && <List.Item>{t.willMerge(preview.merge.kpis, preview.merge.values)}</List.Item>}
          {preview.skip.kpis > 0 && <List.Item>{t.willSkip(preview.skip.kpis)}</List.Item>}
          {preview.weeks.first && preview.weeks.last && (
            <List.Item>
              {(preview.kind === 'ninety-scorecard-monthly' ? t.monthsRange : t.weeksRange)(
                preview.weeks.first,
                preview.weeks.last,
                preview.weeks.count,
              )}
            </List.Item>
          )}
        </List>
      )}

      {preview.people.length > 0 && (
        <Stack gap="xs">
          <Title order={4} size="h6">
            {t.peopleTitle}
          </Title>
          {preview.people.map((person) => (
            <Group key={person.source} gap="sm" align="flex-end" wrap="wrap">
              <Stack gap={0} style={{ minWidth: 160, flex: '1 1 160px' }}>
                <Text size="sm" fw={600}>
                  {person.source}
                </Text>
                <Text size="xs" c={person.matched || person.invite ? 'dimmed' : 'red.9'}>
                  {person.matched
                    ? `${t.peopleMatched} · ${t.rowsOf(person.rows)}`
                    : `${person.invite ? t.invitedBadge : t.peopleUnmatched} · ${t.rowsOf(person.rows)}`}
                </Text>
              </Stack>
              <Select
                style={{ flex: '1 1 220px' }}
                label={t.personMapLabel(person.source)}
                data={optionsFor(person.source, person.matched !== null)}
                value={person.invite ? INVITE : (person.assigned?.id ?? UNASSIGNED)}
                onChange={(value) => onMapPerson(person.source, value || null)}
                allowDeselect={false}
                disabled={disabled}
              />
            </Group>
          ))}
        </Stack>
      )}

      {preview.errorCount > 0 && (
        <Alert color="red" variant="light" title={t.errorsTitle}>
          <Stack gap="xs">
            <Text size="sm">{t.errorsHint}</Text>
            <Table.ScrollContainer minWidth={300}>
              <Table striped withTableBorder fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={70}>{t.columnRow}</Table.Th>
                    <Table.Th>{t.columnReason}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.errors.map((error) => (
                    <Table.Tr key={`${error.row}-${error.reason}`}>
                      <Table.Td>{error.row}</Table.Td>
                      <Table.Td>{error.reason}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Checkbox
              label={t.skipErrorsLabel}
              checked={skipInvalid}
              onChange={(event) => onSkipInvalid(event.currentTarget.checked)}
              disabled={disabled}
            />
          </Stack>
        </Alert>
      )}

      {preview.notes.length > 0 && (
        <Stack gap={4}>
          <Title order={4} size="h6">
            {t.warningsTitle}
          </Title>
          <List size="sm" spacing={2}>
            {preview.notes.map((note) => (
              <List.Item key={`${note.row}-${note.reason}`}>
                {note.row > 1 ? `${t.columnRow} ${note.row}: ` : ''}
                {note.reason}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}

      {preview.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.previewNothing}
        </Text>
      ) : (
        <Stack gap={4}>
          <Title order={4} size="h6">
            {generic
              ? t.itemsTitleOf(t.itemNames[preview.kind] ?? '')
              : board
                ? t.cardsTitle
                : workbook
                  ? preview.kind === 'ninety-rocks'
                    ? t.goalsTitle
                    : t.issuesTitle
                  : t.itemsTitle}
          </Title>
          <Table.ScrollContainer minWidth={520}>
            <Table striped withTableBorder fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={60}>{t.columnRow}</Table.Th>
                  <Table.Th>{preview.kind === 'csv-people' ? t.columnEmail : t.columnTitle}</Table.Th>
                  {grouped && <Table.Th>{groupTitle}</Table.Th>}
                  <Table.Th>{preview.kind === 'csv-people' ? t.columnName : t.columnOwner}</Table.Th>
                  {!grouped && <Table.Th>{t.columnGoal}</Table.Th>}
                  {!generic && <Table.Th>{board ? t.columnParts : t.columnValues}</Table.Th>}
                  <Table.Th>{t.columnAction}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.items.map((item) => (
                  <Table.Tr key={item.row}>
                    <Table.Td>{item.row}</Table.Td>
                    <Table.Td>{item.title}</Table.Td>
                    {grouped && <Table.Td>{item.group}</Table.Td>}
                    <Table.Td>{item.owner}</Table.Td>
                    {!grouped && <Table.Td>{goalText(item)}</Table.Td>}
                    {!generic && <Table.Td>{item.values}</Table.Td>}
                    <Table.Td>
                      <Badge variant="light" color={actionColour[item.action]}>
                        {actionLabel[item.action]}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Stack>
  );
};
