import { Tooltip, VisuallyHidden } from '@mantine/core';
import { kpisMessages } from '../../kpis.messages.ts';
import type { ScorecardCell, ScorecardRow } from '../../kpis.schemas.ts';
import { cellText, displayedText, reasonText } from '../kpis.format.ts';

// A formula measurable's cell (docs/decisions/105): computed by the server, read-only. Without
// a value it shows a dash and says why (an empty input, a division by zero, a deleted input)
// as its label and tooltip, never 0. Coloured by the goal like an entered value.

export const FormulaCell = ({
  row,
  cell,
  displayed,
  dateLabel,
  current,
}: {
  row: ScorecardRow;
  cell: ScorecardCell | null;
  /** The running total or rolling average shown in place of the value, when the row has one. */
  displayed: number | null | undefined;
  dateLabel: string;
  current: boolean;
}) => {
  const met = cell?.met ?? null;
  const colour = met === true ? 'teal' : met === false ? 'red' : undefined;
  const label = kpisMessages.kpiCellLabel(row.title, dateLabel);
  const measured = cell?.measured ?? null;
  const reason = cell?.reason ?? (measured === null ? 'missingInput' : null);
  const text = displayed !== undefined ? displayedText(displayed, row) : cellText(measured, row);
  return (
    <td
      className="kpi-cell"
      data-current={current || undefined}
      data-met={met === true ? 'met' : met === false ? 'missed' : 'none'}
      data-testid="kpi-formula-cell"
    >
      <div className="kpi-cell-inner" data-colour={colour}>
        {reason === null ? (
          <span className="kpi-cell-value" title={label}>
            {text}
          </span>
        ) : (
          <Tooltip label={reasonText(reason)} withArrow multiline maw={240}>
            <span className="kpi-cell-value kpi-cell-reason" data-reason={reason}>
              <span aria-hidden>–</span>
              <VisuallyHidden>{`${label}: ${reasonText(reason)}`}</VisuallyHidden>
            </span>
          </Tooltip>
        )}
      </div>
    </td>
  );
};
