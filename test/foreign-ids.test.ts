import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board, BoardList, Label } from '../src/features/boards/boards.schemas.ts';
import type { Score } from '../src/features/kpis/kpis.schemas.ts';
import type { StartedMeeting } from '../src/features/live/live.schemas.ts';
import type { AgendaItem, Meeting, MeetingFolder } from '../src/features/meetings/meetings.schemas.ts';
import type { Checklist, Task } from '../src/features/tasks/tasks.schemas.ts';
import { assertInWorkspace } from '../src/server/tenancy.ts';
import { messages } from '../src/shared/messages.ts';
import { calendarRecord, calendarYear } from './annual-fixtures.ts';
import { statementCountingApp, testApp } from './app.ts';
import { type ApiAnswer, createMeeting, joinWorkspace, type SignedUp, signUp, uniqueEmail } from './factories.ts';
import { scaled } from './slow.ts';

// Every id a request body names must be the caller's workspace's (docs/decisions/023). This
// walks the OpenAPI document: each operation whose body has an id-like field (uuid format, or a
// name ending in Id/Ids) must be in ROUTES below, with a valid body built in workspace A. Then,
// one field at a time, an id of the same kind from workspace B goes in: the answer must be 404
// in the error envelope, and workspace A must read back exactly as before. Finally the valid
// body must succeed, so the 404s were not caused by a broken request.

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

type Kind =
  | 'meeting'
  | 'user'
  | 'board'
  | 'list'
  | 'label'
  | 'task'
  | 'checklist'
  | 'milestone'
  | 'score'
  | 'session'
  | 'agendaItem'
  | 'meetingFolder'
  | 'fileFolder'
  | 'group'
  | 'notification'
  // Org chart and vision board
  | 'seat'
  | 'visionTemplate'
  // Time tracking
  | 'timeAccount'
  | 'timeProject'
  | 'timeTask'
  | 'timeEntry'
  // administration
  | 'annual'
  // Password vault
  | 'vaultFolder'
  // Agency tools: the workspace's own content (shipped content is every workspace's)
  | 'agencyCategory'
  | 'agencyItem'
  | 'agencyColumn';

/** A workspace with one record of every kind a body can name. */
interface Workspace {
  admin: SignedUp;
  member: SignedUp;
  meeting: Meeting;
  second: Meeting;
  board: Board;
  lists: BoardList[];
  label: Label;
  task: Task;
  other: Task;
  checklist: Checklist;
  score: Score;
  agenda: AgendaItem[];
  folder: MeetingFolder;
  fileFolder: { id: string };
  file: { id: string };
  group: { id: string };
  /** The default org chart's seats. */
  seats: { id: string; jobTitle: string }[];
  // Time tracking
  timeAccount: { id: string };
  timeProject: { id: string; tasks: { id: string }[] };
  timeEntry: { id: string };
  ids: Record<Kind, string>;
}

const must = <T>(answer: ApiAnswer<T>, what: string): T => {
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.result;
};

