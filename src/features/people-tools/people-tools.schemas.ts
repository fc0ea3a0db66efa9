import { z } from 'zod';
import { messages } from '../../shared/messages.ts';
import { ZPersonSummary } from '../../shared/person.ts';
import { isoDate, requiredText } from '../../shared/validation.ts';
import { analyzerMessages, peopleToolsMessages } from './people-tools.messages.ts';

// The people tools' wire format: core values, reporting lines, 1:1s and conversations.

export const CORE_VALUES_MAX = 20;
export const NOTES_MAX = 20_000;
export const PAGE_MAX = 100;

const id = () => z.uuid({ error: messages.notFound });
const text = (max: number) => z.string().max(max, { error: messages.tooLong(max) });

export const ZPage = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(25),
});

// Core values

export const ZCoreValue = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    sort: z.number(),
    retired: z.boolean(),
  })
  .meta({ id: 'CoreValue' });
export type CoreValue = z.infer<typeof ZCoreValue>;

export const ZCoreValues = z.object({ values: z.array(ZCoreValue), canEdit: z.boolean() }).meta({ id: 'CoreValues' });
export type CoreValues = z.infer<typeof ZCoreValues>;

export const ZCreateCoreValue = z.object({ title: requiredText(100), description: text(1000).default('') });
export type CreateCoreValue = z.infer<typeof ZCreateCoreValue>;
export const ZUpdateCoreValue = z.object({
  title: requiredText(100).optional(),
  description: text(1000).optional(),
  retired: z.boolean().optional(),
});
export type UpdateCoreValue = z.infer<typeof ZUpdateCoreValue>;
export const ZCoreValueOrder = z.object({ ids: z.array(id()).min(1).max(200) });

// Reporting lines

export const REPORTING_SOURCES = ['chart', 'override', 'none'] as const;
export const ZReportingLine = z
  .object({
    person: ZPersonSummary,
    manager: ZPersonSummary.nullable(),
    source: z.enum(REPORTING_SOURCES),
    /** The person's seat on the org chart, or null: listed for an admin to place. */
    seatTitle: z.string().nullable(),
  })
  .meta({ id: 'ReportingLine' });
export type ReportingLine = z.infer<typeof ZReportingLine>;
export const ZReportingLines = z
  .object({ items: z.array(ZReportingLine), total: z.number(), canEdit: z.boolean() })
  .meta({ id: 'ReportingLines' });
export type ReportingLines = z.infer<typeof ZReportingLines>;
export const ZReportingQuery = ZPage.extend({ unplaced: z.enum(['true', 'false']).default('false') });
export const ZSetManager = z.object({ managerId: id().nullable() });

// 1:1s

export const ONE_ON_ONE_ROLES = ['manager', 'report', 'admin'] as const;
export type OneOnOneRole = (typeof ONE_ON_ONE_ROLES)[number];

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: peopleToolsMessages.invalidTime });
const timezone = z
  .string()
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { error: peopleToolsMessages.invalidTimezone },
  );

export const ZPair = z
  .object({
    id: z.string(),
    manager: ZPersonSummary,
    report: ZPersonSummary,
    role: z.enum(ONE_ON_ONE_ROLES),
    startDate: z.string(),
    startTime: z.string(),
    timezone: z.string(),
    repeatWeeks: z.number(),
    sharedWithAdmins: z.boolean(),
    /** The next occurrence's start (UTC). */
    nextAt: z.string(),
    lastHeldOn: z.string().nullable(),
    /** An occurrence started and not finished. */
    liveId: z.string().nullable(),
  })
  .meta({ id: 'OneOnOnePair' });
export type Pair = z.infer<typeof ZPair>;
export const ZPairs = z.object({ items: z.array(ZPair), total: z.number() }).meta({ id: 'OneOnOnePairs' });
export type Pairs = z.infer<typeof ZPairs>;

