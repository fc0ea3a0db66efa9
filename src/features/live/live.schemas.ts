import { z } from 'zod';
import { LIVE_TODOS_FROM_ISSUE_MAX, RECAP_NOTE_MAX, RECAP_SCORE, START_CONFIRMATIONS } from '../../shared/live.ts';
import { messages } from '../../shared/messages.ts';
import { ZPersonSummary } from '../../shared/person.ts';
import { email, int32, requiredText, ZIsoDate } from '../../shared/validation.ts';
import { ZAgendaItem, ZSessionSummary } from '../meetings/meetings.schemas.ts';
import { liveMessages } from './live.messages.ts';

// The live meeting (document 1 §2–§4, §7) and its archive (document 3 §3). Imported by the
// server's routes and by the client. See docs/decisions/017-live-meeting.md.

/** `GET meetings/live-sessions`: the workspace's meetings under way (for the sidebar's Live section). */
export const ZLiveSessionEntry = z
  .object({
    sessionId: z.string(),
    meetingId: z.string(),
    meetingTitle: z.string(),
    meetingColor: z.string().nullable(),
    startedAt: z.string(),
    startedBy: z.string().nullable(),
    /** The caller is a leader or member: the live meeting opens directly; otherwise a dialog. */
    participant: z.boolean(),
  })
  .meta({ id: 'LiveSessionEntry' });
export type LiveSessionEntry = z.infer<typeof ZLiveSessionEntry>;

/**
 * `POST meetings/{id}/start`. Without the flags a start that needs confirming answers 409 with
 * `errors.confirm` = 'notLeader' or 'unscheduled' and the spec's question as its message; the
 * client asks, then starts again with that flag set.
 */
export const ZStartMeeting = z.object({
  confirmNotLeader: z.boolean().default(false),
  confirmUnscheduled: z.boolean().default(false),
});
export type StartMeeting = z.infer<typeof ZStartMeeting>;

/** `GET meetings/{id}/start`: the questions a start would ask now, in order, or why it would be refused. */
export const ZStartChecks = z
  .object({
    confirm: z.array(z.enum(START_CONFIRMATIONS)),
    refusal: z.string().nullable(),
  })
  .meta({ id: 'StartChecks' });
export type StartChecks = z.infer<typeof ZStartChecks>;

export const ZStartedMeeting = z
  .object({
    sessionId: z.string(),
    /** The meeting's sessions around now, as the dashboard shows them, with the started one live. */
    session: ZSessionSummary,
  })
  .meta({ id: 'StartedMeeting' });
export type StartedMeeting = z.infer<typeof ZStartedMeeting>;

/** One person of the live meeting's recap and Online list. */
export const ZLiveAttendee = ZPersonSummary.extend({
  /** 'leader' / 'member' of the meeting; 'other' for someone who joined but is neither (a workspace admin, or removed since). */
  role: z.enum(['leader', 'member', 'other']),
  /** Removed from the meeting since (document 1 §2: '(User is no longer part of this meeting)'). */
  removedFromMeeting: z.boolean(),
  /** When they joined this session; null if they have not. */
  joinedAt: z.string().nullable(),
  /** Recap score 1–10; null until given. */
  score: z.number().nullable(),
  note: z.string().nullable(),
  /** Marked 'Did not attend' by a leader. */
  notAttended: z.boolean(),
}).meta({ id: 'LiveAttendee' });
export type LiveAttendee = z.infer<typeof ZLiveAttendee>;

export const ZLiveSession = ZSessionSummary.extend({
  meetingId: z.string(),
  startedBy: z.string().nullable(),
  /** Index into the checked agenda items. */
  currentStep: z.number(),
  /** When the current step began (the server's clock); null before the first step starts. */
  lastStepStartedAt: z.string().nullable(),
  note: z.string().nullable(),
  link: z.string().nullable(),
  /** The issue a leader picked as the one being discussed: every screen highlights it. */
  discussedTaskId: z.string().nullable(),
}).meta({ id: 'LiveSession' });
export type LiveSession = z.infer<typeof ZLiveSession>;

