import { PAGE_POINTS, type PdfContent, type PdfDocument, renderPdf, workspaceHeading } from '../../../server/pdf.ts';
import { orgchartMessages } from '../orgchart.messages.ts';
import { seatPeople } from '../orgchart.names.ts';
import type { Seat } from '../orgchart.schemas.ts';

// The org chart as a PDF: the used part of the grid (rows × seat numbers) scaled to fit one
// landscape page of the chosen paper, each seat a box in its colour with its title, its people
// and its responsibilities, and a line from each parent down to its children.

const MARGIN = 28;
const HEADING = 52;

export const orgChartPdf = (
  workspace: { name: string; iconLogo: string | null; logoLeftOut?: boolean },
  seats: Seat[],
  paper: 'A4' | 'LETTER',
  images: Map<string, string>,
  /** Pictures that do not decode, left out (the heading says so). */
  leftOut = 0,
): Promise<Buffer> => {
  const page = PAGE_POINTS[paper];
  const width = page.height - 2 * MARGIN;
  const height = page.width - 2 * MARGIN - HEADING;
  const columns = seats.map((seat) => seat.seatNumber);
  const firstColumn = Math.min(...columns);
  const columnCount = Math.max(...columns) - firstColumn + 1;
  const rows = seats.map((seat) => seat.row);
  const firstRow = Math.min(...rows);
  const rowCount = Math.max(...rows) - firstRow + 1;
  const cellWidth = width / columnCount;
  const cellHeight = height / rowCount;
  const boxWidth = Math.min(cellWidth * 0.9, 150);
  const boxHeight = Math.min(cellHeight * 0.72, 80);
  const fontSize = Math.max(4, Math.min(10, boxWidth / 13, boxHeight / 6));
  const top = MARGIN + HEADING;
  const boxOf = (seat: Seat) => {
    const x = MARGIN + (seat.seatNumber - firstColumn) * cellWidth + (cellWidth - boxWidth) / 2;
    const y = top + (seat.row - firstRow) * cellHeight + (cellHeight - boxHeight) / 2;
    return { x, y };
  };
  const byId = new Map(seats.map((seat) => [seat.id, seat]));
  const shapes: Record<string, unknown>[] = [];
  // Lines first, so the boxes cover their ends: down from the parent, across, down to the child.
  for (const seat of seats) {
    const parent = seat.parentId ? byId.get(seat.parentId) : undefined;
    if (!parent) continue;
    const from = boxOf(parent);
    const to = boxOf(seat);
    const x1 = from.x + boxWidth / 2 - MARGIN;
    const y1 = from.y + boxHeight - top;
    const x2 = to.x + boxWidth / 2 - MARGIN;
    const y2 = to.y - top;
    const middle = y1 < y2 ? y1 + (y2 - y1) / 2 : y2 - 6;
    shapes.push({
      type: 'polyline',
      points: [
        { x: x1, y: y1 },
        { x: x1, y: middle },
        { x: x2, y: middle },
        { x: x2, y: y2 },
      ],
      lineWidth: 0.8,
      lineColor: '#868E96',
    });
  }
  for (const seat of seats) {
    const { x, y } = boxOf(seat);
    shapes.push({
      type: 'rect',
      x: x - MARGIN,
      y: y - top,
      w: boxWidth,
      h: boxHeight,
      r: 3,
      color: seat.color,
      fillOpacity: 0.35,
      lineColor: seat.color,
      lineWidth: 1,
    });
    shapes.push({ type: 'rect', x: x - MARGIN, y: y - top, w: boxWidth, h: 3, color: seat.color });
  }
  const labels: PdfContent[] = seats.map((seat) => {
    const { x, y } = boxOf(seat);
    const names = seatPeople(seat);
    const image = images.get(seat.id);
    const pad = Math.min(4, boxWidth / 20);
    const text: PdfContent[] = [
      { text: seat.jobTitle, bold: true, fontSize },
      {
        text: names.length > 0 ? names.join(', ') : orgchartMessages.seatVacant,
        fontSize: fontSize * 0.9,
        color: '#333333',
      },
      ...seat.description
        .slice(0, 6)
        .map((line) => ({ text: `• ${line}`, fontSize: fontSize * 0.8, color: '#444444' })),
    ];
    return {
      absolutePosition: { x: x + pad, y: y + pad + 2 },
      columns: [
        ...(image ? [{ image, fit: [fontSize * 3, fontSize * 3], width: fontSize * 3.4 }] : []),
        { width: boxWidth - 2 * pad - (image ? fontSize * 3.4 : 0), stack: text },
      ],
    };
  });
  const doc: PdfDocument = {
    pageSize: paper,
    pageOrientation: 'landscape',
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN],
    info: { title: `${workspace.name} — ${orgchartMessages.orgChartTitle}` },
    content: [
      ...workspaceHeading(workspace, orgchartMessages.orgChartTitle, width, leftOut),
      { canvas: shapes, absolutePosition: { x: MARGIN, y: top } },
      ...labels,
    ],
  };
  return renderPdf(doc);
};