const workspace = async (): Promise<Workspace> => {
  const admin = await signUp(app, { firstName: 'Ada' });
  const member = await joinWorkspace(app, admin, { firstName: 'Ben' });
  const { api } = admin;
  const meeting = await createMeeting(admin, [member.userId]);
  const second = await createMeeting(admin, [member.userId], { title: 'Second' });
  const board = must(
    await api.post<Board>('/boards', { name: 'Sprint', meetingIds: [meeting.id], lists: ['Doing', 'Done'] }),
    'board',
  );
  const lists = must(await api.get<BoardList[]>(`/boards/${board.id}/task-types`), 'lists');
  const label = must(await api.post<Label>('/labels', { name: 'Red', color: '#ff0000', boardId: board.id }), 'label');
  const card = (title: string) =>
    api.post<Task>('/tasks', {
      title,
      userId: admin.userId,
      meetingIds: [meeting.id],
      boardId: board.id,
      taskTypeId: lists[0]!.id,
      members: [admin.userId, member.userId],
      labelIds: [label.id],
    });
  const task = must(await card('Call the bank'), 'task');
  const other = must(await card('Write the plan'), 'other task');
  const checklist = must(await api.post<Checklist>('/checklists', { taskId: task.id, title: 'Steps' }), 'checklist');
  const score = must(
    await api.post<Score>(`/meetings/${meeting.id}/scores`, {
      title: 'Revenue',
      userId: admin.userId,
      goal: '>=',
      score: '1',
    }),
    'score',
  );
  const agenda = must(await api.get<AgendaItem[]>(`/meetings/${meeting.id}/agenda-items`), 'agenda');
  const folder = must(await api.post<MeetingFolder>('/meeting-folders', { name: 'Mine' }), 'folder');
  const fileFolder = must(
    await api.post<{ id: string }>(`/meetings/${meeting.id}/file-folders`, { name: 'Docs' }),
    'file folder',
  );
  const [file] = must(
    await api.post<{ id: string }[]>(`/meetings/${meeting.id}/files`, {
      files: [{ name: 'Plan', externalLink: 'https://files.example.test/plan.pdf', description: null }],
    }),
    'file',
  );
  const sessions = must(await api.get<{ id: string }[]>(`/meetings/${meeting.id}/sessions`), 'sessions');
  const group = must(await api.post<{ id: string }>('/groups', { name: 'Leads', userIds: [member.userId] }), 'group');
  // A goal with a milestone: the milestones' order names them.
  const goal = must(
    await api.post<{ id: string }>('/tasks', {
      title: 'Open an office',
      type: '1',
      userId: admin.userId,
      meetingIds: [meeting.id],
    }),
    'goal',
  );
  const milestone = must(
    await api.post<{ items: { id: string }[] }>(`/tasks/${goal.id}/milestones`, { title: 'Find a place' }),
    'milestone',
  ).items[0]!;
  // Ben comments on Ada's card: Ada has a notification.
  must(await member.api.post('/activities', { taskId: task.id, description: 'On it' }), 'comment');
  const bell = must(await api.get<{ items: { id: string }[] }>('/notifications'), 'notifications');
  // Org chart and vision board
  const { seats } = must(await api.post<{ seats: { id: string; jobTitle: string }[] }>('/org-chart'), 'org chart');
  const vision = must(
    await api.post<{ id: string }>('/vision/templates', { title: 'V/TO', catalogKey: 'vto' }),
    'vision',
  );
  // Time tracking: an account, a project with Ada and Ben on it, and Ada's entry.
  const timeAccount = must(await api.post<{ id: string }>('/time/accounts', { title: 'Acme' }), 'time account');
  const timeProject = must(
    await api.post<{ id: string; tasks: { id: string }[] }>('/time/projects', {
      accountId: timeAccount.id,
      name: 'Website',
      tasks: [{ title: 'Design' }],
      teams: [{ userId: admin.userId, manage: true }, { userId: member.userId }],
    }),
    'time project',
  );
  const timeEntry = must(
    await api.post<{ id: string }>('/time/entries', {
      projectId: timeProject.id,
      taskId: timeProject.tasks[0]!.id,
      spentOn: '2026-03-02',
      minutes: 30,
    }),
    'time entry',
  );
  // administration: next year's periods.
  const annual = must(await api.post<{ id: string }>('/annuals', calendarYear(NEXT_YEAR)), 'annual');
  // Password vault
  const vaultFolder = must(
    await api.post<{ id: string }>(`/meetings/${meeting.id}/password-folders`, { name: 'Keys' }),
    'vault folder',
  );
  // Agency tools: a category, framework and column of the workspace's own.
  const agencyCategory = must(
    await api.post<{ id: string }>('/agency/categories', {
      title: 'Hiring',
      avatar: 'users',
      color: 'teal',
      buttonTitle: 'Open',
    }),
    'agency category',
  );
  const agencyItem = must(
    await api.post<{ id: string }>('/agency/items', { categoryId: agencyCategory.id, title: 'Role scorecard' }),
    'agency item',
  );
  const agencyColumn = must(
    await api.post<{ id: string }>('/agency/columns', { itemId: agencyItem.id, title: 'Mission', color: 'blue' }),
    'agency column',
  );
  return {
    timeAccount,
    timeProject,
    timeEntry,
    group,
    seats,
    admin,
    member,
    meeting,
    second,
    board,
    lists,
    label,
    task,
    other,
    checklist,
    score,
    agenda,
    folder,
    fileFolder,
    file: file!,
    ids: {
      meeting: meeting.id,
      user: admin.userId,
      board: board.id,
      list: lists[0]!.id,
      label: label.id,
      task: task.id,
      checklist: checklist.id,
      milestone: milestone.id,
      score: score.id,
      session: sessions[0]!.id,
      agendaItem: agenda[0]!.id,
      meetingFolder: folder.id,
      fileFolder: fileFolder.id,
      group: group.id,
      notification: bell.items[0]!.id,
      seat: seats.find((seat) => seat.jobTitle === 'Sales')!.id,
      visionTemplate: vision.id,
      timeAccount: timeAccount.id,
      timeProject: timeProject.id,
      timeTask: timeProject.tasks[0]!.id,
      timeEntry: timeEntry.id,
      annual: annual.id,
      vaultFolder: vaultFolder.id,
      agencyCategory: agencyCategory.id,
      agencyItem: agencyItem.id,
      agencyColumn: agencyColumn.id,
    },
  };
};

// administration: next year's calendar quarters (test/annual-fixtures.ts).
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

/** The kind of record an id field names, by its name (a route may say otherwise in `kinds`). */
const KIND_BY_NAME: Record<string, Kind> = {
  meetingIds: 'meeting',
  sourceMeetingId: 'meeting',
  hiddenMeetingIds: 'meeting',
  administrators: 'user',
  members: 'user',
  watchers: 'user',
  userId: 'user',
  userIds: 'user',
  fromUserId: 'user',
  toUserId: 'user',
  notAttended: 'user',
  boardId: 'board',
  boardIds: 'board',
  boardListId: 'list',
  taskTypeId: 'list',
  listIds: 'list',
  labelIds: 'label',
  taskId: 'task',
  taskIds: 'task',
  orderedIds: 'task',
  checklistId: 'checklist',
  copyFromId: 'checklist',
  parentId: 'fileFolder',
  folderId: 'fileFolder',
  ids: 'score',
  groupIds: 'group',
  // Org chart and vision board
  coworkers: 'user',
  fromTemplateId: 'visionTemplate',
  // Time tracking
  accountId: 'timeAccount',
  projectId: 'timeProject',
  entryId: 'timeEntry',
  meetingId: 'meeting',
  sessionId: 'session',
};

/**
 * Id-like body fields that do not name a record of the workspace, and why. Anything else
 * id-like must be covered by ROUTES.
 */