/** `GET sessions/{id}/live` (and the answer of join): everything the live screen needs. */
export const ZLiveState = z
  .object({
    session: ZLiveSession,
    meeting: z.object({
      id: z.string(),
      title: z.string(),
      color: z.string().nullable(),
      /** The video conference link. */
      sharepointUrl: z.string().nullable(),
      administratorIds: z.array(z.string()),
      shareWithIds: z.array(z.string()),
    }),
    /** The checked agenda items, in order: the steps. */
    agendaItems: z.array(ZAgendaItem),
    /** The meeting's leaders and members, then anyone else who joined. */
    attendees: z.array(ZLiveAttendee),
    /** Non-meeting attendees added by email (the spec's nonMeetingMembers). */
    guests: z.array(z.string()),
    /** The caller may move steps, cancel and finish: the starter, a leader or a workspace admin. */
    canManage: z.boolean(),
    /** The caller may change anyone's recap row and mark 'Did not attend': a leader or a workspace admin. */
    canEditRecap: z.boolean(),
    /** The server's clock when answering, so clients can correct their own. */
    serverNow: z.string(),
  })
  .meta({ id: 'LiveState' });
export type LiveState = z.infer<typeof ZLiveState>;

/** `POST sessions/{id}/step`. */
export const ZMoveStep = z.object({ step: int32(0) });

/** `POST sessions/{id}/finish`: Save and Finish, or Cancel Meeting with `cancelled`. */
export const ZFinishMeeting = z.object({
  notAttended: z.array(z.uuid()).max(500).default([]),
  cancelled: z.boolean().default(false),
});
export type FinishMeeting = z.infer<typeof ZFinishMeeting>;

/**
 * `PATCH sessions/{id}/ratings/{userId}`: a recap score and/or note; a field left out is kept, so
 * a note saved while the score is still on its way does not undo the score.
 */
export const ZSaveRating = z.object({
  score: z
    .number()
    .int()
    .min(RECAP_SCORE.min, { error: liveMessages.recapScoreRange })
    .max(RECAP_SCORE.max, { error: liveMessages.recapScoreRange })
    .nullable()
    .optional(),
  note: z
    .string()
    .trim()
    .max(RECAP_NOTE_MAX)
    .nullish()
    .transform((value) => value || null)
    .optional(),
});
export type SaveRating = z.infer<typeof ZSaveRating>;

/** `PATCH sessions/{id}/attendees/{userId}`: a leader marks 'Did not attend' (or undoes it). */
export const ZMarkAttendance = z.object({ notAttended: z.boolean() });

/** `POST sessions/{id}/guests` (saveEmail): a non-meeting attendee by email. */
export const ZAddGuest = z.object({ email: email() });

/** `POST sessions/{id}/discussing`: the issue being discussed now, or none. */
export const ZDiscussIssue = z.object({ taskId: z.uuid().nullable() });

/** One to-do made from an issue in the room: who does it and by when. */
const ZRoomTodo = z.object({
  title: requiredText(500),
  userId: z.uuid({ error: messages.required }),
  dueDate: ZIsoDate.nullish().transform((value) => value ?? null),
});

/** `POST sessions/{id}/issues/{taskId}/todos`: one or more to-dos that link back to the issue. */
export const ZTodosFromIssue = z.object({
  todos: z.array(ZRoomTodo).min(1, { error: messages.atLeastOneEntry }).max(LIVE_TODOS_FROM_ISSUE_MAX),
});
export type TodosFromIssue = z.infer<typeof ZTodosFromIssue>;

/**
 * `POST sessions/{id}/headlines/{taskId}/convert`: a headline becomes an issue ('2') or a
 * to-do ('4') of the meeting, linked back to it; the headline is done. Owner and title default
 * to the headline's.
 */
export const ZConvertHeadline = z.object({
  type: z.enum(['2', '4']),
  title: requiredText(500).optional(),
  userId: z.uuid().optional(),
  dueDate: ZIsoDate.nullish().transform((value) => value ?? null),
});
export type ConvertHeadline = z.infer<typeof ZConvertHeadline>;

/** A cascading message as the archive keeps it: its audience's name as it was when sent. */
export const ZArchivedCascadingMessage = z
  .object({
    text: z.string(),
    audience: z.enum(['meeting', 'group', 'everyone']),
    audienceName: z.string().nullable(),
    /** How many people it was sent to. */
    recipients: z.number(),
  })
  .meta({ id: 'ArchivedCascadingMessage' });
