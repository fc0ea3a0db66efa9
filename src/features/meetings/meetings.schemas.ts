import { z } from 'zod';
import { MEETING_IMAGE_TYPES, MEETING_LIST_PAGE } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import { ZPersonSummary } from '../../shared/person.ts';
import { hexColour, int32, pageOf, pageParams, queryFlag, requiredText, ZIsoDate } from '../../shared/validation.ts';
import { ZLink } from './meetings.link.ts';
import { meetingsMessages } from './meetings.messages.ts';
import { REPEAT_UNITS } from './meetings.recurrence.ts';

export const MEETING_TYPES = ['meeting', 'team', 'account'] as const;
export type MeetingType = (typeof MEETING_TYPES)[number];

/** How the form names a rule (document 1 §3 `interval`); derived from repeat-every and unit. */
export const INTERVALS = ['none', 'daily', 'weekly', 'monthly', 'annually', 'custom'] as const;

export const ZTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: meetingsMessages.invalidTime });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);

export const ZSessionSummary = z
  .object({
    id: z.string(),
    sessionDate: z.string(),
    startsAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'SessionSummary' });
export type SessionSummary = z.infer<typeof ZSessionSummary>;

export const ZMeeting = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    type: z.enum(MEETING_TYPES),
    color: z.string().nullable(),
    image: z.string().nullable(),
    location: z.string().nullable(),
    sharepointUrl: z.string().nullable(),
    facebookGroupUrl: z.string().nullable(),
    fileDriveUrl: z.string().nullable(),
    startDate: z.string(),
    /** Local 'HH:mm' in `timezone`. */
    startTime: z.string(),
    timezone: z.string(),
    /** The first meeting's start in UTC ('HH:mm'), as the spec's clients expect. */
    startTimeUtc: z.string(),
    interval: z.enum(INTERVALS),
    repeatEvery: z.number(),
    repeatType: z.enum(REPEAT_UNITS).nullable(),
    noOfCycles: z.number().nullable(),
    endDate: z.string().nullable(),
    administratorIds: z.array(z.string()),
    shareWithIds: z.array(z.string()),
    administrators: z.array(ZPersonSummary),
    members: z.array(ZPersonSummary),
    /** Minutes: the sum of the checked agenda items. */
    duration: z.number(),
    nextSession: ZSessionSummary.nullable(),
    lastSession: ZSessionSummary.nullable(),
    /** The caller's own folder for this meeting in the sidebar. */
    folderId: z.string().nullable(),
    createdBy: z.string().nullable(),
    changedAt: z.string(),
    permissions: z.object({ canEdit: z.boolean(), isParticipant: z.boolean(), isLeader: z.boolean() }),
  })
  .meta({ id: 'Meeting' });
export type Meeting = z.infer<typeof ZMeeting>;

const ZPeopleIds = z.array(z.uuid()).max(500);

/** Fields shared by creation and edit. */
const meetingFields = {
  title: requiredText(200),
  description: optionalText(5000),
  type: z.enum(MEETING_TYPES),
  /** '#rrggbb' or null (decision 077). */
  color: hexColour({ allowBlank: true })
    .nullish()
    .transform((value) => value || null),
  /** A data URL (jpg, png or gif); answers give the picture's address instead (decision 039). */
  image: optionalText(500_000).refine(
    (value) => value === null || MEETING_IMAGE_TYPES.some((type) => value.startsWith(`data:${type};base64,`)),
    { message: messages.imageWrongType },
  ),
  location: optionalText(500),
  sharepointUrl: ZLink,
  facebookGroupUrl: ZLink,
  fileDriveUrl: ZLink,
  startDate: ZIsoDate,
  startTime: ZTime,
  timezone: z.string().max(100),
  repeatEvery: z.coerce.number().int().min(0).max(1000),
  repeatType: z
    .enum(REPEAT_UNITS)
    .nullish()
    .transform((value) => value ?? null),
  noOfCycles: z.coerce
    .number()
    .int()
    .min(1)
    .max(5000)
    .nullish()
    .transform((value) => value ?? null),
  endDate: ZIsoDate.nullish().transform((value) => value ?? null),
  administrators: ZPeopleIds.min(1, { error: messages.atLeastOneEntity }),
  members: ZPeopleIds.min(1, { error: messages.atLeastOneEntity }),
};

/**
 * The wizard's creation call: a new meeting from the default agenda or a template
 * (`operation: 'create'`), or a copy of a meeting's agenda, people and boards' structure
 * (`operation: 'clone'` with `sourceMeetingId`). The creator leads it when no leader is chosen.
 */