const NOT_WORKSPACE_REFERENCES: Record<string, string> = {
  'POST /api/v2/switch-tenant id': 'a workspace, checked against the caller’s memberships',
  'POST /api/v2/tenants/add-user id': 'the person being added: not a member yet by definition',
  'POST /api/v2/meetings templateId': 'a built-in agenda template’s key, not a row',
  'POST /api/v2/sessions/{id}/cascading-messages audienceGroupId':
    'kept only for a group audience; its foreign ids are tested in live.conclude.test.ts',
  'PUT /api/v2/sessions/{id}/cascading-messages/{messageId} audienceGroupId':
    'kept only for a group audience; its foreign ids are tested in live.conclude.test.ts',
  'POST /api/v2/tasks quarterId': 'free text until the Quarters area exists (docs/decisions/010)',
  'PATCH /api/v2/tasks/{id} quarterId': 'free text until the Quarters area exists (docs/decisions/010)',
  // administration
  'POST /api/v2/general-settings id': "the spec's settings record id, always '1' (one record per workspace)",
  // Slack: Slack's own ids, not Cadence rows
  'PUT /api/v2/meetings/{id}/slack channelId': 'a Slack channel id, checked with Slack (conversations.info)',
  'POST /api/v2/slack/commands teamId': 'the Slack team, mapped to the connected workspace',
  'POST /api/v2/slack/commands userId': 'the Slack user, mapped by email to a member of that workspace',
  // Single sign-on (decision 103): the workspace is the path's, checked in sso.settings.test.ts
  'PUT /api/v2/workspaces/{id}/sso clientId': "the OpenID provider's client id, not a Cadence row",
  // Passkeys (decision 104): no workspace in them; the ceremony is the caller's own
  'POST /api/v2/self/passkeys challengeId':
    "a passkey ceremony's, bound to its person (another's is 400: passkeys.test.ts)",
  'POST /api/v2/self/passkeys response.id': "the authenticator's credential id, not a Cadence row",
  'POST /api/v2/self/passkeys response.rawId': "the authenticator's credential id, not a Cadence row",
  // People tools (decisions 108–110): their foreign ids are tested in people-tools.test.ts and people-tools.privacy.test.ts
  'PUT /api/v2/core-values/order ids': 'core values: tested in people-tools.test.ts',
  'PUT /api/v2/reporting-lines/{id} managerId': 'a person: tested in people-tools.test.ts',
  'POST /api/v2/one-on-ones managerId': 'a person: tested in people-tools.privacy.test.ts',
  'POST /api/v2/one-on-ones reportId': 'a person: tested in people-tools.privacy.test.ts',
  'POST /api/v2/one-on-one-meetings/{id}/points/{pointId}/convert meetingId':
    'a meeting: tested in people-tools.test.ts',
  'POST /api/v2/signin/passkey challengeId': 'a sign-in ceremony, which names no one until its passkey is verified',
  'POST /api/v2/signin/passkey response.id': "the authenticator's credential id, not a Cadence row",
  'POST /api/v2/signin/passkey response.rawId': "the authenticator's credential id, not a Cadence row",
};

interface Route {
  /** Runs before the calls, for a route that needs more than the workspace (a live session). */
  prepare?: (a: Workspace) => Promise<Record<string, string>>;
  /** The valid call in workspace A. */
  valid: (a: Workspace, extra: Record<string, string>) => { url: string; body: Record<string, unknown> };
  /** The kind of a field whose name alone does not tell it (path as in `idFields`). */
  kinds?: Record<string, Kind>;
}

/** A goal of the meeting with one milestone: the milestone routes' records. */
const goalWithMilestone = async (a: Workspace) => {
  const goal = must(
    await a.admin.api.post<{ id: string }>('/tasks', {
      title: 'Open an office',
      type: '1',
      userId: a.admin.userId,
      meetingIds: [a.meeting.id],
    }),
    'goal',
  );
  const steps = must(
    await a.admin.api.post<{ items: { id: string }[] }>(`/tasks/${goal.id}/milestones`, { title: 'Find a place' }),
    'milestone',
  );
  return { goalId: goal.id, milestoneId: steps.items[0]!.id };
};

const agendaBody = (a: Workspace) => ({
  agendaItems: a.agenda.map((item, index) => ({
    id: item.id,
    title: item.title,
    keyName: item.keyName,
    checked: item.checked,
    duration: item.duration,
    description: item.description,
    ...(index === 0 ? { boardId: a.board.id, boardListId: a.lists[0]!.id } : {}),
    // Agency tools: a framework linked on an agenda item is the workspace's.
    ...(index === 1 ? { agencyItemId: a.ids.agencyItem } : {}),
  })),
});

const cardBody = (a: Workspace) => ({
  title: 'New card',
  userId: a.admin.userId,
  meetingIds: [a.meeting.id],
  boardId: a.board.id,
  taskTypeId: a.lists[1]!.id,
  members: [a.admin.userId, a.member.userId],
  labelIds: [a.label.id],
});

// Time tracking's bodies (valid in workspace A).
const timeProjectBody = (a: Workspace, existing: boolean) => ({
  accountId: a.timeAccount.id,
  name: 'Website',
  meetingId: a.meeting.id,
  tasks: [{ ...(existing ? { id: a.timeProject.tasks[0]!.id } : {}), title: 'Design' }],
  teams: [{ userId: a.admin.userId, manage: true }, { userId: a.member.userId }],
});
const timeEntryBody = (a: Workspace) => ({
  projectId: a.timeProject.id,
  taskId: a.timeProject.tasks[0]!.id,
  spentOn: '2026-03-03',
  minutes: 45,
  meetingId: a.meeting.id,
  // One of that meeting's sessions (decision 068).
  sessionId: a.ids.session,
});

