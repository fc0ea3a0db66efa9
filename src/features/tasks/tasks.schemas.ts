import { z } from 'zod';
import { HOME_HIDDEN_MEETINGS_MAX } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import { ZPersonSummary } from '../../shared/person.ts';
import {
  DESCRIPTION_MAX,
  REMINDERS,
  TASK_LIST_MAX_PAGE,
  TASK_LIST_PAGE_SIZE,
  TASK_TYPE_NAMES,
  type TaskStatus,
  type TaskType,
} from '../../shared/tasks.ts';
import { commaSeparatedIds, pageOf, pageParams, queryFlag, requiredText, ZIsoDate } from '../../shared/validation.ts';
import { REPEAT_SCOPES, ZSetRepeat, ZTaskRepeat } from './repeat.schemas.ts';
import { tasksMessages } from './tasks.messages.ts';

// Action items (tasks, cards) and what hangs off them: checklists, activity comments,
// attachments and share links (document 2 §3–§9). Imported by the server's routes and the
// client. Field names follow the spec's wire names: `taskTypeId` is the board list,
// `members` the member user ids, `userId` the owner.

export const TASK_TYPES = Object.keys(TASK_TYPE_NAMES) as [TaskType, ...TaskType[]];
export const ZTaskType = z.enum(TASK_TYPES);
export const ZTaskStatus = z.enum(['0', '1', '2', '3'] satisfies TaskStatus[], { error: tasksMessages.selectStatus });
/** '4' is Overdue: shown for an active goal past its due date, never stored. */
export const ZShownStatus = z.enum(['0', '1', '2', '3', '4']);
export const ZReminder = z.enum(REMINDERS);
export const ZFlag = z.enum(['0', '1']);

const ZIds = z.array(z.uuid()).max(200);

/** Rich text (HTML from the editor); sanitized by the server before it is stored. */
export const ZRichText = z.string().max(DESCRIPTION_MAX, { error: messages.descriptionTooLong });

/** Checklist progress of a card: items done out of all its checklists' items. */
export const ZChecklistProgress = z.object({ done: z.number(), total: z.number() }).meta({ id: 'ChecklistProgress' });

export const ZMilestoneProgress = z
  .object({
    done: z.number(),
    total: z.number(),
    next: z.object({ title: z.string(), dueDate: z.string().nullable() }).nullable(),
  })
  .meta({ id: 'MilestoneProgress' });