export type ArchivedCascadingMessage = z.infer<typeof ZArchivedCascadingMessage>;

/** A goal whose status changed during the session, with its status at the finish. */
export const ZArchivedGoalChange = z
  .object({
    id: z.string(),
    title: z.string(),
    fullName: z.string(),
    status: z.string(),
  })
  .meta({ id: 'ArchivedGoalChange' });

/** The most goals an archive keeps with their milestones (a meeting's rocks are a handful). */
export const ARCHIVE_GOALS_MAX = 100;

/** A goal as the session reviewed it: its status, owner and milestones at the finish. */
export const ZArchivedGoal = z
  .object({
    id: z.string(),
    title: z.string(),
    fullName: z.string(),
    status: z.string(),
    dueDate: z.string().nullable(),
    /** In the goal's order; owner names as they were. */
    milestones: z.array(
      z.object({
        title: z.string(),
        done: z.boolean(),
        ownerName: z.string().nullable(),
        dueDate: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'ArchivedGoal' });
export type ArchivedGoal = z.infer<typeof ZArchivedGoal>;

const ZArchivePerson = z.object({ userId: z.string(), fullName: z.string() }).meta({ id: 'ArchivePerson' });

const ZArchiveActionItems = ZArchivePerson.extend({
  items: z.array(z.object({ id: z.string(), title: z.string(), dueDate: z.string().nullable() })),
}).meta({ id: 'ArchiveActionItems' });

/** Minutes as the timing report gives them: to one decimal; overrun is actual minus planned (negative: under). */
export const ZTimingReport = z
  .object({
    items: z.array(
      z.object({
        agendaItemId: z.string(),
        title: z.string(),
        plannedMinutes: z.number(),
        actualMinutes: z.number(),
        overrunMinutes: z.number(),
      }),
    ),
    plannedMinutes: z.number(),
    actualMinutes: z.number(),
    overrunMinutes: z.number(),
  })
  .meta({ id: 'TimingReport' });

/** `GET sessions/{id}/archive/`: the snapshot taken when the session finished (document 3 §3). */
export const ZMeetingArchive = z.object({
  sessionId: z.string(),
  meetingId: z.string(),
  meetingTitle: z.string(),
  /** The session's local date, YYYY-MM-DD. */
  meetingDate: z.string(),
  /** Minutes from start to finish. */
  meetingDuration: z.number(),
  startedAt: z.string(),
  finishedAt: z.string(),
  attendeesAdmins: z.array(ZArchivePerson),
  attendeesMembers: z.array(ZArchivePerson),
  notAttended: z.array(ZArchivePerson),
  guests: z.array(z.string()),
  kpis: z.array(
    ZArchivePerson.extend({
      list: z.array(
        z.object({
          title: z.string(),
          measured: z.string().nullable(),
          /** The target. */
          score: z.string(),
          /** The comparator ('between': a range from `score` to `scoreMax`), of the goal in force that date. */
          goal: z.string(),
          /** The range's upper end; absent in archives written before ranges were archived. */
          scoreMax: z.string().nullable().optional(),
          type: z.string(),
          units: z.string(),
          met: z.boolean().nullable(),
        }),
      ),
    }),
  ),
  /** Action items completed since the previous held session, per person. */
  completedActionItems: z.array(ZArchiveActionItems),
  /** Action items still open at the finish, per person. */
  openActionItems: z.array(ZArchiveActionItems),
  /** To-dos created during the session and issues solved during it (the recap email's lists). */
  todosCreated: z.array(ZArchiveActionItems),
  issuesSolved: z.array(ZArchiveActionItems),
  /** Issues and goals added during the session (archives written before they existed have none). */
  issuesCreated: z.array(ZArchiveActionItems),
  goalsCreated: z.array(ZArchiveActionItems),
  /** Goals finished (done) during the session (archives written before it existed have none). */
  goalsFinished: z.array(ZArchiveActionItems),
  /** Headlines open at the finish or read (done) during the session. */
  headlines: z.array(ZArchiveActionItems),
  /** Planned against spent time per step (archives written before it existed have none). */
  timing: ZTimingReport.nullable(),
  /**
   * The conclude (decision 081; archives written before it have none): to-dos made before the
   * session and re-assigned in it, issues made from headlines, issues dropped to the Backburner,
   * goals whose status changed, and the cascading messages sent.
   */
  todosReassigned: z.array(ZArchiveActionItems),
  headlineIssues: z.array(ZArchiveActionItems),
  backburnerIssues: z.array(ZArchiveActionItems),
  goalsChanged: z.array(ZArchivedGoalChange),
  cascadingMessages: z.array(ZArchivedCascadingMessage),
  /**
   * The meeting's goals as the session left them: open at the finish or finished during the
   * session, in the goals list's order, each with its milestones; the first ARCHIVE_GOALS_MAX of
   * `goalsTotal`. Null in archives written before goals were kept.
   */
  goals: z.array(ZArchivedGoal).nullable(),
  goalsTotal: z.number(),
  scores: z.array(ZArchivePerson.extend({ score: z.number().nullable(), note: z.string().nullable() })),
  note: z.string().nullable(),
  avgScore: z.number().nullable(),
  link: z.string().nullable(),
});
export type MeetingArchive = z.infer<typeof ZMeetingArchive>;

// --- The conclude: the Recap (to-dos read back) and Cascading Messages steps (decision 081)

/** How long a cascading message may be, and how many a session may have. */
export const CASCADING_TEXT_MAX = 2000;
export const CASCADING_MESSAGES_MAX = 50;
export const CASCADING_AUDIENCES = ['meeting', 'group', 'everyone'] as const;
export type CascadingAudience = (typeof CASCADING_AUDIENCES)[number];

/** One item the Recap step reads back: a to-do (made or re-assigned) or an issue made from a headline. */
export const ZRecapItem = z.object({
  id: z.string(),
  title: z.string(),
  userId: z.string().nullable(),
  /** The owner's name; null without one. */
  ownerName: z.string().nullable(),
  dueDate: z.string().nullable(),
  status: z.string(),
  /** A to-do made before the meeting and given another owner during it. */
  reassigned: z.boolean(),
  /** The headline an issue was made from. */
  headlineTitle: z.string().nullable(),
});
export type RecapItem = z.infer<typeof ZRecapItem>;

/** `GET sessions/{id}/recap-items`: what this session made, as the Recap step lists it. */
export const ZRecapItems = z.object({
  todos: z.array(ZRecapItem),
  headlineIssues: z.array(ZRecapItem),
});
export type RecapItems = z.infer<typeof ZRecapItems>;

export const ZCascadingMessage = z.object({
  id: z.string(),
  sessionId: z.string(),
  text: z.string(),
  audience: z.enum(CASCADING_AUDIENCES),
  audienceMeetingId: z.string().nullable(),
  audienceGroupId: z.string().nullable(),
  /** The audience's name (the meeting's title, the group's name); null for everyone or one deleted since. */
  audienceName: z.string().nullable(),
  sentAt: z.string().nullable(),
  changedAt: z.string(),
  changedBy: z.string().nullable(),
});
export type CascadingMessage = z.infer<typeof ZCascadingMessage>;

/** `POST sessions/{id}/cascading-messages` and `PUT …/{messageId}`: the text and its audience. */
export const ZSaveCascadingMessage = z
  .object({
    text: requiredText(CASCADING_TEXT_MAX),
    audience: z.enum(CASCADING_AUDIENCES),
    audienceMeetingId: z.uuid().nullish(),
    audienceGroupId: z.uuid().nullish(),
  })
  .superRefine((value, issue) => {
    if (value.audience === 'meeting' && !value.audienceMeetingId)
      issue.addIssue({ code: 'custom', path: ['audienceMeetingId'], message: messages.required });
    if (value.audience === 'group' && !value.audienceGroupId)
      issue.addIssue({ code: 'custom', path: ['audienceGroupId'], message: messages.required });
  })
  .transform((value) => ({
    text: value.text,
    audience: value.audience,
    // Only the id the audience uses is kept.
    audienceMeetingId: value.audience === 'meeting' ? (value.audienceMeetingId ?? null) : null,
    audienceGroupId: value.audience === 'group' ? (value.audienceGroupId ?? null) : null,
  }));
export type SaveCascadingMessage = z.infer<typeof ZSaveCascadingMessage>;