/** Every operation with ids in its body: 'METHOD /path' as in the OpenAPI document. */
const ROUTES: Record<string, Route> = {
  // Home's meeting strip (decision 069): the meetings hidden on home are the workspace's.
  'PATCH /api/v2/self/settings': {
    valid: (a) => ({ url: '/self/settings', body: { hiddenMeetingIds: [a.meeting.id] } }),
  },
  'POST /api/v2/users': {
    valid: (a) => ({
      url: '/users',
      body: { firstName: 'New', lastName: 'Person', email: uniqueEmail('foreign'), groupIds: [a.group.id] },
    }),
  },
  'PATCH /api/v2/users/{id}': {
    valid: (a) => ({ url: `/users/${a.member.userId}`, body: { groupIds: [a.group.id] } }),
  },
  'POST /api/v2/groups': {
    valid: (a) => ({ url: '/groups', body: { name: 'Ops', userIds: [a.member.userId] } }),
  },
  'PATCH /api/v2/groups/{id}': {
    valid: (a) => ({ url: `/groups/${a.group.id}`, body: { userIds: [a.member.userId, a.admin.userId] } }),
  },
  'POST /api/v2/meetings': {
    valid: (a) => ({
      url: '/meetings',
      body: {
        operation: 'clone',
        sourceMeetingId: a.meeting.id,
        title: 'Copy',
        sharepointUrl: 'meet.example.com/copy',
        type: 'meeting',
        startDate: '2026-01-05',
        startTime: '09:00',
        timezone: 'UTC',
        repeatType: 'weeks',
        repeatEvery: 1,
        administrators: [a.admin.userId],
        members: [a.member.userId],
      },
    }),
  },
  'PATCH /api/v2/meetings/{id}': {
    valid: (a) => ({
      url: `/meetings/${a.meeting.id}`,
      body: { administrators: [a.admin.userId], members: [a.member.userId] },
    }),
  },
  'PATCH /api/v2/meetings/{id}/folder': {
    valid: (a) => ({ url: `/meetings/${a.meeting.id}/folder`, body: { folderId: a.folder.id } }),
    kinds: { folderId: 'meetingFolder' },
  },
  'PUT /api/v2/meetings/{id}/agenda-items': {
    valid: (a) => ({ url: `/meetings/${a.meeting.id}/agenda-items`, body: agendaBody(a) }),
    kinds: { 'agendaItems[].id': 'agendaItem', 'agendaItems[].agencyItemId': 'agencyItem' },
  },
  'POST /api/v2/meetings/{id}/file-folders': {
    valid: (a) => ({ url: `/meetings/${a.meeting.id}/file-folders`, body: { name: 'Sub', parentId: a.fileFolder.id } }),
  },
  'POST /api/v2/meetings/{id}/files': {
    valid: (a) => ({
      url: `/meetings/${a.meeting.id}/files`,
      body: {
        files: [
          { name: 'Deck', externalLink: 'https://files.example.test/deck.pdf', folderId: a.fileFolder.id },
          { name: 'Notes', externalLink: 'https://files.example.test/notes.txt' },
        ],
      },
    }),
  },
  'PATCH /api/v2/meetings/{id}/files/{fileId}': {
    valid: (a) => ({ url: `/meetings/${a.meeting.id}/files/${a.file.id}`, body: { folderId: a.fileFolder.id } }),
  },
  'POST /api/v2/tasks': {
    valid: (a) => ({ url: '/tasks', body: { ...cardBody(a), watchers: [a.member.userId] } }),
  },
  'PATCH /api/v2/tasks/{id}': {
    valid: (a) => ({ url: `/tasks/${a.task.id}`, body: { ...cardBody(a), userId: a.member.userId } }),
  },
  'POST /api/v2/tasks/{id}/move': {
    valid: (a) => ({
      url: `/tasks/${a.task.id}/move`,
      body: { meetingIds: [a.meeting.id], boardId: a.board.id, taskTypeId: a.lists[1]!.id },
    }),
  },
  'POST /api/v2/tasks/{id}/move-check': {
    valid: (a) => ({
      url: `/tasks/${a.task.id}/move-check`,
      body: { meetingIds: [a.meeting.id], boardId: a.board.id, taskTypeId: a.lists[1]!.id },
    }),
  },
  'POST /api/v2/tasks/{id}/copy': {
    valid: (a) => ({
      url: `/tasks/${a.task.id}/copy`,
      body: { meetingIds: [a.meeting.id], boardId: a.board.id, taskTypeId: a.lists[1]!.id },
    }),
  },
  'PATCH /api/v2/tasks/{id}/drop': {
    valid: (a) => ({
      url: `/tasks/${a.task.id}/drop`,
      body: {
        taskTypeId: a.lists[1]!.id,
        fromUserId: a.member.userId,
        toUserId: a.admin.userId,
        orderedIds: [a.task.id],
        // meeting: the meeting whose paged action-item list the order is part of
        meetingId: a.meeting.id,
      },
    }),
    kinds: { meetingId: 'meeting' },
  },
  'PATCH /api/v2/task-types/{id}/update-tasks-order': {
    valid: (a) => ({
      url: `/task-types/${a.lists[0]!.id}/update-tasks-order`,
      body: { taskIds: [a.other.id, a.task.id] },
    }),
  },
  'POST /api/v2/tasks/{id}/watchers': {
    valid: (a) => ({ url: `/tasks/${a.task.id}/watchers`, body: { userIds: [a.member.userId] } }),
  },
  'DELETE /api/v2/tasks/{id}/watchers': {
    prepare: async (a) => {
      must(await a.admin.api.post(`/tasks/${a.task.id}/watchers`, { userIds: [a.member.userId] }), 'watch');
      return {};
    },
    valid: (a) => ({ url: `/tasks/${a.task.id}/watchers`, body: { userIds: [a.member.userId] } }),
  },
  'POST /api/v2/checklists': {
    valid: (a) => ({ url: '/checklists', body: { taskId: a.task.id, title: 'Copy', copyFromId: a.checklist.id } }),
  },
  'POST /api/v2/checklist-items': {
    valid: (a) => ({
      url: '/checklist-items',
      body: { checklistId: a.checklist.id, title: 'One', ownerId: a.member.userId },
    }),
    kinds: { ownerId: 'user' },
  },
  'PUT /api/v2/checklist-items/{id}': {
    prepare: async (a) => {
      const list = must(
        await a.admin.api.post<Checklist>('/checklist-items', { checklistId: a.checklist.id, title: 'Two' }),
        'checklist item',
      );
      return { itemId: list.items.at(-1)!.id };
    },
    valid: (a, extra) => ({ url: `/checklist-items/${extra.itemId}`, body: { ownerId: a.member.userId } }),
    kinds: { ownerId: 'user' },
  },
  'POST /api/v2/tasks/{id}/milestones': {
    prepare: (a) => goalWithMilestone(a),
    valid: (a, extra) => ({
      url: `/tasks/${extra.goalId}/milestones`,
      body: { title: 'Sign the lease', ownerId: a.member.userId },
    }),
    kinds: { ownerId: 'user' },
  },
  'PUT /api/v2/tasks/{id}/progress-sources': {
    prepare: (a) => goalWithMilestone(a),
    valid: (a, extra) => ({
      url: `/tasks/${extra.goalId}/progress-sources`,
      body: { cardIds: [a.task.id], kpi: { scoreId: a.score.id, target: '10' } },
    }),
    kinds: { cardIds: 'task', 'kpi.scoreId': 'score' },
  },
  'PATCH /api/v2/milestones/{id}': {
    prepare: (a) => goalWithMilestone(a),
    valid: (a, extra) => ({ url: `/milestones/${extra.milestoneId}`, body: { ownerId: a.member.userId } }),
    kinds: { ownerId: 'user' },
  },
  'PUT /api/v2/tasks/{id}/milestones/order': {
    prepare: (a) => goalWithMilestone(a),
    valid: (_a, extra) => ({ url: `/tasks/${extra.goalId}/milestones/order`, body: { ids: [extra.milestoneId] } }),
    kinds: { ids: 'milestone' },
  },
  'POST /api/v2/activities': {
    valid: (a) => ({ url: '/activities', body: { taskId: a.task.id, description: '<p>Done soon</p>' } }),
  },
  'POST /api/v2/boards': {
    valid: (a) => ({ url: '/boards', body: { name: 'Another', meetingIds: [a.meeting.id] } }),
  },
  'PUT /api/v2/boards/order': {
    valid: (a) => ({ url: '/boards/order', body: { boardIds: [a.board.id] } }),
  },
  'PATCH /api/v2/boards/{id}': {
    valid: (a) => ({ url: `/boards/${a.board.id}`, body: { meetingIds: [a.meeting.id, a.second.id] } }),
  },
  'PUT /api/v2/boards/{id}/task-types-order': {
    valid: (a) => ({
      url: `/boards/${a.board.id}/task-types-order`,
      body: { listIds: [a.lists[1]!.id, a.lists[0]!.id] },
    }),
  },
  'POST /api/v2/task-types': {
    valid: (a) => ({ url: '/task-types', body: { boardId: a.board.id, name: 'Later' } }),
  },
  'POST /api/v2/labels': {
    valid: (a) => ({ url: '/labels', body: { name: 'Blue', color: '#0000ff', boardId: a.board.id } }),
  },
  'PUT /api/v2/labels/{id}': {
    valid: (a) => ({ url: `/labels/${a.label.id}`, body: { name: 'Green', color: '#00ff00', boardId: a.board.id } }),
  },
  'POST /api/v2/meetings/{id}/scores': {
    valid: (a) => ({
      url: `/meetings/${a.meeting.id}/scores`,
      body: { title: 'Calls', userId: a.member.userId, goal: '>=', score: '5' },
    }),
  },
  'PUT /api/v2/meetings/{id}/scores/order': {
    valid: (a) => ({ url: `/meetings/${a.meeting.id}/scores/order`, body: { ids: [a.score.id] } }),
  },
  'PATCH /api/v2/scores/{id}': {
    valid: (a) => ({ url: `/scores/${a.score.id}`, body: { userId: a.member.userId } }),
  },
  'POST /api/v2/scores/{id}/clone': {
    valid: (a) => ({ url: `/scores/${a.score.id}/clone`, body: { userId: a.member.userId } }),
  },
  // Org chart and vision board
  'POST /api/v2/org-chart/seats': {
    valid: (a) => ({
      url: '/org-chart/seats',
      body: { row: 5, seatNumber: 1, jobTitle: 'New', parentId: a.ids.seat, coworkers: [a.member.userId] },
    }),
    kinds: { parentId: 'seat' },
  },
  'PATCH /api/v2/org-chart/seats/{id}': {
    valid: (a) => ({
      url: `/org-chart/seats/${a.ids.seat}`,
      body: { parentId: a.seats.find((seat) => seat.jobTitle === 'Visionary')!.id, coworkers: [a.member.userId] },
    }),
    kinds: { parentId: 'seat' },
  },
  'POST /api/v2/vision/templates': {
    valid: (a) => ({ url: '/vision/templates', body: { title: 'Copy', fromTemplateId: a.ids.visionTemplate } }),
  },
  'PATCH /api/v2/notifications/change-status': {
    valid: (a) => ({ url: '/notifications/change-status', body: { status: 'read', ids: [a.ids.notification] } }),
    kinds: { ids: 'notification' },
  },
  'POST /api/v2/sessions/{id}/finish': {
    prepare: async (a) => {
      const started = must(
        await a.admin.api.post<StartedMeeting>(`/meetings/${a.meeting.id}/start`, {
          confirmNotLeader: true,
          confirmUnscheduled: true,
        }),
        'start',
      );
      return { sessionId: started.sessionId };
    },
    valid: (_a, extra) => ({ url: `/sessions/${extra.sessionId}/finish`, body: { notAttended: [_a.member.userId] } }),
  },
  // Cascading messages: the audience's meeting (a group audience's id is covered in
  // src/features/live/server/live.conclude.test.ts: only the audience's own id is kept).
  'POST /api/v2/sessions/{id}/cascading-messages': {
    prepare: (a) => inTheRoom(a, '2'),
    valid: (a, extra) => ({
      url: `/sessions/${extra.sessionId}/cascading-messages`,
      body: { text: 'Heads up', audience: 'meeting', audienceMeetingId: a.meeting.id },
    }),
    kinds: { audienceMeetingId: 'meeting' },
  },
  'PUT /api/v2/sessions/{id}/cascading-messages/{messageId}': {
    prepare: async (a) => {
      const { sessionId } = await inTheRoom(a, '2');
      const message = must(
        await a.admin.api.post<{ id: string }>(`/sessions/${sessionId}/cascading-messages`, {
          text: 'Heads up',
          audience: 'everyone',
        }),
        'cascading message',
      );
      return { sessionId, messageId: message.id };
    },
    valid: (a, extra) => ({
      url: `/sessions/${extra.sessionId}/cascading-messages/${extra.messageId}`,
      body: { text: 'Heads up', audience: 'meeting', audienceMeetingId: a.meeting.id },
    }),
    kinds: { audienceMeetingId: 'meeting' },
  },
  'POST /api/v2/sessions/{id}/discussing': {
    prepare: (a) => inTheRoom(a, '2'),
    valid: (_a, extra) => ({ url: `/sessions/${extra.sessionId}/discussing`, body: { taskId: extra.itemId } }),
  },
  'POST /api/v2/sessions/{id}/issues/{taskId}/todos': {
    prepare: (a) => inTheRoom(a, '2'),
    valid: (a, extra) => ({
      url: `/sessions/${extra.sessionId}/issues/${extra.itemId}/todos`,
      body: { todos: [{ title: 'Follow up', userId: a.member.userId }] },
    }),
  },
  'POST /api/v2/sessions/{id}/headlines/{taskId}/convert': {
    prepare: (a) => inTheRoom(a, '3'),
    valid: (a, extra) => ({
      url: `/sessions/${extra.sessionId}/headlines/${extra.itemId}/convert`,
      body: { type: '4', userId: a.member.userId },
    }),
  },
  // Time tracking
  'POST /api/v2/time/projects': {
    valid: (a) => ({ url: '/time/projects', body: timeProjectBody(a, false) }),
    kinds: { 'tasks[].id': 'timeTask' },
  },
  'PUT /api/v2/time/projects/{id}': {
    valid: (a) => ({ url: `/time/projects/${a.timeProject.id}`, body: timeProjectBody(a, true) }),
    kinds: { 'tasks[].id': 'timeTask' },
  },
  'POST /api/v2/time/entries': {
    valid: (a) => ({ url: '/time/entries', body: timeEntryBody(a) }),
    kinds: { taskId: 'timeTask' },
  },
  'PUT /api/v2/time/entries/{id}': {
    valid: (a) => ({ url: `/time/entries/${a.timeEntry.id}`, body: timeEntryBody(a) }),
    kinds: { taskId: 'timeTask' },
  },
  'POST /api/v2/time/timer': {
    valid: (a) => ({
      url: '/time/timer',
      body: { projectId: a.timeProject.id, taskId: a.timeProject.tasks[0]!.id, meetingId: a.meeting.id },
    }),
    kinds: { taskId: 'timeTask' },
  },
  'PUT /api/v2/time/timesheet/cells': {
    valid: (a) => ({
      url: '/time/timesheet/cells',
      body: { projectId: a.timeProject.id, taskId: a.timeProject.tasks[0]!.id, spentOn: '2026-03-04', minutes: 30 },
    }),
    kinds: { taskId: 'timeTask' },
  },
  // administration: a year of quarters by id (the same record as its annual).
  'POST /api/v2/quartals': {
    valid: (a) => ({ url: '/quartals', body: { id: a.ids.annual, ...calendarRecord(NEXT_YEAR) } }),
    kinds: { id: 'annual' },
  },
  'PUT /api/v2/quartals': {
    valid: (a) => ({ url: '/quartals', body: { id: a.ids.annual, ...calendarRecord(NEXT_YEAR) } }),
    kinds: { id: 'annual' },
  },
  // Password vault
  'POST /api/v2/meetings/{meetingId}/passwords': {
    valid: (a) => ({
      url: `/meetings/${a.meeting.id}/passwords`,
      body: { account: 'Door', password: 'open sesame', folderId: a.ids.vaultFolder, groupIds: [a.group.id] },
    }),
    kinds: { folderId: 'vaultFolder' },
  },
  // Agency tools: the workspace's own content, made by its admin.
  'POST /api/v2/agency/items': {
    valid: (a) => ({ url: '/agency/items', body: { categoryId: a.ids.agencyCategory, title: 'Interview kit' } }),
    kinds: { categoryId: 'agencyCategory' },
  },
  'PATCH /api/v2/agency/items/{id}': {
    prepare: async (a) => ({
      itemId: must(
        await a.admin.api.post<{ id: string }>('/agency/items', {
          categoryId: a.ids.agencyCategory,
          title: 'Onboarding',
        }),
        'agency item',
      ).id,
    }),
    valid: (a, extra) => ({ url: `/agency/items/${extra.itemId}`, body: { categoryId: a.ids.agencyCategory } }),
    kinds: { categoryId: 'agencyCategory' },
  },
  'POST /api/v2/agency/columns': {
    valid: (a) => ({
      url: '/agency/columns',
      body: { itemId: a.ids.agencyItem, parentId: a.ids.agencyColumn, title: 'Outcomes', color: 'green' },
    }),
    kinds: { itemId: 'agencyItem', parentId: 'agencyColumn' },
  },
  'PATCH /api/v2/agency/columns/{id}': {
    prepare: async (a) => ({
      columnId: must(
        await a.admin.api.post<{ id: string }>('/agency/columns', {
          itemId: a.ids.agencyItem,
          title: 'Skills',
          color: 'red',
        }),
        'agency column',
      ).id,
    }),
    valid: (a, extra) => ({ url: `/agency/columns/${extra.columnId}`, body: { parentId: a.ids.agencyColumn } }),
    kinds: { parentId: 'agencyColumn' },
  },
  'POST /api/v2/agency/questions': {
    valid: (a) => ({
      url: '/agency/questions',
      body: { columnId: a.ids.agencyColumn, question: 'What must they achieve?' },
    }),
    kinds: { columnId: 'agencyColumn' },
  },
  'PATCH /api/v2/passwords/{id}': {
    prepare: async (a) => ({
      entryId: must(
        await a.admin.api.post<{ id: string }>(`/meetings/${a.meeting.id}/passwords`, {
          account: 'Gate',
          password: 'g',
        }),
        'vault entry',
      ).id,
    }),
    valid: (a, extra) => ({
      url: `/passwords/${extra.entryId}`,
      body: { folderId: a.ids.vaultFolder, groupIds: [a.group.id] },
    }),
    kinds: { folderId: 'vaultFolder' },
  },
};