/** A card as boards and action-item lists show it (no description: the card dialog loads it). */
export const ZCard = z
  .object({
    id: z.string(),
    title: z.string(),
    type: ZTaskType,
    status: ZTaskStatus,
    /** The status to show: '4' (Overdue) for an active goal past its due date. */
    shownStatus: ZShownStatus,
    dueDate: z.string().nullable(),
    reminder: ZReminder,
    /** The owner. */
    userId: z.string().nullable(),
    meetingIds: z.array(z.string()),
    boardId: z.string().nullable(),
    /** The board list (the spec's task type id). */
    taskTypeId: z.string().nullable(),
    members: z.array(z.string()),
    labelIds: z.array(z.string()),
    showInTasks: ZFlag,
    quarterId: z.string().nullable(),
    sort: z.number(),
    isLocked: z.boolean(),
    /** One of a series that still makes occurrences (a repeating to-do or card). */
    repeats: z.boolean(),
    /** Set while the status is '1' (Done). */
    completedAt: z.string().nullable(),
    /** The live session it was solved in (an issue solved in the room). */
    completedInSessionId: z.string().nullable(),
    /** The item it was made from in a meeting: an issue for its to-dos, a headline for its issue or to-do. */
    sourceTaskId: z.string().nullable(),
    hasDescription: z.boolean(),
    checklist: ZChecklistProgress,
    /** A goal's milestones: how many are done of all, and the first open one (none on other cards). */
    milestones: ZMilestoneProgress,
    attachmentCount: z.number(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
    changedAt: z.string(),
    changedBy: z.string().nullable(),
  })
  .meta({ id: 'Card' });
export type Card = z.infer<typeof ZCard>;

/** The whole card, for the card dialog and task panel. */
export const ZTask = ZCard.extend({
  description: z.string().nullable(),
  watchers: z.array(z.string()),
  /** Names for the breadcrumb meeting > board > list. */
  meetingTitle: z.string().nullable(),
  boardName: z.string().nullable(),
  taskTypeName: z.string().nullable(),
  /** Whether a share link is active (`GET tasks/{id}/share` gives it). */
  shared: z.boolean(),
  permissions: z.object({ canEdit: z.boolean(), canDelete: z.boolean() }),
  /** Its series' rule while it repeats; null otherwise. */
  repeat: ZTaskRepeat.nullable(),
}).meta({ id: 'Task' });
export type Task = z.infer<typeof ZTask>;

const nullableDate = ZIsoDate.nullish().transform((value) => value ?? null);
const nullableId = z
  .uuid()
  .nullish()
  .transform((value) => value ?? null);

/** `POST tasks` (saveTask): a card or action item. A user (owner) is required. */
export const ZCreateTask = z.object({
  title: requiredText(500),
  description: ZRichText.nullish(),
  type: ZTaskType.default('4'),
  status: ZTaskStatus.default('0'),
  dueDate: nullableDate,
  reminder: ZReminder.nullish().transform((value) => value ?? 'none'),
  userId: z.uuid({ error: messages.required }),
  meetingIds: ZIds.default([]),
  boardId: nullableId,
  taskTypeId: nullableId,
  /** Defaults to the owner alone. */
  members: ZIds.optional(),
  watchers: ZIds.optional(),
  labelIds: ZIds.optional(),
  showInTasks: ZFlag.default('1'),
  quarterId: z.string().max(50).nullish(),
  isLocked: z.boolean().optional(),
  /** Makes it repeat at once (as `PUT tasks/{id}/repeat`), in the same write. */
  repeat: ZSetRepeat.optional(),
});
export type CreateTask = z.infer<typeof ZCreateTask>;

/** `PATCH tasks/{id}`: any field; rules (statuses, lock, members, action items) are checked. */
export const ZUpdateTask = z.object({
  title: requiredText(500).optional(),
  description: ZRichText.nullish(),
  /**
   * The description this one was typed over, as the card answered it (null: none). When given, a
   * description someone else changed since is not overwritten: 409, and nothing of the change is saved.
   */
  descriptionBase: z.string().max(DESCRIPTION_MAX, { error: messages.descriptionTooLong }).nullish(),
  type: ZTaskType.optional(),
  status: ZTaskStatus.optional(),
  dueDate: ZIsoDate.nullish(),
  reminder: ZReminder.optional(),
  userId: z.uuid().optional(),
  meetingIds: ZIds.optional(),
  /** null: "No Board" (only for an action item with members). */
  boardId: z.uuid().nullish(),
  taskTypeId: z.uuid().nullish(),
  members: ZIds.optional(),
  labelIds: ZIds.optional(),
  showInTasks: ZFlag.optional(),
  quarterId: z.string().max(50).nullish(),
  isLocked: z.boolean().optional(),
  /** On a repeating card: this occurrence only (default), or also the later ones and those to come. */
  repeatScope: z.enum(REPEAT_SCOPES).optional(),
});
export type UpdateTask = z.infer<typeof ZUpdateTask>;

/** `GET tasks`: action items of a meeting, or of a member (getTasksByMember), or the caller's. */
export const ZTaskListQuery = z.object({
  meetingId: z.uuid().optional(),
  /** A member's action items; the caller's own when neither this nor meetingId is given. */
  memberId: z.uuid().optional(),
  /**
   * Leaves out the items all of whose meetings are among these (home's avatar strip, decision
   * 069): an item of several meetings stays while one of them is not hidden, an item of no
   * meeting always stays. Comma-separated meeting ids; an id of no meeting the caller sees hides
   * nothing of theirs, so it changes nothing.
   */
  hiddenMeetingIds: commaSeparatedIds(HOME_HIDDEN_MEETINGS_MAX).optional(),
  type: ZTaskType.optional(),
  /** active: not done (goals: not done nor incomplete); done; all (default). */
  state: z.enum(['active', 'done', 'all']).default('all'),
  /** Only cards shown in action items (default true). */
  inTasks: queryFlag(true),
  /** Paging: the first item of the page, and how many (decision 039). */
  ...pageParams({ size: TASK_LIST_PAGE_SIZE, max: TASK_LIST_MAX_PAGE }),
});
export type TaskListQuery = z.infer<typeof ZTaskListQuery>;

/** A page of a list of cards: `items` from `offset`, of `total` in the list. */
export const ZTaskPage = pageOf(ZCard).meta({ id: 'TaskPage' });
export type TaskPage = z.infer<typeof ZTaskPage>;

export const ZTaskCountsQuery = z.object({ meetingId: z.uuid() });
export type TaskCountsQuery = z.infer<typeof ZTaskCountsQuery>;

/** A meeting's action items by type: how many are active and how many done (types with none are left out). */
export const ZTaskCounts = z
  .array(z.object({ type: ZTaskType, active: z.number(), done: z.number() }))
  .meta({ id: 'TaskCounts' });
export type TaskCounts = z.infer<typeof ZTaskCounts>;

/** Where a card goes on Move or Copy: meeting, then board, then list (each optional). */
export const ZMoveTask = z.object({
  meetingIds: ZIds.default([]),
  boardId: nullableId,
  taskTypeId: nullableId,
  /**
   * When members of the card are not in the target meeting, the call answers 409 with
   * `messages.membersNotInMeeting`; sending it again with confirm: true unassigns them.
   */
  confirm: z.boolean().default(false),
});
export type MoveTask = z.infer<typeof ZMoveTask>;

/**
 * A drag and drop of one card (boards, action-item columns, grouping by user). `orderedIds`
 * is the destination's order after the drop as the client shows it; the server rewrites `sort`
 * from it. Into a board list it may name only part of the list (its first page, or the cards
 * the filters let through): the card lands after the one it follows there, the others keep
 * their places.
 */
export const ZDropTask = z.object({
  /** Destination board list. */
  taskTypeId: z.uuid().optional(),
  /** Destination column of an action-items view: active sets '0', done sets '1'. */
  column: z.enum(['active', 'done']).optional(),
  /**
   * Grouped by user: the card leaves `fromUserId`'s group for `toUserId`'s (owner and members
   * follow); `toUserId` alone (from "No one") makes that person its owner and a member.
   */
  fromUserId: z.uuid().optional(),
  toUserId: z.uuid().optional(),
  /**
   * The meeting whose action-item list (the card's type, open) `orderedIds` is a part of, when
   * the drop is not into a board list. The list is paged: `orderedIds` may name only the items
   * loaded, and the card lands after the one it follows there (before the one after it when it
   * is first); every other item keeps its place. Without it, `orderedIds` is the whole order.
   */
  meetingId: z.uuid().optional(),
  orderedIds: z.array(z.uuid()).max(10_000).default([]),
});
export type DropTask = z.infer<typeof ZDropTask>;

/** `PATCH task-types/{id}/update-tasks-order`: the list's cards in their new order. */
export const ZTasksOrder = z.object({ taskIds: z.array(z.uuid()).max(10_000) });
export type TasksOrder = z.infer<typeof ZTasksOrder>;

export const ZWatchers = z.object({ userIds: ZIds.min(1, { error: messages.atLeastOneEntity }) });

// Checklists

export const ZChecklistItem = z
  .object({
    id: z.string(),
    checklistId: z.string(),
    title: z.string(),
    status: ZFlag,
    sort: z.number(),
    /** Who does it (someone the card may be assigned to): it shows among their action items. */
    ownerId: z.string().nullable(),
    dueDate: z.string().nullable(),
  })
  .meta({ id: 'ChecklistItem' });
export type ChecklistItem = z.infer<typeof ZChecklistItem>;

export const ZChecklist = z
  .object({
    id: z.string(),
    taskId: z.string(),
    title: z.string(),
    sort: z.number(),
    items: z.array(ZChecklistItem),
    /** Share of items done, 0–100 (0 for an empty checklist). */
    progress: z.number(),
    changedAt: z.string(),
    changedBy: z.string().nullable(),
  })
  .meta({ id: 'Checklist' });
export type Checklist = z.infer<typeof ZChecklist>;

/** `POST checklists` (saveChecklist); copyFromId copies that checklist's items (status reset to '0'). */
export const ZCreateChecklist = z.object({
  taskId: z.uuid(),
  title: requiredText(200),
  copyFromId: z.uuid().nullish(),
});
export const ZUpdateChecklist = z.object({ title: requiredText(200) });

export const ZCreateChecklistItem = z.object({
  checklistId: z.uuid(),
  title: requiredText(500),
  status: ZFlag.default('0'),
  ownerId: z.uuid().nullish(),
  dueDate: ZIsoDate.nullish(),
});
export const ZUpdateChecklistItem = z.object({
  title: requiredText(500).optional(),
  status: ZFlag.optional(),
  ownerId: z.uuid().nullish(),
  dueDate: ZIsoDate.nullish(),
});
export type ChecklistItemInput = { ownerId?: string | null | undefined; dueDate?: string | null | undefined };

/** Home's To Do's lists of the caller's own steps (milestones, checklist items). */
export const ZMyItemsQuery = z.object({
  /** As on `GET /tasks`: leaves out those of cards all of whose meetings are hidden. */
  hiddenMeetingIds: commaSeparatedIds(HOME_HIDDEN_MEETINGS_MAX).optional(),
});

/** The caller's open checklist items (home's To Do's), soonest due first: at most this many. */
export const MY_CHECKLIST_ITEMS_MAX = 50;
export const ZMyChecklistItem = z
  .object({
    id: z.uuid(),
    title: z.string(),
    dueDate: z.string().nullable(),
    checklistId: z.uuid(),
    taskId: z.uuid(),
    taskTitle: z.string(),
  })
  .meta({ id: 'MyChecklistItem' });
export type MyChecklistItem = z.infer<typeof ZMyChecklistItem>;
export const ZMyChecklistItems = z
  .object({ items: z.array(ZMyChecklistItem), total: z.number() })
  .meta({ id: 'MyChecklistItems' });
export type MyChecklistItems = z.infer<typeof ZMyChecklistItems>;

/** A meeting's open checklist items that have an owner (the live To-Do review): at most this many. */
export const MEETING_CHECKLIST_ITEMS_MAX = 100;
export const ZMeetingChecklistItemsQuery = z.object({ meetingId: z.uuid() });
export const ZOwnedChecklistItem = ZMyChecklistItem.extend({ ownerId: z.uuid() }).meta({ id: 'OwnedChecklistItem' });
export type OwnedChecklistItem = z.infer<typeof ZOwnedChecklistItem>;
export const ZMeetingChecklistItems = z
  .object({ items: z.array(ZOwnedChecklistItem), total: z.number() })
  .meta({ id: 'MeetingChecklistItems' });
export type MeetingChecklistItems = z.infer<typeof ZMeetingChecklistItems>;

// Activities (comments)

export const ZActivity = z
  .object({
    id: z.string(),
    taskId: z.string(),
    /** Sanitized HTML. */
    description: z.string(),
    createdAt: z.string(),
    changedAt: z.string(),
    changedBy: z.string().nullable(),
    author: ZPersonSummary.nullable(),
    /** The name of the API token the comment was written through, if any (decision 093). */
    viaToken: z.string().nullable(),
    permissions: z.object({ canEdit: z.boolean(), canDelete: z.boolean() }),
  })
  .meta({ id: 'Activity' });
export type Activity = z.infer<typeof ZActivity>;

export const ZCreateActivity = z.object({ taskId: z.uuid(), description: requiredText(DESCRIPTION_MAX) });
export const ZUpdateActivity = z.object({ description: requiredText(DESCRIPTION_MAX) });

// Attachments (multipart upload, field `file`)

export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

export const ZAttachment = z
  .object({
    id: z.string(),
    taskId: z.string(),
    fileName: z.string(),
    mimeType: z.string(),
    size: z.number(),
    /** Shown as an image in the activity log (jpeg, jpg, png, gif, tiff). */
    isImage: z.boolean(),
    /** The API path that streams the file (signed-in callers who may see the card). */
    url: z.string(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
  })
  .meta({ id: 'Attachment' });
export type Attachment = z.infer<typeof ZAttachment>;

// Share links

export const ZShareLink = z
  .object({
    token: z.string(),
    /** The client route: `/task-preview/{token}`. */
    path: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'ShareLink' });
export type ShareLink = z.infer<typeof ZShareLink>;

/** What anyone with the link sees: that one card, read-only, with no ids of the workspace. */
export const ZTaskPreview = z
  .object({
    title: z.string(),
    description: z.string().nullable(),
    type: ZTaskType,
    status: ZTaskStatus,
    shownStatus: ZShownStatus,
    dueDate: z.string().nullable(),
    completedAt: z.string().nullable(),
    createdAt: z.string(),
    owner: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
    members: z.array(z.object({ firstName: z.string(), lastName: z.string() })),
    labels: z.array(z.object({ name: z.string(), color: z.string() })),
    checklists: z.array(
      z.object({
        title: z.string(),
        progress: z.number(),
        items: z.array(z.object({ title: z.string(), status: ZFlag })),
      }),
    ),
  })
  .meta({ id: 'TaskPreview' });
export type TaskPreview = z.infer<typeof ZTaskPreview>;
