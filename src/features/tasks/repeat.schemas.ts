import { z } from 'zod';
import { ZIsoDate } from '../../shared/validation.ts';
import { tasksMessages } from './tasks.messages.ts';
import { MAX_OCCURRENCES, MAX_REPEAT_INTERVAL, REPEAT_ADVANCES, REPEAT_FREQUENCIES } from './tasks.repeat.ts';

// A repeating to-do's or card's rule on the wire (the rule itself: tasks.repeat.ts).

const ZRuleFields = {
  frequency: z.enum(REPEAT_FREQUENCIES),
  interval: z.int().min(1, { error: tasksMessages.repeatInterval }).max(MAX_REPEAT_INTERVAL, {
    error: tasksMessages.repeatInterval,
  }),
  weekdays: z.array(z.int().min(0).max(6)).max(7),
  monthDay: z.int().min(1).max(31).nullable(),
  endsOn: ZIsoDate.nullable(),
  count: z
    .int()
    .min(1, { error: tasksMessages.repeatCount })
    .max(MAX_OCCURRENCES, { error: tasksMessages.repeatCount })
    .nullable(),
  advance: z.enum(REPEAT_ADVANCES),
};

/** `PUT tasks/{id}/repeat`: the rule from this occurrence on; this card's content is what the next ones get. */
export const ZSetRepeat = z
  .object({
    ...ZRuleFields,
    interval: ZRuleFields.interval.default(1),
    weekdays: ZRuleFields.weekdays.default([]),
    monthDay: ZRuleFields.monthDay.default(null),
    endsOn: ZRuleFields.endsOn.default(null),
    count: ZRuleFields.count.default(null),
    advance: ZRuleFields.advance.default('done'),
  })
  .strict();
export type SetRepeat = z.infer<typeof ZSetRepeat>;

/** A card's series as the card dialog shows it; null on a card that does not repeat. */
export const ZTaskRepeat = z
  .object({
    seriesId: z.uuid(),
    ...ZRuleFields,
    startsOn: z.string(),
    /** The last date the end date or count allows; null: for ever. */
    lastOn: z.string().nullable(),
  })
  .meta({ id: 'TaskRepeat' });
export type TaskRepeat = z.infer<typeof ZTaskRepeat>;

/** Which occurrences an edit of a repeating card changes; "following" also changes what the next ones get. */
export const REPEAT_SCOPES = ['this', 'following'] as const;