/** A live session of the meeting and an open item of the given type in it (issues solved in the room). */
async function inTheRoom(a: Workspace, type: '2' | '3') {
  const started = must(
    await a.admin.api.post<StartedMeeting>(`/meetings/${a.meeting.id}/start`, {
      confirmNotLeader: true,
      confirmUnscheduled: true,
    }),
    'start',
  );
  const item = must(
    await a.admin.api.post<Task>('/tasks', {
      title: type === '2' ? 'An issue' : 'A headline',
      type,
      userId: a.admin.userId,
      meetingIds: [a.meeting.id],
    }),
    'item',
  );
  return { sessionId: started.sessionId, itemId: item.id };
}

// Reading the OpenAPI document

type JsonSchema = {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

const isIdLike = (name: string, schema: JsonSchema) =>
  /(^id$|Ids?$)/.test(name) ||
  schema.format === 'uuid' ||
  schema.items?.format === 'uuid' ||
  (schema.anyOf ?? []).some((s) => s.format === 'uuid' || s.items?.format === 'uuid');

/** Paths of id-like fields: `name`, or `list[].name` inside an array of objects. */
const idFields = (schema: JsonSchema | undefined, prefix = ''): string[] => {
  if (!schema) return [];
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((s) =>
    idFields(s, prefix),
  );
  const own = Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const path = `${prefix}${name}`;
    const inner = [
      ...idFields(property, `${path}.`),
      ...idFields(property.items, `${path}[].`),
      ...(property.anyOf ?? []).flatMap((s) => idFields(s.items, `${path}[].`)),
    ];
    return isIdLike(name, property) ? [path, ...inner] : inner;
  });
  return [...new Set([...nested, ...own])];
};

