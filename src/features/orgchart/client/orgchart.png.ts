import { saveBlob } from '../../../client/lib/download.ts';
import { messages } from '../../../shared/messages.ts';
import { orgchartMessages } from '../orgchart.messages.ts';
import { seatPeople } from '../orgchart.names.ts';
import type { Seat } from '../orgchart.schemas.ts';
import { CELL_HEIGHT, CELL_WIDTH, linkPoints, SEAT_HEIGHT, SEAT_WIDTH, seatLeft, seatTop } from './orgchart.layout.ts';

// Export PNG: the chart drawn from its data on a canvas (not a screenshot of the page), cropped
// to the used rows and seat numbers, at twice the CSS size so that it prints sharply.

const SCALE = 2;
const PAD = 24;

/** Text cut to `width` with an ellipsis. */
const clip = (context: CanvasRenderingContext2D, text: string, width: number) => {
  if (context.measureText(text).width <= width) return text;
  let cut = text;
  while (cut.length > 1 && context.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut}…`;
};

export const drawOrgChart = (seats: Seat[], title: string): HTMLCanvasElement => {
  const first = Math.min(...seats.map((s) => s.seatNumber));
  const last = Math.max(...seats.map((s) => s.seatNumber));
  const rows = Math.max(...seats.map((s) => s.row));
  const originX = (first - 1) * CELL_WIDTH - PAD;
  const originY = -PAD - 40;
  const width = (last - first + 1) * CELL_WIDTH + 2 * PAD;
  const height = rows * CELL_HEIGHT + 2 * PAD + 40;
  const canvas = document.createElement('canvas');
  canvas.width = width * SCALE;
  canvas.height = height * SCALE;
  const context = canvas.getContext('2d');
  if (!context) return canvas;
  context.scale(SCALE, SCALE);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#4263EB';
  context.font = 'bold 18px sans-serif';
  context.fillText(clip(context, title, width - 2 * PAD), PAD, PAD + 10);
  context.translate(-originX, -originY);
  const byId = new Map(seats.map((seat) => [seat.id, seat]));
  context.strokeStyle = '#868E96';
  context.lineWidth = 1.2;
  for (const seat of seats) {
    const parent = seat.parentId ? byId.get(seat.parentId) : undefined;
    if (!parent) continue;
    context.beginPath();
    for (const [index, [x, y]] of linkPoints(parent, seat).entries()) {
      if (index === 0) context.moveTo(x, y);
      else context.lineTo(x, y);
    }
    context.stroke();
  }
  for (const seat of seats) {
    const x = seatLeft(seat.seatNumber);
    const y = seatTop(seat.row);
    context.fillStyle = '#ffffff';
    context.beginPath();
    context.roundRect(x, y, SEAT_WIDTH, SEAT_HEIGHT, 6);
    context.fill();
    context.globalAlpha = 0.3;
    context.fillStyle = seat.color;
    context.fill();
    context.globalAlpha = 1;
    context.strokeStyle = seat.color;
    context.stroke();
    context.fillRect(x, y, SEAT_WIDTH, 4);
    const inner = SEAT_WIDTH - 16;
    context.fillStyle = '#1a1b1e';
    context.font = 'bold 13px sans-serif';
    context.fillText(clip(context, seat.jobTitle, inner), x + 8, y + 22);
    const people = seatPeople(seat);
    context.font = '12px sans-serif';
    context.fillStyle = '#343a40';
    context.fillText(
      clip(context, people.length ? people.join(', ') : orgchartMessages.seatVacant, inner),
      x + 8,
      y + 40,
    );
    context.font = '11px sans-serif';
    seat.description.slice(0, 4).forEach((line, index) => {
      context.fillText(clip(context, `• ${line}`, inner), x + 8, y + 58 + index * 15);
    });
  }
  return canvas;
};

export const exportOrgChartPng = (seats: Seat[], title: string) =>
  new Promise<void>((resolve, reject) => {
    drawOrgChart(seats, title).toBlob((blob) => {
      if (!blob) {
        reject(new Error(messages.exportFailed));
        return;
      }
      saveBlob(blob, 'org-chart.png');
      resolve();
    }, 'image/png');
  });
