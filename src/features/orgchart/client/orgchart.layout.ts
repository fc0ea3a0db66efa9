import { SEAT_NUMBER_MAX } from '../../../shared/constants.ts';
import type { Seat } from '../orgchart.schemas.ts';

// Where things are on the chart, in CSS pixels at 100 %: the page, the PNG export and the
// print layout all draw from these numbers.

export const CELL_WIDTH = 180;
export const CELL_HEIGHT = 136;
export const SEAT_WIDTH = 160;
export const SEAT_HEIGHT = 104;

/** `firstColumn`: the seat number shown leftmost. */
export const seatLeft = (seatNumber: number, firstColumn = 1) =>
  (seatNumber - firstColumn) * CELL_WIDTH + (CELL_WIDTH - SEAT_WIDTH) / 2;
export const seatTop = (row: number) => (row - 1) * CELL_HEIGHT + (CELL_HEIGHT - SEAT_HEIGHT) / 2;

/** Rows shown: the chart's, and one more below to move or add seats into (up to the maximum). */
export const rowsShown = (seats: Seat[], maxRows: number) =>
  Math.min(maxRows, Math.max(0, ...seats.map((seat) => seat.row)) + 1);

/** Seat numbers shown: the chart's, with one free column each side to move seats into. */
export const columnsShown = (seats: Seat[]) => {
  const numbers = seats.map((seat) => seat.seatNumber);
  const first = Math.max(1, Math.min(SEAT_NUMBER_MAX, ...numbers) - 1);
  const last = Math.min(SEAT_NUMBER_MAX, Math.max(1, ...numbers) + 1);
  return { first, last, count: last - first + 1 };
};

/**
 * The seat the chart opens on: the top row's seat without a parent (else the top row's seat
 * nearest its middle), so a chart wider than the screen — a phone's always — opens on its head.
 */
export const topSeat = (seats: Seat[]): Seat | undefined => {
  if (seats.length === 0) return undefined;
  const top = Math.min(...seats.map((seat) => seat.row));
  const row = seats.filter((seat) => seat.row === top).sort((a, b) => a.seatNumber - b.seatNumber);
  return row.find((seat) => seat.parentId === null) ?? row[Math.floor((row.length - 1) / 2)];
};

/** The scroll position that shows `seat` centred across and the chart's top, at `zoom`. */
export const scrollToSeat = (seat: Pick<Seat, 'seatNumber'>, firstColumn: number, zoom: number, viewWidth: number) => ({
  left: Math.max(0, (seatLeft(seat.seatNumber, firstColumn) + SEAT_WIDTH / 2) * zoom - viewWidth / 2),
  top: 0,
});

/** The line from a parent's bottom to a child's top, as SVG polyline points. */
export const linkPoints = (
  parent: Pick<Seat, 'row' | 'seatNumber'>,
  child: Pick<Seat, 'row' | 'seatNumber'>,
  firstColumn = 1,
) => {
  const x1 = seatLeft(parent.seatNumber, firstColumn) + SEAT_WIDTH / 2;
  const y1 = seatTop(parent.row) + SEAT_HEIGHT;
  const x2 = seatLeft(child.seatNumber, firstColumn) + SEAT_WIDTH / 2;
  const y2 = seatTop(child.row);
  const middle = y1 < y2 ? y1 + (y2 - y1) / 2 : y2 - (CELL_HEIGHT - SEAT_HEIGHT) / 4;
  return [
    [x1, y1],
    [x1, middle],
    [x2, middle],
    [x2, y2],
  ] as const;
};