export const ZCreatePair = z.object({
  managerId: id().optional(),
  reportId: id(),
  startDate: isoDate(),
  startTime: time,
  timezone,
  repeatWeeks: z.number().int().min(1).max(8).default(1),
});
export type CreatePair = z.infer<typeof ZCreatePair>;
export const ZUpdatePair = z.object({
  startDate: isoDate().optional(),
  startTime: time.optional(),
  timezone: timezone.optional(),
  repeatWeeks: z.number().int().min(1).max(8).optional(),
  sharedWithAdmins: z.boolean().optional(),
});
export type UpdatePair = z.infer<typeof ZUpdatePair>;

export const ZPointNote = z.object({ heldOn: z.string(), body: z.string() });
export const ZTalkingPoint = z
  .object({
    id: z.string(),
    title: z.string(),
    recurring: z.boolean(),
    author: ZPersonSummary.nullable(),
    done: z.boolean(),
    taskId: z.string().nullable(),
    /** What was said about it in this 1:1. */
    note: z.string(),
    /** A recurring point's notes in earlier 1:1s, newest first (at most 5). */
    history: z.array(ZPointNote),
  })
  .meta({ id: 'TalkingPoint' });
export type TalkingPoint = z.infer<typeof ZTalkingPoint>;

const ZPulledItem = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(['todo', 'goal', 'milestone', 'kpi']),
  dueDate: z.string().nullable(),
  detail: z.string(),
});
export type PulledItem = z.infer<typeof ZPulledItem>;

export const ZOneOnOne = z
  .object({
    id: z.string(),
    pairId: z.string(),
    heldOn: z.string(),
    startsAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    manager: ZPersonSummary,
    report: ZPersonSummary,
    role: z.enum(ONE_ON_ONE_ROLES),
    /** False for an admin of a pair that did not share: only that it happened and when. */
    contentVisible: z.boolean(),
    sharedNotes: z.string().nullable(),
    privateNotes: z.string().nullable(),
    points: z.array(ZTalkingPoint),
    pulledIn: z
      .object({
        todos: z.array(ZPulledItem),
        goals: z.array(ZPulledItem),
        kpis: z.array(ZPulledItem),
      })
      .nullable(),
  })
  .meta({ id: 'OneOnOne' });
export type OneOnOne = z.infer<typeof ZOneOnOne>;

export const ZHistoryItem = z
  .object({
    id: z.string(),
    heldOn: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    sharedNotes: z.string().nullable(),
    privateNotes: z.string().nullable(),
    points: z.array(z.string()).nullable(),
  })
  .meta({ id: 'OneOnOneHistoryItem' });
export type HistoryItem = z.infer<typeof ZHistoryItem>;
export const ZHistory = z.object({ items: z.array(ZHistoryItem), total: z.number() }).meta({ id: 'OneOnOneHistory' });
export type History = z.infer<typeof ZHistory>;
export const ZHistoryQuery = ZPage.extend({ q: z.string().trim().max(200).optional() });

export const ZUpdateOneOnOne = z.object({
  sharedNotes: text(NOTES_MAX).optional(),
  privateNotes: text(NOTES_MAX).optional(),
  state: z.enum(['started', 'finished']).optional(),
});
export type UpdateOneOnOne = z.infer<typeof ZUpdateOneOnOne>;

export const ZCreatePoint = z.object({ title: requiredText(300), recurring: z.boolean().default(false) });
export type CreatePoint = z.infer<typeof ZCreatePoint>;
export const ZUpdatePoint = z.object({
  title: requiredText(300).optional(),
  done: z.boolean().optional(),
  /** Stops a recurring point coming back. */
  closed: z.literal(true).optional(),
  note: text(NOTES_MAX).optional(),
});
export type UpdatePoint = z.infer<typeof ZUpdatePoint>;
export const ZConvertPoint = z.object({
  type: z.enum(['todo', 'issue']),
  /** The team meeting an issue goes to. */
  meetingId: id().optional(),
  dueDate: isoDate().optional(),
});
export type ConvertPoint = z.infer<typeof ZConvertPoint>;

// Conversations

export const CONVERSATION_KINDS = ['quarterly', 'annual'] as const;
export const RATINGS = ['+', '+/-', '-'] as const;

