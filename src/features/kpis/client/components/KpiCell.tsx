import { ActionIcon, Tooltip } from '@mantine/core';
import { IconNote, IconPencil, IconPlugConnected } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { KPI_INPUT_DEBOUNCE_MS, KPI_VALUE_MAX, normaliseKpiValueAs } from '../../../../shared/kpis.ts';
import { kpiFeedMessages } from '../../kpi-feeds.messages.ts';
import { invalidValueMessage, kpisMessages } from '../../kpis.messages.ts';
import type { ScorecardCell, ScorecardRow } from '../../kpis.schemas.ts';
import { cellText, displayedText, draftMet, typedKpiValue, typedTarget } from '../kpis.format.ts';
import { useSaveCell } from '../kpis.queries.ts';

// One measured value of the scorecard (document 2 §4): typing keeps numbers only (commas
// removed, a leading '.' gets '0'); the value is saved on blur when it changed and 5000 ms
// after the last keystroke. Green when it meets the goal, else red; once coloured, a pencil
// opens "Add Note" / "Edit Note". While the cell has the focus it shows the person's draft,
// so a value arriving from someone else never overwrites what they are typing. A yes/no cell is
// a choice (Yes, No, nothing) saved at once; a time cell takes a duration ('1:30', '90m').

export const KpiCell = ({
  meetingId,
  row,
  sessionId,
  sessionDate,
  cell,
  displayed,
  dateLabel,
  canEdit,
  current,
  onNote,
}: {
  meetingId: string;
  row: ScorecardRow;
  sessionId: string;
  /** The date, for the goal in force then (temporary goals). */
  sessionDate: string;
  /** null: nothing entered yet. */
  cell: ScorecardCell | null;
  /** The running total or rolling average shown in place of the value (the row's display); editing shows the value. */
  displayed?: number | null;
  dateLabel: string;
  canEdit: boolean;
  current: boolean;
  onNote: () => void;
}) => {
  const measured = cell?.measured ?? null;
  const note = cell?.note ?? null;
  const save = useSaveCell(meetingId);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The value last known to be on the server (or on its way there): a save only sends changes.
  const baseline = useRef<string | null>(measured);
  const saveRef = useRef<(text: string) => void>(() => {});

  const commit = (text: string) => {
    clearTimeout(timer.current);
    const normalised = normaliseKpiValueAs(row.type, text);
    if (normalised === undefined || (normalised !== null && normalised.length > KPI_VALUE_MAX)) {
      setError(invalidValueMessage(row.type));
      return;
    }
    setError(null);
    if (normalised === baseline.current) return;
    baseline.current = normalised;
    save.mutate(
      { scoreId: row.id, sessionId, frequency: row.frequency, body: { measured: normalised } },
      {
        onError: (failure) => {
          baseline.current = measured;
          setError(errorText(failure));
        },
      },
    );
  };
  saveRef.current = commit;

  // A pending debounce still saves when the cell goes away (a range change, a regroup).
  const pendingText = useRef('');
  /** A press on the cell that is focusing it (not one placing the caret in a focused cell). */
  const focusingPress = useRef(false);
  /** The focused input, to select once its draft is in it. */
  const selectOnDraft = useRef<HTMLInputElement | null>(null);
  // As a spreadsheet's cell: typing replaces the value. Selected in the commit that puts the draft
  // (the raw value, not the formatted one) in the input, before the browser handles another key:
  // a key typed right after the click must not land beside the old value.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after the commit that puts the draft in
  useLayoutEffect(() => {
    const input = selectOnDraft.current;
    selectOnDraft.current = null;
    if (input && document.activeElement === input) input.select();
  }, [draft]);
  useEffect(
    () => () => {
      if (timer.current === undefined) return;
      clearTimeout(timer.current);
      saveRef.current(pendingText.current);
    },
    [],
  );

  const label = kpisMessages.kpiCellLabel(row.title, dateLabel);
  const pendingValue = save.isPending ? (save.variables?.body.measured ?? null) : undefined;
  const shownValue = pendingValue !== undefined ? pendingValue : measured;
  const met =
    draft !== null
      ? draftMet(row, draft, sessionDate)
      : pendingValue !== undefined
        ? draftMet(row, pendingValue ?? '', sessionDate)
        : (cell?.met ?? null);
  const colour = met === true ? 'teal' : met === false ? 'red' : null;
  const state = met === true ? 'met' : met === false ? 'missed' : 'none';
  const hasNote = Boolean(note);
  const text =
    displayed !== undefined && pendingValue === undefined ? displayedText(displayed, row) : cellText(shownValue, row);

  // A fed KPI's cell says where its value came from (decision 119).
  const source = cell?.source;
  const sourceText =
    source === 'feed'
      ? kpiFeedMessages.fromFeed
      : source === 'override'
        ? kpiFeedMessages.overrides(cellText(cell?.fedValue ?? null, row))
        : null;
  const sourceMark = sourceText && (
    <Tooltip label={sourceText} withArrow multiline maw={260}>
      <span className="kpi-source-mark" data-source={source} role="img" aria-label={sourceText}>
        <IconPlugConnected size={10} aria-hidden />
      </span>
    </Tooltip>
  );

  if (!canEdit) {
    return (
      <td className="kpi-cell" data-current={current || undefined} data-met={state}>
        <div className="kpi-cell-inner" data-colour={colour ?? undefined}>
          <span className="kpi-cell-value" title={label}>
            {text}
          </span>
          {hasNote && (
            <Tooltip label={note} withArrow multiline maw={280}>
              <IconNote size={14} className="kpi-note-mark" aria-label={`${kpisMessages.kpiNoteLabel}: ${note}`} />
            </Tooltip>
          )}
          {sourceMark}
        </div>
      </td>
    );
  }

  const noteButton = colour && (
    <Tooltip label={hasNote ? note : kpisMessages.kpiAddNote} withArrow multiline maw={280}>
      <ActionIcon
        size="xs"
        variant={hasNote ? 'filled' : 'subtle'}
        color={hasNote ? 'gray' : colour}
        className="kpi-note-button"
        data-has-note={hasNote || undefined}
        aria-label={kpisMessages.kpiNoteFor(hasNote ? 'edit' : 'add', row.title, dateLabel)}
        onClick={onNote}
      >
        {hasNote ? <IconNote size={12} /> : <IconPencil size={12} />}
      </ActionIcon>
    </Tooltip>
  );

  if (row.type === 'yesno' && displayed === undefined) {
    return (
      <td className="kpi-cell" data-current={current || undefined} data-met={state}>
        <div className="kpi-cell-inner" data-colour={colour ?? undefined}>
          <Tooltip label={error ?? ''} disabled={!error} opened={error ? undefined : false} color="red" withArrow>
            <select
              className="kpi-cell-input kpi-cell-select"
              aria-label={label}
              aria-invalid={error ? true : undefined}
              value={shownValue ?? ''}
              onChange={(event) => commit(event.currentTarget.value)}
            >
              {/* A dash in the narrow cell; read out as "No answer". */}
              <option value="" aria-label={kpisMessages.kpiNoAnswer}>
                –
              </option>
              <option value="1">{kpisMessages.kpiYes}</option>
              <option value="0">{kpisMessages.kpiNo}</option>
            </select>
          </Tooltip>
          {noteButton}
          {sourceMark}
        </div>
      </td>
    );
  }

  return (
    <td className="kpi-cell" data-current={current || undefined} data-met={state}>
      <div className="kpi-cell-inner" data-colour={colour ?? undefined}>
        <Tooltip label={error ?? ''} disabled={!error} opened={error ? undefined : false} color="red" withArrow>
          <input
            className="kpi-cell-input"
            aria-label={label}
            aria-invalid={error ? true : undefined}
            inputMode={row.type === 'time' ? 'text' : 'decimal'}
            autoComplete="off"
            value={draft ?? text}
            onFocus={(event) => {
              // A value still on its way to the server counts as the cell's value.
              baseline.current = shownValue;
              selectOnDraft.current = event.currentTarget;
              setDraft(shownValue === null ? '' : typedTarget(shownValue, row.type));
            }}
            onMouseDown={(event) => {
              focusingPress.current = document.activeElement !== event.currentTarget;
            }}
            onMouseUp={(event) => {
              // The click that focused the cell must not turn the selection back into a caret,
              // however late its release comes on a busy device.
              if (focusingPress.current) event.preventDefault();
              focusingPress.current = false;
            }}
            onChange={(event) => {
              // A duration keeps what a duration can hold ('1h 30m'); a number only digits.
              const typed =
                row.type === 'time'
                  ? event.currentTarget.value.replace(/[^\dhmin: .]/gi, '')
                  : typedKpiValue(event.currentTarget.value);
              setDraft(typed);
              pendingText.current = typed;
              clearTimeout(timer.current);
              timer.current = setTimeout(() => {
                timer.current = undefined;
                saveRef.current(typed);
              }, KPI_INPUT_DEBOUNCE_MS);
            }}
            onBlur={() => {
              focusingPress.current = false;
              if (draft !== null) commit(draft);
              timer.current = undefined;
              setDraft(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.currentTarget.blur();
              if (event.key === 'Escape') {
                clearTimeout(timer.current);
                timer.current = undefined;
                setDraft(measured === null ? '' : typedTarget(measured, row.type));
                setError(null);
              }
            }}
          />
        </Tooltip>
        {noteButton}
        {sourceMark}
      </div>
    </td>
  );
};
