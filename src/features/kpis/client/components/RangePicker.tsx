import { ActionIcon, Group, Select, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Segmented } from '../../../../client/ui/Segmented.tsx';
import type { IsoDate } from '../../../../shared/dates.ts';
import { KPI_DEFAULT_PERIODS, type KpiFrequency, QUARTER_ID, shiftQuarter } from '../../../../shared/kpis.ts';
import { pickerWindow, quarterChoices } from '../../../quarters/client/quarters.format.ts';
import { useQuarters } from '../../../quarters/client/quarters.queries.ts';
import { kpisMessages } from '../../kpis.messages.ts';
import { CURRENT_RANGE, type KpiRange } from '../kpis.format.ts';

// The scorecard's quarter picker and date-range picker (document 2 §2): choosing a quarter
// shows its dates in the range inputs; changing a date switches to that custom range. The
// quarters are the workspace's (the Quarters page): current and future ones, and the one shown;
// the arrows step into earlier ones (decision 056). "Last 4" and "Last 13" show the trailing
// meeting dates up to the current one instead (docs/decisions/106).

const ISO = /^\d{4}-\d{2}-\d{2}$/;

export const RangePicker = ({
  range,
  shown,
  today,
  frequency = 'weekly',
  onChange,
}: {
  range: KpiRange;
  /** Monthly and quarterly scorecards show the last 13 months or 5 quarters by default, and count periods. */
  frequency?: KpiFrequency;
  /** The range the server answered with (the current quarter's dates when none was asked). */
  shown: { quarterId: string | null; dateSince: IsoDate; dateUntil: IsoDate } | null;
  today: IsoDate;
  onChange: (range: KpiRange) => void;
}) => {
  const [draft, setDraft] = useState<{ since: string; until: string } | null>(null);
  const window = pickerWindow(today);
  const quarters = useQuarters(window.since, window.until);
  const quarterId =
    range.kind === 'quarter' ? range.quarterId : range.kind === 'current' ? (shown?.quarterId ?? null) : null;
  const since = draft?.since ?? (range.kind === 'dates' ? range.dateSince : (shown?.dateSince ?? ''));
  const until = draft?.until ?? (range.kind === 'dates' ? range.dateUntil : (shown?.dateUntil ?? ''));
  const ordered = !(ISO.test(since) && ISO.test(until)) || since <= until;

  const pickQuarter = (id: string | null) => {
    if (!id || !QUARTER_ID.test(id)) return;
    setDraft(null);
    onChange({ kind: 'quarter', quarterId: id });
  };
  const editDates = (next: { since: string; until: string }) => {
    setDraft(next);
    if (ISO.test(next.since) && ISO.test(next.until) && next.since <= next.until) {
      onChange({ kind: 'dates', dateSince: next.since, dateUntil: next.until });
      setDraft(null);
    }
  };

  const view = range.kind === 'trailing' ? range.periods : 'range';
  const viewControl = (
    <Segmented
      size="xs"
      aria-label={kpisMessages.kpiViewLabel}
      data={[
        {
          value: 'range',
          label:
            frequency === 'weekly'
              ? kpisMessages.kpiViewRange
              : kpisMessages.kpiViewPeriods(KPI_DEFAULT_PERIODS[frequency], frequency),
        },
        { value: '4', label: kpisMessages.kpiViewTrailing(4) },
        { value: '13', label: kpisMessages.kpiViewTrailing(13) },
      ]}
      value={view}
      onChange={(value) => {
        setDraft(null);
        onChange(value === '4' || value === '13' ? { kind: 'trailing', periods: value } : CURRENT_RANGE);
      }}
    />
  );
  if (range.kind === 'trailing')
    return (
      <Group gap="xs" wrap="wrap" align="center">
        {viewControl}
        <Text size="xs" c="dimmed">
          {frequency === 'weekly'
            ? kpisMessages.kpiViewTrailingLong(Number(range.periods))
            : kpisMessages.kpiViewPeriods(Number(range.periods), frequency)}
        </Text>
      </Group>
    );

  return (
    <Group gap="xs" wrap="wrap" align="flex-start">
      {viewControl}
      <Group gap={2} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={kpisMessages.kpiPreviousQuarter}
          disabled={!quarterId}
          onClick={() => quarterId && pickQuarter(shiftQuarter(quarterId, -1))}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
        <Select
          aria-label={kpisMessages.kpiQuarterLabel}
          placeholder={kpisMessages.kpiCustomRange}
          size="xs"
          w={240}
          maw="calc(100vw - 120px)"
          data={quarterChoices(today, quarters.data ?? [], quarterId)}
          value={quarterId}
          allowDeselect={false}
          onChange={pickQuarter}
          comboboxProps={{ withinPortal: true }}
        />
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={kpisMessages.kpiNextQuarter}
          disabled={!quarterId}
          onClick={() => quarterId && pickQuarter(shiftQuarter(quarterId, 1))}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <TextInput
          type="date"
          size="xs"
          aria-label={kpisMessages.kpiDateSince}
          value={since}
          onChange={(event) => editDates({ since: event.currentTarget.value, until })}
        />
        <Text size="xs" c="dimmed" pt={6} aria-hidden>
          –
        </Text>
        <TextInput
          type="date"
          size="xs"
          aria-label={kpisMessages.kpiDateUntil}
          value={until}
          onChange={(event) => editDates({ since, until: event.currentTarget.value })}
          error={ordered ? undefined : kpisMessages.kpiRangeOrder}
        />
      </Group>
    </Group>
  );
};
