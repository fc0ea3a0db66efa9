import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { ZCard } from '../../tasks/tasks.schemas.ts';
import {
  ZAddGuest,
  ZConvertHeadline,
  ZDiscussIssue,
  ZFinishMeeting,
  ZLiveAttendee,
  ZLiveSession,
  ZLiveSessionEntry,
  ZLiveState,
  ZMarkAttendance,
  ZMeetingArchive,
  ZMoveStep,
  ZSaveRating,
  ZStartChecks,
  ZStartedMeeting,
  ZStartMeeting,
  ZTodosFromIssue,
} from '../live.schemas.ts';
import { getArchive } from './live.archive.ts';
import { concludeRoutes } from './live.conclude.routes.ts';
import { finishMeeting } from './live.finish.ts';
import { backburnerIssue, convertHeadline, discussIssue, solveIssue, todosFromIssue } from './live.issues.ts';
import {
  addGuest,
  getLiveState,
  joinSession,
  listLiveSessions,
  markAttendance,
  moveStep,
  saveRating,
} from './live.service.ts';
import { startChecks, startMeeting } from './live.start.ts';

// The live meeting's calls (document 1 §7: meetings/live-sessions, startMeetingSession,
// joinMeeting, moveStepAgenda, saveEmail, finishMeetingSession, sessions/{id}/archive/);
// the mapping from the spec's legacy names is in docs/api.md.

const tags = ['live meeting'];
const ZId = z.object({ id: z.uuid() });
const ZPerson = z.object({ id: z.uuid(), userId: z.uuid() });
const ZItem = z.object({ id: z.uuid(), taskId: z.uuid() });