export const ZCreateMeeting = z.object({
  operation: z.enum(['create', 'clone']).default('create'),
  templateId: z.string().max(100).nullish(),
  sourceMeetingId: z.uuid().nullish(),
  title: meetingFields.title,
  description: meetingFields.description,
  type: meetingFields.type.default('meeting'),
  color: meetingFields.color,
  location: meetingFields.location,
  sharepointUrl: z
    .string({ error: messages.required })
    .pipe(ZLink)
    .refine((v) => v !== null, { error: messages.required }),
  facebookGroupUrl: meetingFields.facebookGroupUrl.optional(),
  fileDriveUrl: meetingFields.fileDriveUrl.optional(),
  startDate: meetingFields.startDate,
  startTime: meetingFields.startTime,
  /** Defaults to the creator's time zone. */
  timezone: meetingFields.timezone.optional(),
  repeatEvery: meetingFields.repeatEvery,
  repeatType: meetingFields.repeatType,
  noOfCycles: meetingFields.noOfCycles,
  endDate: meetingFields.endDate,
  administrators: ZPeopleIds.default([]),
  members: ZPeopleIds.default([]),
});
export type CreateMeeting = z.infer<typeof ZCreateMeeting>;

/** `PATCH meetings/{id}`: any of the fields; leaders and members, when sent, may not be empty. */
export const ZUpdateMeeting = z.object(meetingFields).partial();
export type UpdateMeeting = z.infer<typeof ZUpdateMeeting>;

export const ZMeetingListQuery = z.object({
  type: z.enum(MEETING_TYPES).optional(),
  /** The Meetings page (every type but 'account') or the Accounts page ('account' only). */
  kind: z.enum(['meetings', 'accounts']).optional(),
  /** By title, A to Z (default) or Z to A. */
  sort: z.enum(['asc', 'desc']).default('asc'),
  /** Part of the title, any case. */
  search: z.string().trim().max(100).optional(),
  ...pageParams(MEETING_LIST_PAGE),
});
export type MeetingListQuery = z.infer<typeof ZMeetingListQuery>;

/** A meeting in the list: its people by id (`administratorIds`, `shareWithIds`) in the page's `people`. */
export const ZMeetingListItem = ZMeeting.omit({ administrators: true, members: true }).meta({ id: 'MeetingListItem' });
export type MeetingListItem = z.infer<typeof ZMeetingListItem>;

/**
 * A page of meetings: `items` from `offset`, of `total` under the same filters, and everyone
 * they name once, by id (decision 040: a person in ten meetings is sent once, not ten times).
 */
export const ZMeetingPage = pageOf(ZMeetingListItem)
  .extend({ people: z.record(z.string(), ZPersonSummary) })
  .meta({ id: 'MeetingPage' });
export type MeetingPage = z.infer<typeof ZMeetingPage>;

export const ZSimpleMeetingQuery = z.object({
  /** Only the meetings the caller leads or attends, even for an admin (the sidebar). */
  mine: queryFlag(false),
});

/** What a picker or the sidebar needs of a meeting. */
export const ZSimpleMeeting = z
  .object({
    id: z.string(),
    title: z.string(),
    type: z.string(),
    color: z.string().nullable(),
    /** The image's address (decision 039). */
    image: z.string().nullable(),
  })
  .meta({ id: 'SimpleMeeting' });
export type SimpleMeeting = z.infer<typeof ZSimpleMeeting>;

export const ZMoveToFolder = z.object({ folderId: z.uuid().nullable() });

export const AGENDA_KEYS = [
  'free_activity',
  'scorecard',
  'rock_review',
  'to_do_list',
  'accountability_board',
  'accountability_list',
  'external_url',
  'conclusion',
  // Agency tools: a framework the team fills in during the meeting
  'agency_framework',
  // The conclude (decision 081): messages to tell others, and the read-back of the new to-dos
  'cascading_messages',
  'todo_recap',
] as const;
export type AgendaKey = (typeof AGENDA_KEYS)[number];

/** What an action-items step (to_do_list) shows: issues, headlines or to-dos (TASK_TYPE values). */
export const AGENDA_TASK_TYPES = ['2', '3', '4'] as const;
export type AgendaTaskType = (typeof AGENDA_TASK_TYPES)[number];

export const ZAgendaItem = z
  .object({
    id: z.string(),
    title: z.string(),
    keyName: z.enum(AGENDA_KEYS),
    sort: z.number(),
    /** The spec's '1' (included) travels as a boolean. */
    checked: z.boolean(),
    duration: z.number(),
    description: z.string().nullable(),
    embedUrl: z.string().nullable(),
    boardId: z.string().nullable(),
    boardListId: z.string().nullable(),
    /** An agency_framework step's framework (an agency item). */
    agencyItemId: z.string().nullable(),
    /** An action-items step's type; null for other kinds (and read as to-dos for an old to_do_list item). */
    taskType: z.enum(AGENDA_TASK_TYPES).nullable(),
  })
  .meta({ id: 'AgendaItem' });
export type AgendaItem = z.infer<typeof ZAgendaItem>;

