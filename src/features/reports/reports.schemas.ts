import { z } from 'zod';
import { addMonths } from '../../shared/dates.ts';
import { messages } from '../../shared/messages.ts';
import { isoDate, onceFieldsValid, pageOf, pageParams } from '../../shared/validation.ts';
import { reportsMessages } from './reports.messages.ts';

// Reports (document 3 §2, §3, §7, §9): the meeting, member and user reports, the
// meeting's trends, the archive search and the workspace export. Imported by server and client.

/** The longest report window: five years (document 3 §9 gives the default; the limit is ours). */
export const REPORT_WINDOW_MAX_MONTHS = 60;
/** Goals a report lists at most (the rest are counted in `listTotal`). */
export const REPORT_GOALS_MAX = 100;
/** Open issues the trends name, the oldest first. */
export const TRENDS_OLDEST_ISSUES = 5;
/** A session started within this many minutes of its scheduled start (or end) is on time. */
export const ON_TIME_GRACE_MINUTES = 5;
/** Longest archive search text. */
export const ARCHIVE_QUERY_MAX = 200;

export const ZReportFormat = z.enum(['csv', 'xlsx']);
export type ReportFormat = z.infer<typeof ZReportFormat>;

const windowFields = {
  dateSince: isoDate().optional(),
  dateUntil: isoDate().optional(),
};

type WindowFields = { dateSince?: string | undefined; dateUntil?: string | undefined };

/** End not before start; at most five years (checked only when both are given; the server fills the rest). */
const checkWindow = (q: WindowFields, ctx: z.RefinementCtx) => {
  if (!q.dateSince || !q.dateUntil) return;
  if (q.dateUntil < q.dateSince) {
    ctx.addIssue({ code: 'custom', message: reportsMessages.reportWindowOrder, path: ['dateUntil'] });
  } else if (q.dateUntil > addMonths(q.dateSince, REPORT_WINDOW_MAX_MONTHS)) {
    ctx.addIssue({ code: 'custom', message: reportsMessages.reportWindowTooLong, path: ['dateUntil'] });
  }
};

/** `GET reports/meetings/{meetingId}`: dateSince, dateUntil (YYYY-MM-DD), memberId (the member report). */
export const ZMeetingReportQuery = z
  .object({ ...windowFields, memberId: z.uuid({ error: messages.notFound }).optional() })
  .superRefine(checkWindow, onceFieldsValid);
export type MeetingReportQuery = z.infer<typeof ZMeetingReportQuery>;

export const ZUserReportQuery = z.object(windowFields).superRefine(checkWindow, onceFieldsValid);
export type UserReportQuery = z.infer<typeof ZUserReportQuery>;

export const ZMeetingReportExportQuery = z
  .object({ ...windowFields, memberId: z.uuid({ error: messages.notFound }).optional(), format: ZReportFormat })
  .superRefine(checkWindow, onceFieldsValid);
export const ZUserReportExportQuery = z
  .object({ ...windowFields, format: ZReportFormat })
  .superRefine(checkWindow, onceFieldsValid);

const ZPerson = z.object({ userId: z.string(), fullName: z.string() }).meta({ id: 'ReportPerson' });