export const ZAnswers = z
  .object({
    working: text(5000).default(''),
    notWorking: text(5000).default(''),
    values: z.record(z.uuid(), z.enum(RATINGS)).default({}),
    gwc: z
      .object({ getsIt: z.boolean().nullable(), wantsIt: z.boolean().nullable(), capacity: z.boolean().nullable() })
      .default({ getsIt: null, wantsIt: null, capacity: null }),
    goals: z.record(z.uuid(), text(1000)).default({}),
  })
  .meta({ id: 'ConversationAnswers' });
export type Answers = z.infer<typeof ZAnswers>;

export const ZForm = z.object({
  userId: z.string(),
  answers: ZAnswers,
  submittedAt: z.string().nullable(),
});
export type Form = z.infer<typeof ZForm>;

export const ZConversationSummary = z
  .object({
    id: z.string(),
    pairId: z.string(),
    kind: z.enum(CONVERSATION_KINDS),
    period: z.string(),
    heldOn: z.string(),
    managerSubmitted: z.boolean(),
    reportSubmitted: z.boolean(),
    managerAckAt: z.string().nullable(),
    reportAckAt: z.string().nullable(),
  })
  .meta({ id: 'ConversationSummary' });
export type ConversationSummary = z.infer<typeof ZConversationSummary>;
export const ZConversations = z
  .object({ items: z.array(ZConversationSummary), total: z.number() })
  .meta({ id: 'Conversations' });

export const ZConversation = ZConversationSummary.extend({
  manager: ZPersonSummary,
  report: ZPersonSummary,
  role: z.enum(ONE_ON_ONE_ROLES),
  contentVisible: z.boolean(),
  summary: z.string().nullable(),
  myForm: ZForm.nullable(),
  /** The other side's form: once both submitted (for an admin of a sharing pair: both forms). */
  managerForm: ZForm.nullable(),
  reportForm: ZForm.nullable(),
  coreValues: z.array(ZCoreValue),
  goals: z.array(z.object({ id: z.string(), title: z.string(), status: z.string(), statusName: z.string() })),
}).meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof ZConversation>;

const period = z.string().regex(/^\d{4}(-Q[1-4])?$/, { error: peopleToolsMessages.periodInvalid });
export const ZCreateConversation = z
  .object({ kind: z.enum(CONVERSATION_KINDS), period, heldOn: isoDate() })
  .refine((value) => (value.kind === 'annual') === !value.period.includes('Q'), {
    error: peopleToolsMessages.periodInvalid,
    path: ['period'],
  });
export type CreateConversation = z.infer<typeof ZCreateConversation>;
export const ZSaveForm = z.object({ answers: ZAnswers, submit: z.boolean().default(false) });
export type SaveForm = z.infer<typeof ZSaveForm>;
export const ZSaveSummary = z.object({ summary: text(NOTES_MAX) });

export const ZAuditRow = z.object({
  id: z.string(),
  at: z.string(),
  reader: ZPersonSummary.nullable(),
  pairId: z.string(),
  subject: z.enum(['oneOnOne', 'conversation']),
  subjectId: z.string(),
});
export const ZAuditPage = z.object({ items: z.array(ZAuditRow), total: z.number() }).meta({ id: 'PeopleToolsAudit' });
export type AuditPage = z.infer<typeof ZAuditPage>;

// People Analyzer (decision 116)

/** A quarter key, 'YYYY-Qn' (the workspace's own periods, or the calendar quarter). */
export const ZQuarterKey = z.string().regex(/^(19|20|21)\d{2}-Q[1-4]$/, { error: analyzerMessages.quarterInvalid });

export const ZAnalyzerBar = z
  .object({
    minPlus: z.number().int().min(0).max(CORE_VALUES_MAX),
    maxMinus: z.number().int().min(0).max(CORE_VALUES_MAX),
    gwcRequired: z.boolean(),
  })
  .meta({ id: 'PeopleAnalyzerBar' });
