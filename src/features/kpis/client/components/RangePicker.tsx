import { ActionIcon, Group, Select, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import type { IsoDate } from '../../../../shared/dates.ts';
import { QUARTER_ID, shiftQuarter } from '../../../../shared/kpis.ts';
import { pickerWindow, quarterChoices } from '../../../quarters/client/quarters.format.ts';
import { useQuarters } from '../../../quarters/client/quarters.queries.ts';
import { kpisMessages } from '../../kpis.messages.ts';
import type { KpiRange } from '../kpis.format.ts';

// The scorecard's quarter picker and date-range picker (document 2 §2): choosing a quarter
// shows its dates in the range inputs; changing a date switches to that custom range. The
// quarters are the workspace's (the Quarters page): current and future ones, and the one shown;
// the arrows step into earlier ones (decision 056).

const ISO = /^\d{4}-\d{2}-\d{2}$/;

export const RangePicker = ({
  range,
  shown,
  today,
  onChange,
}: {
  range: KpiRange;
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

  return (
    <Group gap="xs" wrap="wrap" align="flex-start">
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