export const liveRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await concludeRoutes(fastify);

  app.get(
    '/meetings/live-sessions',
    {
      schema: {
        tags,
        summary: 'The workspace’s meetings under way (the sidebar’s Live section)',
        response: { 200: success(z.array(ZLiveSessionEntry)), ...failures(401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listLiveSessions(ctx))),
  );

  app.get(
    '/meetings/:id/start',
    {
      schema: {
        tags,
        summary:
          'What starting the meeting would ask now (confirm: notLeader, unscheduled, in order) or why it would be refused; the client asks first, then starts with the flags',
        params: ZId,
        response: { 200: success(ZStartChecks), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => startChecks(ctx, request.params.id))),
  );

  app.post(
    '/meetings/:id/start',
    {
      schema: {
        tags,
        summary:
          'Start the meeting (startMeetingSession). 409 with errors.confirm = notLeader | unscheduled asks the caller to confirm and send the matching flag; a meeting already live is joined',
        params: ZId,
        body: ZStartMeeting,
        response: { 200: success(ZStartedMeeting), ...failures(400, 401, 404, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => startMeeting(ctx, request.params.id, request.body))),
  );

  app.get(
    '/sessions/:id/live',
    {
      schema: {
        tags,
        summary: 'A session as the live screen shows it: step, clock, agenda, attendees and recap',
        params: ZId,
        response: { 200: success(ZLiveState), ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getLiveState(ctx, request.params.id))),
  );

  app.post(
    '/sessions/:id/join',
    {
      schema: {
        tags,
        summary: 'Join a live session (joinMeeting): the caller becomes an attendee',
        params: ZId,
        response: { 200: success(ZLiveState), ...failures(401, 404, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => joinSession(ctx, request.params.id))),
  );

  app.post(
    '/sessions/:id/step',
    {
      schema: {
        tags,
        summary: 'Move to a step, by index into the checked agenda items (moveStepAgenda): starter, leaders, admins',
        params: ZId,
        body: ZMoveStep,
        response: { 200: success(ZLiveSession), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => moveStep(ctx, request.params.id, request.body.step))),
  );

  app.post(
    '/sessions/:id/finish',
    {
      schema: {
        tags,
        summary:
          'Save and Finish (archive and recap email) or, with cancelled, Cancel Meeting (finishMeetingSession): starter, leaders, admins',
        params: ZId,
        body: ZFinishMeeting,
        response: { 200: success(z.boolean()), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(
        await request.inTenant((ctx) =>
          finishMeeting(ctx, request.params.id, request.body, request.server.config.publicUrl),
        ),
      ),
  );

  app.patch(
    '/sessions/:id/ratings/:userId',
    {
      schema: {
        tags,
        summary: 'A recap score (1–10) and/or note (a field left out is kept): by that person, a leader or an admin',
        params: ZPerson,
        body: ZSaveRating,
        response: { 200: success(ZLiveAttendee), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => saveRating(ctx, request.params.id, request.params.userId, request.body))),
  );

  app.patch(
    '/sessions/:id/attendees/:userId',
    {
      schema: {
        tags,
        summary: 'Mark someone as “Did not attend”, or take it back: leaders and admins',
        params: ZPerson,
        body: ZMarkAttendance,
        response: { 200: success(ZLiveAttendee), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(
        await request.inTenant((ctx) =>
          markAttendance(ctx, request.params.id, request.params.userId, request.body.notAttended),
        ),
      ),
  );

  app.post(
    '/sessions/:id/guests',
    {
      schema: {
        tags,
        summary: 'Add an attendee from outside the meeting by email (saveEmail); answers every guest',
        params: ZId,
        body: ZAddGuest,
        response: { 200: success(z.array(z.string())), ...failures(400, 401, 404, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => addGuest(ctx, request.params.id, request.body.email))),
  );

  app.post(
    '/sessions/:id/discussing',
    {
      schema: {
        tags,
        summary: 'Pick the issue being discussed (null: none); every screen highlights it: starter, leaders, admins',
        params: ZId,
        body: ZDiscussIssue,
        response: { 200: success(ZLiveSession), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => discussIssue(ctx, request.params.id, request.body.taskId))),
  );

  app.post(
    '/sessions/:id/issues/:taskId/solve',
    {
      schema: {
        tags,
        summary: 'Solve an open issue of the meeting: done, with its completion time and this session',
        params: ZItem,
        response: { 200: success(ZCard), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => solveIssue(ctx, request.params.id, request.params.taskId))),
  );

  app.post(
    '/sessions/:id/issues/:taskId/backburner',
    {
      schema: {
        tags,
        summary: 'Drop an open issue of the meeting to the backburner (it stays open there)',
        params: ZItem,
        response: { 200: success(ZCard), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => backburnerIssue(ctx, request.params.id, request.params.taskId))),
  );

  app.post(
    '/sessions/:id/issues/:taskId/todos',
    {
      schema: {
        tags,
        summary: 'Turn an open issue into one or more to-dos (owner, due date) that link back to it',
        params: ZItem,
        body: ZTodosFromIssue,
        response: { 200: success(z.array(ZCard)), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => todosFromIssue(ctx, request.params.id, request.params.taskId, request.body))),
  );

  app.post(
    '/sessions/:id/headlines/:taskId/convert',
    {
      schema: {
        tags,
        summary: 'Turn an open headline into an issue or a to-do that links back to it; the headline is done',
        params: ZItem,
        body: ZConvertHeadline,
        response: { 200: success(ZCard), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => convertHeadline(ctx, request.params.id, request.params.taskId, request.body))),
  );

  // The spec writes it with a trailing slash; both forms answer, one is documented.
  for (const url of ['/sessions/:id/archive', '/sessions/:id/archive/']) {
    app.get(
      url,
      {
        schema: {
          tags,
          hide: url.endsWith('/'),
          summary: 'The archive of a held session: the snapshot taken when it finished',
          params: ZId,
          response: { 200: success(ZMeetingArchive), ...failures(401, 404) },
        },
      },
      async (request) => ok(await request.inTenant((ctx) => getArchive(ctx, request.params.id))),
    );
  }
};