export type AnalyzerBar = z.infer<typeof ZAnalyzerBar>;
export const ZSaveAnalyzerBar = z.strictObject(ZAnalyzerBar.shape);

export const ZAnalyzerVerdict = z
  .object({
    belowBar: z.boolean(),
    /** Every value not retired and all three of GWC are rated. */
    complete: z.boolean(),
    plus: z.number(),
    minus: z.number(),
    reasons: z.array(z.enum(['minus', 'plus', 'gwc'])),
  })
  .meta({ id: 'PeopleAnalyzerVerdict' });
export type AnalyzerVerdict = z.infer<typeof ZAnalyzerVerdict>;

export const ZAnalyzerRating = z
  .object({
    quarter: z.string(),
    /** Core value id → its mark; values not rated are absent. */
    values: z.record(z.string(), z.enum(RATINGS)),
    getsIt: z.boolean().nullable(),
    wantsIt: z.boolean().nullable(),
    capacity: z.boolean().nullable(),
    ratedBy: ZPersonSummary.nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'PeopleAnalyzerRating' });
export type AnalyzerRating = z.infer<typeof ZAnalyzerRating>;

export const ZAnalyzerRow = z
  .object({
    person: ZPersonSummary,
    manager: ZPersonSummary.nullable(),
    rating: ZAnalyzerRating.nullable(),
    verdict: ZAnalyzerVerdict,
  })
  .meta({ id: 'PeopleAnalyzerRow' });
export type AnalyzerRow = z.infer<typeof ZAnalyzerRow>;

export const ZAnalyzerTable = z
  .object({
    quarter: z.string(),
    coreValues: z.array(ZCoreValue),
    bar: ZAnalyzerBar,
    canEditBar: z.boolean(),
    items: z.array(ZAnalyzerRow),
    total: z.number(),
  })
  .meta({ id: 'PeopleAnalyzerTable' });
export type AnalyzerTable = z.infer<typeof ZAnalyzerTable>;

export const ZAnalyzerQuery = ZPage.extend({
  quarter: ZQuarterKey,
  meetingId: id().optional(),
  groupId: id().optional(),
}).refine((query) => !(query.meetingId && query.groupId), {
  error: analyzerMessages.teamOne,
  path: ['groupId'],
});
export type AnalyzerQuery = z.infer<typeof ZAnalyzerQuery>;

export const ZAnalyzerPersonQuarter = z.object({ id: z.uuid(), quarter: ZQuarterKey });

/** Changes to a rating: the marks given (null clears one) and the GWC answers given (null clears). */
export const ZRatePerson = z
  .strictObject({
    values: z.record(z.uuid({ error: messages.notFound }), z.enum(RATINGS).nullable()).optional(),
    getsIt: z.boolean().nullable().optional(),
    wantsIt: z.boolean().nullable().optional(),
    capacity: z.boolean().nullable().optional(),
  })
  .refine(
    (body) =>
      Object.keys(body.values ?? {}).length > 0 ||
      body.getsIt !== undefined ||
      body.wantsIt !== undefined ||
      body.capacity !== undefined,
    { error: analyzerMessages.ratingEmpty, path: ['values'] },
  );
export type RatePerson = z.infer<typeof ZRatePerson>;

export const ZAnalyzerHistoryValue = z.object({
  id: z.string(),
  title: z.string(),
  retired: z.boolean(),
  mark: z.enum(RATINGS),
});
export const ZAnalyzerHistoryItem = ZAnalyzerRating.extend({
  /** The marks in the values' order, retired values included (named so). */
  marks: z.array(ZAnalyzerHistoryValue),
  verdict: ZAnalyzerVerdict,
}).meta({ id: 'PeopleAnalyzerHistoryItem' });
export type AnalyzerHistoryItem = z.infer<typeof ZAnalyzerHistoryItem>;
export const ZAnalyzerHistory = z
  .object({ person: ZPersonSummary, items: z.array(ZAnalyzerHistoryItem), total: z.number() })
  .meta({ id: 'PeopleAnalyzerHistory' });
export type AnalyzerHistory = z.infer<typeof ZAnalyzerHistory>;
