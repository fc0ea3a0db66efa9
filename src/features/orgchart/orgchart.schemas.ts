import { z } from 'zod';
import {
  ORG_CHART_MAX_ROWS,
  PAPER_SIZES,
  SEAT_DESCRIPTION_LINES_MAX,
  SEAT_LINE_MAX,
  SEAT_NUMBER_MAX,
  SEAT_NUMBER_MIN,
  SEAT_USERS_MAX,
} from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import { ZPersonSummary } from '../../shared/person.ts';
import { hexColour, requiredText } from '../../shared/validation.ts';
import { orgchartMessages } from './orgchart.messages.ts';

// The org chart's wire format (document 2 §3 "Org chart node", §5, §7 getOrgChart/saveOrgChart).

/** A seat's person: the person summary (disabled in the workspace shows as deleted too). */
export const ZSeatUser = ZPersonSummary.meta({ id: 'SeatUser' });
export type SeatUser = z.infer<typeof ZSeatUser>;

/** A seat (the spec's org chart node). */
export const ZSeat = z
  .object({
    id: z.string(),
    parentId: z.string().nullable(),
    row: z.number(),
    seatNumber: z.number(),
    color: z.string(),
    jobTitle: z.string(),
    /** The seat's responsibilities, one per line. */
    description: z.array(z.string()),
    /** Someone in the seat who is not a user (yet). */
    firstName: z.string(),
    lastName: z.string(),
    image: z.string().nullable(),
    /** The spec's coworkers: the workspace users in the seat. */
    coworkers: z.array(z.string()),
    users: z.array(ZSeatUser),
    changedAt: z.string(),
    changedBy: z.string().nullable(),
  })
  .meta({ id: 'Seat' });
export type Seat = z.infer<typeof ZSeat>;

/** The whole chart: it is bounded (20 rows of 20 seats), so it travels as one document. */
export const ZOrgChart = z
  .object({
    seats: z.array(ZSeat),
    /** Whether the caller may add, edit, move and delete seats (workspace admins). */
    canEdit: z.boolean(),
  })
  .meta({ id: 'OrgChart' });
export type OrgChart = z.infer<typeof ZOrgChart>;

const row = z
  .number({ error: (issue) => (issue.input === undefined ? messages.required : orgchartMessages.seatRowRange) })
  .int({ error: orgchartMessages.seatRowRange })
  .min(1, { error: orgchartMessages.seatRowRange })
  .max(ORG_CHART_MAX_ROWS, { error: orgchartMessages.seatRowRange });
const seatNumber = z
  .number({ error: (issue) => (issue.input === undefined ? messages.required : orgchartMessages.seatNumberRange) })
  .int({ error: orgchartMessages.seatNumberRange })
  .min(SEAT_NUMBER_MIN, { error: orgchartMessages.seatNumberRange })
  .max(SEAT_NUMBER_MAX, { error: orgchartMessages.seatNumberRange });
const line = z.string().max(SEAT_LINE_MAX, { error: messages.tooLong(SEAT_LINE_MAX) });
const name = z
  .string()
  .trim()
  .max(100, { error: messages.tooLong(100) });

const seatFields = {
  parentId: z.uuid({ error: messages.notFound }).nullable().optional(),
  color: hexColour().optional(),
  description: z
    .array(line)
    .max(SEAT_DESCRIPTION_LINES_MAX, { error: messages.tooLong(SEAT_DESCRIPTION_LINES_MAX) })
    .optional(),
  firstName: name.optional(),
  lastName: name.optional(),
  coworkers: z
    .array(z.uuid({ error: messages.notFound }))
    .max(SEAT_USERS_MAX)
    .optional(),
};

/** `POST org-chart/seats` (Add Seat). */
export const ZCreateSeat = z.object({
  row,
  seatNumber,
  jobTitle: requiredText(100),
  ...seatFields,
});
export type CreateSeat = z.infer<typeof ZCreateSeat>;

/** `PATCH org-chart/seats/{id}` (Edit Seat, or a move: row and seat number). */
export const ZUpdateSeat = z.object({
  row: row.optional(),
  seatNumber: seatNumber.optional(),
  jobTitle: requiredText(100).optional(),
  ...seatFields,
});
export type UpdateSeat = z.infer<typeof ZUpdateSeat>;

export const ZExportQuery = z.object({
  paper: z.enum(PAPER_SIZES).default('A4'),
});
