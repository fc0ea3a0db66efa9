import { z } from 'zod';
import { KPI_NOTE_MAX, KPI_VALUE_MAX } from '../../shared/kpis.ts';
import { messages } from '../../shared/messages.ts';
import { ZIsoDate } from '../../shared/validation.ts';
import { kpiFeedMessages } from './kpi-feeds.messages.ts';

/** A fed KPI's feed as its managers see it (decision 119); the secret is never read back. */
export const ZFeedStatus = z
  .object({
    /** Where the other system posts values. */
    url: z.string(),
    createdAt: z.string(),
    /** When the current secret was made: an older one no longer signs. */
    secretSetAt: z.string(),
    lastReceivedAt: z.string().nullable(),
  })
  .meta({ id: 'KpiFeed' });
export type FeedStatus = z.infer<typeof ZFeedStatus>;

export const ZFeedWithSecret = ZFeedStatus.extend({
  /** Shown in this answer only. */
  secret: z.string(),
}).meta({ id: 'KpiFeedWithSecret' });
export type FeedWithSecret = z.infer<typeof ZFeedWithSecret>;

/**
 * What another system posts to `/kpi-feeds/{id}`: the value for the week holding `date`. The value
 * is read by the KPI's type (a number; minutes or `1:30` for time; 1/0 or yes/no for yes/no).
 */
export const ZFeedPush = z.strictObject({
  date: ZIsoDate,
  value: z.union([
    z.number({ error: kpiFeedMessages.invalidValue }).finite(),
    z
      .string()
      .trim()
      .min(1, { error: messages.required })
      .max(KPI_VALUE_MAX * 2, { error: kpiFeedMessages.invalidValue }),
  ]),
  note: z
    .string()
    .trim()
    .max(KPI_NOTE_MAX, { error: messages.tooLong(KPI_NOTE_MAX) })
    .nullish(),
});
export type FeedPush = z.infer<typeof ZFeedPush>;

/** What a push did: the column it landed in and whether the cell shows it. */
export const ZPushedValue = z
  .object({
    /** The column's date: the meeting date (weekly), or the month's or quarter's first day. */
    onDate: z.string(),
    /** The meeting date's session (weekly KPIs); null for a month or quarter. */
    sessionId: z.string().nullable(),
    /** The value as stored (a normalised decimal). */
    measured: z.string(),
    /** False when a person entered that cell: their value stays, overriding the fed one. */
    applied: z.boolean(),
  })
  .meta({ id: 'KpiPushedValue' });
export type PushedValue = z.infer<typeof ZPushedValue>;