/** `PUT meetings/{id}/agenda-items`: the whole agenda in its order; items without id are new. */
export const ZSaveAgenda = z.object({
  agendaItems: z
    .array(
      z.object({
        id: z.uuid().nullish(),
        title: requiredText(200),
        keyName: z.enum(AGENDA_KEYS),
        checked: z.union([z.boolean(), z.enum(['0', '1']).transform((v) => v === '1')]).default(true),
        duration: z.coerce.number().int().min(0).max(600).default(5),
        description: optionalText(5000),
        embedUrl: ZLink.nullish(),
        boardId: z.uuid().nullish(),
        boardListId: z.uuid().nullish(),
        agencyItemId: z.uuid().nullish(),
        taskType: z.enum(AGENDA_TASK_TYPES).nullish(),
        /**
         * "Meeting Board": an accountability board step without `boardId` gets a new board of
         * this meeting by this name (with the default lists), made in the same transaction as
         * the agenda (decision 056). Ignored for other kinds and when `boardId` is given.
         */
        newBoardName: requiredText(200).nullish(),
      }),
    )
    .max(100),
});
export type SaveAgenda = z.infer<typeof ZSaveAgenda>;

export const ZMeetingTemplate = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    isDefault: z.boolean(),
    agendaItems: z.array(
      ZAgendaItem.pick({
        title: true,
        keyName: true,
        checked: true,
        duration: true,
        description: true,
        taskType: true,
      }),
    ),
  })
  .meta({ id: 'MeetingTemplate' });
export type MeetingTemplate = z.infer<typeof ZMeetingTemplate>;

/** When a session's note was last written and by whom (user id): its version (decision 089). */
const noteVersion = {
  noteChangedAt: z.string().nullable(),
  noteChangedBy: z.string().nullable(),
};

export const ZSession = ZSessionSummary.extend({
  meetingId: z.string(),
  note: z.string().nullable(),
  ...noteVersion,
  link: z.string().nullable(),
}).meta({ id: 'Session' });
export type Session = z.infer<typeof ZSession>;

export const ZUpdateSession = z.object({
  note: optionalText(10_000).optional(),
  noteBaseChangedAt: z.iso
    .datetime({ offset: true, error: messages.invalidValue })
    .nullable()
    .optional()
    .describe(
      'The `noteChangedAt` of the note this one was typed over (null: a note never written). With `note`, a note someone else changed since is not overwritten unless it already holds the same text: 409 naming who changed it, and nothing of the request is stored. Without it the last save wins.',
    ),
  link: ZLink.nullish(),
});
export type UpdateSession = z.infer<typeof ZUpdateSession>;

export const ZLastAndNext = z
  .object({ last: ZSession.nullable(), next: ZSession.nullable() })
  .meta({ id: 'LastAndNext' });

export const ZArchiveQuery = z.object({
  page: z.coerce.number().pipe(int32(1)).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});
export const ZArchivePage = z
  .object({
    archives: z.array(
      z.object({
        id: z.string(),
        meetingDate: z.string(),
        avgScore: z.number().nullable(),
        link: z.string().nullable(),
        note: z.string().nullable(),
        ...noteVersion,
      }),
    ),
    currentPage: z.number(),
    totalPages: z.number(),
  })
  .meta({ id: 'ArchivePage' });

export const ZMeetingFolder = z
  .object({
    id: z.string(),
    name: z.string(),
    open: z.boolean(),
    meetingIds: z.array(z.string()),
  })
  .meta({ id: 'MeetingFolder' });
export type MeetingFolder = z.infer<typeof ZMeetingFolder>;
export const ZCreateMeetingFolder = z.object({ name: requiredText(100) });
export const ZUpdateMeetingFolder = z.object({ name: requiredText(100).optional(), open: z.boolean().optional() });

export const ZFileFolder = z
  .object({
    id: z.string(),
    name: z.string(),
    parentId: z.string().nullable(),
  })
  .meta({ id: 'FileFolder' });
export const ZShortcutFile = z
  .object({
    id: z.string(),
    name: z.string(),
    extension: z.string().nullable(),
    externalLink: z.string(),
    description: z.string().nullable(),
    folderId: z.string().nullable(),
    meetingId: z.string(),
    changedAt: z.string(),
    changedBy: z.string().nullable(),
  })
  .meta({ id: 'ShortcutFile' });
export type ShortcutFile = z.infer<typeof ZShortcutFile>;
export const ZFileFolderContents = ZFileFolder.extend({
  subFolders: z.array(ZFileFolder),
  files: z.array(ZShortcutFile),
}).meta({ id: 'FileFolderContents' });
export const ZCreateFileFolder = z.object({ name: requiredText(100), parentId: z.uuid().nullish() });
export const ZRenameFileFolder = z.object({ name: requiredText(100) });
const ZNewFile = z.object({
  name: requiredText(200),
  externalLink: ZLink.refine((v) => v !== null, { error: messages.required }),
  description: optionalText(2000),
  folderId: z.uuid().nullish(),
});
export const ZCreateFiles = z.object({ files: z.array(ZNewFile).min(1, { error: messages.atLeastOneEntry }).max(50) });
export const ZUpdateFile = ZNewFile.partial();