const operationsWithIds = () => {
  const doc = app.swagger() as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>>;
  };
  const found = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const contents = Object.values(operation.requestBody?.content ?? {});
      const fields = [...new Set(contents.flatMap((content) => idFields(content.schema)))];
      if (fields.length > 0) found.set(`${method.toUpperCase()} ${path}`, fields);
    }
  }
  return found;
};

// Building the foreign variants

const kindOf = (route: Route, field: string): Kind => {
  const named = route.kinds?.[field] ?? KIND_BY_NAME[field.split('.').pop()!.replace('[]', '')];
  if (!named) throw new Error(`no kind for the id field ${field}: add it to KIND_BY_NAME or the route's kinds`);
  return named;
};

/** A copy of `body` with `foreignId` put into `field`: added to an array, or replacing a single id. */
const withForeign = (body: Record<string, unknown>, field: string, foreignId: string) => {
  const copy = structuredClone(body);
  const parts = field.split('.');
  let target: Record<string, unknown> = copy;
  for (const part of parts.slice(0, -1)) {
    const key = part.replace('[]', '');
    const value = target[key];
    target = (Array.isArray(value) ? value[0] : value) as Record<string, unknown>;
  }
  const key = parts.at(-1)!;
  const current = target[key];
  target[key] = Array.isArray(current) ? [...current, foreignId] : /Ids$|s$/.test(key) ? [foreignId] : foreignId;
  return copy;
};

