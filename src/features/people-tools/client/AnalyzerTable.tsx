import { Badge, Button, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { fullName } from '../../../shared/person.ts';
import { analyzerMessages as m } from '../people-tools.messages.ts';
import type {
  AnalyzerTable as AnalyzerData,
  AnalyzerRow,
  AnalyzerVerdict,
  RATINGS,
  RatePerson,
} from '../people-tools.schemas.ts';

// The People Analyzer's grid: a row per person, a column per core value and G, W, C. Each cell
// is a button that steps to the next answer; its text says the answer, the colour only repeats it.

type Mark = (typeof RATINGS)[number];
type GwcKey = 'getsIt' | 'wantsIt' | 'capacity';

const MARK_CYCLE: (Mark | null)[] = [null, '+', '+/-', '-'];
const GWC_CYCLE: (boolean | null)[] = [null, true, false];
const next = <T,>(cycle: T[], current: T) => cycle[(cycle.indexOf(current) + 1) % cycle.length] as T;

// Light backgrounds under near-black text: every pair is well above 4.5:1.
const TONES = {
  good: 'var(--mantine-color-green-2)',
  mixed: 'var(--mantine-color-yellow-2)',
  bad: 'var(--mantine-color-red-2)',
  none: 'var(--mantine-color-gray-1)',
} as const;

const markText = (mark: Mark | null) =>
  mark === '+' ? m.markPlus : mark === '+/-' ? m.markMixed : mark === '-' ? m.markMinus : '·';
const markTone = (mark: Mark | null) =>
  mark === '+' ? TONES.good : mark === '+/-' ? TONES.mixed : mark === '-' ? TONES.bad : TONES.none;
const markName = (mark: Mark | null) => (mark ? (m.markName[mark] ?? mark) : m.notRated);
const gwcText = (answer: boolean | null) => (answer === true ? m.yes : answer === false ? m.no : '·');
const gwcTone = (answer: boolean | null) => (answer === true ? TONES.good : answer === false ? TONES.bad : TONES.none);

const Cell = ({
  text,
  tone,
  label,
  pending,
  onClick,
}: {
  text: string;
  tone: string;
  label: string;
  pending: boolean;
  onClick: () => void;
}) => (
  <UnstyledButton
    onClick={onClick}
    aria-label={label}
    aria-busy={pending || undefined}
    className="cadence-analyzer-cell"
    style={{
      background: tone,
      color: 'var(--mantine-color-black)',
      borderRadius: 'var(--mantine-radius-sm)',
      minWidth: 44,
      minHeight: 36,
      padding: '4px 8px',
      fontWeight: 700,
      textAlign: 'center',
      width: '100%',
      opacity: pending ? 0.6 : 1,
    }}
  >
    {text}
  </UnstyledButton>
);

/** The flag: shown to the manager and admins only (nobody else receives the row at all). */
export const VerdictBadge = ({ verdict, bar }: { verdict: AnalyzerVerdict; bar: AnalyzerData['bar'] }) => {
  if (verdict.belowBar) {
    const reasons = verdict.reasons.map((reason) =>
      reason === 'minus'
        ? m.reasonMinus(verdict.minus, bar.maxMinus)
        : reason === 'plus'
          ? m.reasonPlus(verdict.plus, bar.minPlus)
          : m.reasonGwc,
    );
    return (
      <Stack gap={2} align="flex-start">
        <Badge color="red.9" variant="filled" radius="sm">
          {m.belowBar}
        </Badge>
        <Text size="xs" c="gray.8">
          {reasons.join(' · ')}
        </Text>
      </Stack>
    );
  }
  if (!verdict.complete)
    return (
      <Text size="xs" c="gray.7">
        {m.incomplete}
      </Text>
    );
  return (
    <Badge color="teal.9" variant="outline" radius="sm">
      {m.meetsBar}
    </Badge>
  );
};

export const AnalyzerTable = ({
  table,
  pendingKey,
  onRate,
  onHistory,
}: {
  table: AnalyzerData;
  /** The cell being saved ('personId:field'), dimmed until the answer arrives. */
  pendingKey: string | null;
  onRate: (row: AnalyzerRow, input: RatePerson, key: string) => void;
  onHistory: (row: AnalyzerRow) => void;
}) => {
  const gwc: { key: GwcKey; short: string; full: string }[] = [
    { key: 'getsIt', short: m.gets, full: m.getsIt },
    { key: 'wantsIt', short: m.wants, full: m.wantsIt },
    { key: 'capacity', short: m.capacity, full: m.capacityFull },
  ];
  return (
    <Table.ScrollContainer minWidth={190 + table.coreValues.length * 80 + 3 * 56} type="native">
      <Table withTableBorder withColumnBorders verticalSpacing={6} horizontalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{m.person}</Table.Th>
            {table.coreValues.map((value) => (
              <Table.Th key={value.id} scope="col" style={{ minWidth: 64 }}>
                <Text size="xs" fw={700} lineClamp={3} title={value.description || value.title}>
                  {value.title}
                </Text>
              </Table.Th>
            ))}
            {gwc.map((column) => (
              <Table.Th key={column.key} scope="col" style={{ width: 56 }}>
                <abbr title={column.full} style={{ textDecoration: 'none' }}>
                  {column.short}
                </abbr>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.items.map((row) => {
            const name = fullName(row.person);
            return (
              <Table.Tr key={row.person.id} data-below-bar={row.verdict.belowBar || undefined}>
                <Table.Th scope="row" style={{ fontWeight: 400, minWidth: 170 }}>
                  <Stack gap={4} align="flex-start">
                    <Group gap={6} wrap="nowrap">
                      <Text fw={600} size="sm">
                        {name}
                      </Text>
                      <Button
                        variant="subtle"
                        size="compact-xs"
                        leftSection={<IconHistory size={14} />}
                        onClick={() => onHistory(row)}
                        aria-label={m.historyOf(name)}
                      >
                        {m.history}
                      </Button>
                    </Group>
                    {row.manager && (
                      <Text size="xs" c="gray.7">
                        {m.managedBy(fullName(row.manager))}
                      </Text>
                    )}
                    <VerdictBadge verdict={row.verdict} bar={table.bar} />
                  </Stack>
                </Table.Th>
                {table.coreValues.map((value) => {
                  const mark = (row.rating?.values[value.id] ?? null) as Mark | null;
                  const key = `${row.person.id}:${value.id}`;
                  return (
                    <Table.Td key={value.id}>
                      <Cell
                        text={markText(mark)}
                        tone={markTone(mark)}
                        label={m.cellLabel(name, value.title, markName(mark))}
                        pending={pendingKey === key}
                        onClick={() => onRate(row, { values: { [value.id]: next(MARK_CYCLE, mark) } }, key)}
                      />
                    </Table.Td>
                  );
                })}
                {gwc.map((column) => {
                  const answer = row.rating?.[column.key] ?? null;
                  const key = `${row.person.id}:${column.key}`;
                  return (
                    <Table.Td key={column.key}>
                      <Cell
                        text={gwcText(answer)}
                        tone={gwcTone(answer)}
                        label={m.cellLabel(name, column.full, answer === null ? m.notRated : gwcText(answer))}
                        pending={pendingKey === key}
                        onClick={() => onRate(row, { [column.key]: next(GWC_CYCLE, answer) }, key)}
                      />
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