export const ZReportGoal = z
  .object({
    id: z.string(),
    title: z.string(),
    /** The shown status: '4' Overdue for an active goal past its due date (document 3 §4). */
    status: z.string(),
    dueDate: z.string().nullable(),
    userId: z.string().nullable(),
    fullName: z.string(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: 'ReportGoal' });
export type ReportGoal = z.infer<typeof ZReportGoal>;

export const ZReportKpi = z
  .object({
    id: z.string(),
    meetingId: z.string(),
    title: z.string(),
    goal: z.string(),
    score: z.string(),
    units: z.string(),
    type: z.string(),
    userId: z.string(),
    fullName: z.string(),
    /** Sum and average of the values entered in the window; null when none. */
    total: z.number().nullable(),
    avg: z.number().nullable(),
    /** Values that meet the target by the goal operator. */
    hits: z.number(),
    /** Values entered. */
    counted: z.number(),
  })
  .meta({ id: 'ReportKpi' });
export type ReportKpi = z.infer<typeof ZReportKpi>;

export const ZReport = z
  .object({
    /** 'meeting', 'member' or 'user'. */
    kind: z.enum(['meeting', 'member', 'user']),
    dateSince: z.string(),
    dateUntil: z.string(),
    /** The day the report counts as today (in its time zone): expired goals, open and overdue. */
    today: z.string(),
    timezone: z.string(),
    meeting: z.object({ id: z.string(), title: z.string() }).nullable(),
    /** The member or user the report is about; null for the whole meeting. */
    person: ZPerson.nullable(),
    /** The member choices (document 3 §6): the meeting's leaders and members, by first name; empty in a user report. */
    people: z.array(ZPerson.extend({ role: z.enum(['leader', 'member']) })),
    attendance: z.object({
      totalSessions: z.number(),
      sessionsHeld: z.number(),
      /** Held sessions the person attended (the caller, in the meeting report). */
      userSessions: z.number(),
      /** Mean rating (1–10) given in held sessions, two decimals; null when none. */
      avgScore: z.number().nullable(),
    }),
    actionItems: z.object({ total: z.number(), completedOnTime: z.number(), completedOverdue: z.number() }),
    goals: z.object({
      totalExpiredGoals: z.number(),
      totalCurrentGoals: z.number(),
      completedOnTime: z.number(),
      completedOverdue: z.number(),
      onTrackGoals: z.number(),
      offTrackGoals: z.number(),
      list: z.array(ZReportGoal),
      listTotal: z.number(),
    }),
    tasksCreatedByUser: z.object({
      total: z.number(),
      cardsCreatedByUser: z.array(ZPerson.extend({ count: z.number() })),
    }),
    kpis: z.array(ZReportKpi),
    charts: z.object({
      ratings: z.array(
        z.object({ sessionId: z.string(), date: z.string(), meetingTitle: z.string(), rating: z.number().nullable() }),
      ),
      /** Action items by the month they are due: done on time, done late, past due and open, not yet due. */
      completionByMonth: z.array(
        z.object({ month: z.string(), onTime: z.number(), late: z.number(), overdue: z.number(), open: z.number() }),
      ),
      /** KPI values by the week (Monday) of their meeting date: met, missed, not entered. */
      kpiHitsByWeek: z.array(z.object({ week: z.string(), hits: z.number(), misses: z.number(), empty: z.number() })),
    }),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof ZReport>;

export const ZTrends = z
  .object({
    dateSince: z.string(),
    dateUntil: z.string(),
    sessionsHeld: z.number(),
    /** Percent (0–100, one decimal) or null when nothing was held. */
    startedOnTimePct: z.number().nullable(),
    finishedOnTimePct: z.number().nullable(),
    /** Mean rating per month of held sessions. */
    ratingByMonth: z.array(z.object({ month: z.string(), avg: z.number() })),
    /** The last month's mean minus the first's (null with fewer than two months). */
    ratingChange: z.number().nullable(),
    issuesSolvedPerSession: z.number().nullable(),
    todosDoneWithinWeekPct: z.number().nullable(),
    oldestOpenIssues: z.array(
      z.object({ id: z.string(), title: z.string(), createdAt: z.string(), ageDays: z.number() }),
    ),
  })
  .meta({ id: 'Trends' });
export type Trends = z.infer<typeof ZTrends>;

export const ZMeetingTrendsQuery = z.object(windowFields).superRefine(checkWindow, onceFieldsValid);

// Archive search

export const ZArchiveSearchQuery = z
  .object({
    q: z
      .string()
      .trim()
      .max(ARCHIVE_QUERY_MAX, { error: messages.tooLong(ARCHIVE_QUERY_MAX) })
      .default(''),
    meetingId: z.uuid({ error: messages.notFound }).optional(),
    userId: z.uuid({ error: messages.notFound }).optional(),
    ...windowFields,
    ...pageParams({ size: 20, max: 100 }),
  })
  .superRefine(checkWindow, onceFieldsValid);
export type ArchiveSearchQuery = z.infer<typeof ZArchiveSearchQuery>;

export const ZArchiveHit = z
  .object({
    id: z.string(),
    meetingId: z.string(),
    meetingTitle: z.string(),
    meetingDate: z.string(),
    avgScore: z.number().nullable(),
    note: z.string().nullable(),
    /** Words of the archive around the match, the matched words between « and ». */
    excerpt: z.string(),
  })
  .meta({ id: 'ArchiveHit' });
export type ArchiveHit = z.infer<typeof ZArchiveHit>;
export const ZArchiveSearchPage = pageOf(ZArchiveHit).meta({ id: 'ArchiveSearchPage' });
export type ArchiveSearchPage = z.infer<typeof ZArchiveSearchPage>;

// Workspace export

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'expired'] as const;
export const ZWorkspaceExport = z
  .object({
    id: z.string(),
    status: z.enum(EXPORT_STATUSES),
    /** 0–100. */
    progress: z.number(),
    fileName: z.string().nullable(),
    size: z.number().nullable(),
    error: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    /** A finished export: when its zip is removed (finishedAt + the retention); otherwise null. */
    expiresAt: z.string().nullable(),
    requestedBy: z.string().nullable(),
  })
  .meta({ id: 'WorkspaceExport' });
export type WorkspaceExport = z.infer<typeof ZWorkspaceExport>;
export const ZWorkspaceExportsPage = pageOf(ZWorkspaceExport).meta({ id: 'WorkspaceExportsPage' });
export const ZWorkspaceExportsQuery = z.object(pageParams({ size: 10, max: 50 }));

/** Passphrase length bounds: long enough to resist guessing offline, short enough to type. */
export const EXPORT_PASSPHRASE_MIN = 12;
export const EXPORT_PASSPHRASE_MAX = 200;
export const exportPassphrase = () =>
  z
    .string({ error: messages.required })
    .min(EXPORT_PASSPHRASE_MIN, { error: messages.tooShort(EXPORT_PASSPHRASE_MIN) })
    .max(EXPORT_PASSPHRASE_MAX, { error: messages.tooLong(EXPORT_PASSPHRASE_MAX) });
/** Starting an export: with a passphrase, the vault's passwords go into the zip sealed under it. */
export const ZStartWorkspaceExport = z
  .strictObject({ passphrase: exportPassphrase().optional() })
  // The browser sends no body as JSON null.
  .nullish()
  .meta({ id: 'StartWorkspaceExport' });