const call = (who: SignedUp, method: string, url: string, body: Record<string, unknown>) => {
  const verb = method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete';
  return who.api[verb](url, body);
};

/** Values that change by themselves between two reads. */
const VOLATILE = new Set(['serverNow']);

/** Workspace A as its admin reads it through the API. */
const snapshot = async (a: Workspace, extra: Record<string, string>) => {
  const { api } = a.admin;
  const urls = [
    '/admin/meetings',
    '/meeting-folders',
    '/tasks',
    `/tasks?meetingId=${a.meeting.id}`,
    `/tasks/counts?meetingId=${a.meeting.id}`,
    `/meetings/${a.meeting.id}/agenda-items`,
    `/meetings/${a.meeting.id}/file-folders`,
    `/meetings/${a.meeting.id}/file-folders/${a.fileFolder.id}`,
    `/meetings/${a.meeting.id}/boards`,
    `/meetings/${a.second.id}/boards`,
    `/boards/${a.board.id}`,
    `/boards/${a.board.id}/task-types`,
    `/labels?boardId=${a.board.id}`,
    `/tasks/${a.task.id}`,
    `/tasks/${a.task.id}/watchers`,
    `/tasks/${a.task.id}/checklists`,
    `/tasks/${a.task.id}/activities`,
    `/meetings/${a.meeting.id}/kpis`,
    '/meetings/live-sessions',
    '/self/settings',
    '/directory/users',
    '/groups?includeUsers=true',
    '/notifications',
    // Org chart and vision board
    '/org-chart',
    '/vision/templates',
    // Time tracking
    '/time/projects',
    `/time/projects/${a.timeProject.id}`,
    '/time/week?week=2026-03-02',
    '/time/timer',
    // Password vault
    `/meetings/${a.meeting.id}/passwords`,
    `/meetings/${a.meeting.id}/password-folders`,
    ...(extra.sessionId ? [`/sessions/${extra.sessionId}/live`] : []),
    // A goal's milestones and what its progress counts, and what it may count.
    ...(extra.goalId
      ? [
          `/tasks/${extra.goalId}/milestones`,
          `/tasks/${extra.goalId}/progress-choices/kpis`,
          `/tasks/${extra.goalId}/progress-choices/cards`,
        ]
      : []),
  ];
  const answers = await Promise.all(urls.map((url) => api.get(url)));
  return JSON.stringify(
    answers.map((answer, index) => [urls[index], answer.status, answer.body.result]),
    (key, value) => (VOLATILE.has(key) ? undefined : value),
  );
};

let foreign: Workspace;

describe('ids in request bodies', () => {
  beforeAll(async () => {
    foreign = await workspace();
  }, scaled(60_000));

  it('covers every operation whose body names an id (from the OpenAPI document)', () => {
    const documented = operationsWithIds();
    const uncovered = [...documented].flatMap(([operation, fields]) =>
      ROUTES[operation]
        ? []
        : fields.filter((field) => !NOT_WORKSPACE_REFERENCES[`${operation} ${field}`]).map((f) => `${operation} ${f}`),
    );
    expect(uncovered, 'add these to ROUTES in test/foreign-ids.test.ts').toEqual([]);
    const stale = Object.keys(ROUTES).filter((operation) => !documented.has(operation));
    expect(stale, 'ROUTES names operations the API no longer has').toEqual([]);
  });

  for (const operation of Object.keys(ROUTES)) {
    it(`${operation}: another workspace's id in any field is 404 and changes nothing`, {
      timeout: scaled(60_000),
    }, async () => {
      const route = ROUTES[operation]!;
      const [method] = operation.split(' ') as [string];
      const fields = (operationsWithIds().get(operation) ?? []).filter(
        (field) => !NOT_WORKSPACE_REFERENCES[`${operation} ${field}`],
      );
      expect(fields.length, `${operation} has no id field any more`).toBeGreaterThan(0);
      const a = await workspace();
      const extra = (await route.prepare?.(a)) ?? {};
      const { url, body } = route.valid(a, extra);
      const before = await snapshot(a, extra);
      for (const field of fields) {
        const foreignBody = withForeign(body, field, foreign.ids[kindOf(route, field)]);
        const answer = await call(a.admin, method, url, foreignBody);
        expect([field, answer.status, answer.body]).toEqual([
          field,
          404,
          expect.objectContaining({ status: 'fail', message: messages.notFound }),
        ]);
        expect(await snapshot(a, extra), `${field}: workspace A changed`).toBe(before);
      }
      const done = await call(a.admin, method, url, body);
      expect(done.status, `the valid call: ${JSON.stringify(done.body)}`).toBeLessThan(300);
    });
  }
});

describe('the agenda (the issue’s case)', () => {
  it('PUT agenda-items with another workspace’s board or list is 404 and stores nothing; its own are kept', async () => {
    const a = await workspace();
    const b = foreign;
    const url = `/meetings/${a.meeting.id}/agenda-items`;
    const before = (await a.admin.api.get<AgendaItem[]>(url)).body.result;
    const item = (patch: Record<string, unknown>) => {
      const body = agendaBody(a);
      Object.assign(body.agendaItems[1]!, patch);
      return body;
    };
    for (const patch of [
      { boardId: b.board.id },
      { boardId: a.board.id, boardListId: b.lists[0]!.id },
      { id: b.agenda[0]!.id },
    ]) {
      const answer = await a.admin.api.put(url, item(patch));
      expect(answer.status, JSON.stringify(patch)).toBe(404);
      expect(answer.body).toMatchObject({ status: 'fail', message: messages.notFound });
      expect((await a.admin.api.get<AgendaItem[]>(url)).body.result).toEqual(before);
    }
    // A list step keeps its board and list (other kinds keep no board).
    const saved = await a.admin.api.put<AgendaItem[]>(
      url,
      item({ keyName: 'accountability_list', boardId: a.board.id, boardListId: a.lists[1]!.id }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.result[1]).toMatchObject({ boardId: a.board.id, boardListId: a.lists[1]!.id });
    // Workspace B's agenda item kept its own row: nothing of A reached it.
    expect((await b.admin.api.get<AgendaItem[]>(`/meetings/${b.meeting.id}/agenda-items`)).body.result).toEqual(
      b.agenda,
    );
  });
});

describe('assertInWorkspace', () => {
  it('checks several kinds of ids in one statement, and none without ids', async () => {
    const counting = await statementCountingApp();
    try {
      const admin = await signUp(counting.app);
      const member = await joinWorkspace(counting.app, admin);
      const meeting = await createMeeting(admin, [member.userId]);
      const board = must(
        await admin.api.post<Board>('/boards', { name: 'B', meetingIds: [meeting.id], lists: ['L'] }),
        'board',
      );
      const lists = must(await admin.api.get<BoardList[]>(`/boards/${board.id}/task-types`), 'lists');
      const refs = {
        meetings: [meeting.id],
        boards: [board.id],
        lists: lists.map((l) => l.id),
        users: [admin.userId, member.userId],
      };
      const db = counting.database.db;
      const check = (more: Parameters<typeof assertInWorkspace>[2]) =>
        counting.statementsOf(() => assertInWorkspace(db, admin.tenantId, more));
      expect((await check(refs)).count).toBe(1);
      expect((await check({ boards: [null], users: [] })).count).toBe(0);
      // One foreign id among many is enough to refuse.
      const stranger = await signUp(counting.app);
      await expect(check({ ...refs, users: [...refs.users, stranger.userId] })).rejects.toThrow(messages.notFound);
      await expect(check({ ...refs, boards: [board.id, meeting.id] })).rejects.toThrow(messages.notFound);
    } finally {
      await counting.close();
    }
  });
});
