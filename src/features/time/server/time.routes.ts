import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { storedImageRoute } from '../../../server/stored-image-route.ts';
import { EXPORT_TYPES } from '../../kpis/server/kpis.export.ts';
import {
  ZAccount,
  ZAccountPage,
  ZAccountsQuery,
  ZCreateProject,
  ZEntry,
  ZLoggable,
  ZProject,
  ZProjectReportPage,
  ZProjectReportQuery,
  ZReport,
  ZReportExportQuery,
  ZReportQuery,
  ZSaveAccount,
  ZSaveEntry,
  ZSetCapacity,
  ZStartTimer,
  ZStopResult,
  ZTeamQuery,
  ZTeamWeek,
  ZTimer,
  ZUpdateProject,
  ZWeek,
  ZWeekQuery,
} from '../time.schemas.ts';
import { readAccountImage } from './account-image.ts';
import { createEntry, deleteEntry, getWeek, updateEntry } from './entries.service.ts';
import {
  createAccount,
  createProject,
  deleteAccount,
  deleteProject,
  getProject,
  listAccounts,
  listLoggable,
  listProjectReports,
  updateAccount,
  updateProject,
} from './projects.service.ts';
import { reportCsv, reportXlsx, setCapacity, teamWeek, timeReport } from './team.service.ts';
import { getTimer, resetTimer, startTimer, stopTimer } from './timer.service.ts';
import { timesheetRoutes } from './timesheet.routes.ts';

// Time tracking's calls (document 3 §7; the legacy names are mapped in docs/api.md).

const tags = ['time'];
const ZId = z.object({ id: z.uuid() });
const ZDone = success(z.boolean());

export const timeRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Accounts
  storedImageRoute(
    fastify,
    '/images/time-accounts/:id/:hash',
    {
      tags,
      summary: "An account's image, at the address an answer gave",
      description:
        'The bytes with `Cache-Control: private, max-age=31536000, immutable`: the address changes with the picture. 404 when the picture changed or is gone.',
      hashLength: 32,
    },
    readAccountImage,
  );
  app.get(
    '/time/accounts',
    {
      schema: {
        tags,
        summary: "The workspace's accounts by title, one page",
        querystring: ZAccountsQuery,
        response: { 200: success(ZAccountPage), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listAccounts(ctx, request.query))),
  );
  app.post(
    '/time/accounts',
    {
      schema: {
        tags,
        summary: 'New Account (workspace admins)',
        body: ZSaveAccount,
        response: { 201: success(ZAccount), ...failures(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createAccount(ctx, request.body)))),
  );
  app.put(
    '/time/accounts/:id',
    {
      schema: {
        tags,
        summary: 'Edit an account (workspace admins); `image` left out keeps the image, null removes it',
        params: ZId,
        body: ZSaveAccount,
        response: { 200: success(ZAccount), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateAccount(ctx, request.params.id, request.body))),
  );
  app.delete(
    '/time/accounts/:id',
    {
      schema: {
        tags,
        summary: 'Delete an account without projects (workspace admins; 409 while it has projects)',
        params: ZId,
        response: { 200: ZDone, ...failures(401, 403, 404, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteAccount(ctx, request.params.id))),
  );

  // Projects
  app.get(
    '/time/projects',
    {
      schema: {
        tags,
        summary: 'getAccountProjects: the budget bars (project reports) of the projects the caller may see, one page',
        querystring: ZProjectReportQuery,
        response: { 200: success(ZProjectReportPage), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listProjectReports(ctx, request.query))),
  );
  app.get(
    '/time/projects/loggable',
    {
      schema: {
        tags,
        summary: "The projects the caller is on, with their tasks (the entry form's choices)",
        response: { 200: success(z.array(ZLoggable)), ...failures(401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listLoggable(ctx))),
  );
  app.get(
    '/time/projects/:id',
    {
      schema: {
        tags,
        summary: 'getProjects / getProjectTasks / getProjectTeams: a project with its tasks and team',
        params: ZId,
        response: { 200: success(ZProject), ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getProject(ctx, request.params.id))),
  );
  app.post(
    '/time/projects',
    {
      schema: {
        tags,
        summary: 'saveProject: New Project (workspace admins)',
        body: ZCreateProject,
        response: { 201: success(ZProject), ...failures(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createProject(ctx, request.body)))),
  );
  app.put(
    '/time/projects/:id',
    {
      schema: {
        tags,
        summary: "saveProject with an id: Edit Project (admins and the project's managers)",
        description:
          'Switching the type of a project with logged time answers 409 until `confirmTypeChange` is sent. Rates apply to new time only unless `applyRatesToLoggedTime`.',
        params: ZId,
        body: ZUpdateProject,
        response: { 200: success(ZProject), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateProject(ctx, request.params.id, request.body))),
  );
  app.delete(
    '/time/projects/:id',
    {
      schema: {
        tags,
        summary: 'deleteProject (workspace admins): its tasks, team and logged time go with it',
        params: ZId,
        response: { 200: ZDone, ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteProject(ctx, request.params.id))),
  );

  // Entries and the timer
  app.get(
    '/time/week',
    {
      schema: {
        tags,
        summary: "getProjectTimes: the caller's week (from their first day of week) with day totals",
        querystring: ZWeekQuery,
        response: { 200: success(ZWeek), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getWeek(ctx, request.query.week))),
  );
  app.post(
    '/time/entries',
    {
      schema: {
        tags,
        summary: 'New Entry on a project the caller is on',
        description:
          "`meetingId` and `sessionId` log it against a meeting and one of its sessions: another workspace's meeting or session is 404, a session of another meeting 400 (decision 068).",
        body: ZSaveEntry,
        response: { 201: success(ZEntry), ...failures(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createEntry(ctx, request.body)))),
  );
  app.put(
    '/time/entries/:id',
    {
      schema: {
        tags,
        summary: "Edit one of the caller's entries",
        description:
          '`sessionId` null clears the session; left out, the entry keeps its session while `meetingId` stays the same (decision 068).',
        params: ZId,
        body: ZSaveEntry,
        response: { 200: success(ZEntry), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateEntry(ctx, request.params.id, request.body))),
  );
  app.delete(
    '/time/entries/:id',
    {
      schema: {
        tags,
        summary: "Delete one of the caller's entries",
        params: ZId,
        response: { 200: ZDone, ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteEntry(ctx, request.params.id))),
  );
  app.get(
    '/time/timer',
    {
      schema: {
        tags,
        summary: "The caller's timer (STARTED_TIMER with what it runs for, or STOPPED_TIMER)",
        response: { 200: success(ZTimer), ...failures(401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getTimer(ctx))),
  );
  app.post(
    '/time/timer',
    {
      schema: {
        tags,
        summary: 'saveTimer: start the timer (new time, or Start on an entry); a running one is stopped first',
        body: ZStartTimer,
        response: { 200: success(ZStopResult), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => startTimer(ctx, request.body))),
  );
  app.post(
    '/time/timer/stop',
    {
      schema: {
        tags,
        summary: 'Stop the timer: its time is written as an entry',
        description:
          'Always ends the timer. Its time goes on the day it started (or onto the entry it continues), at most the room left in that day (24:00); `droppedMinutes` and `notice` say what was not written.',
        response: { 200: success(ZStopResult), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => stopTimer(ctx))),
  );
  app.post(
    '/time/timer/reset',
    {
      schema: {
        tags,
        summary: 'Reset the timer: its time is dropped',
        response: { 200: success(ZTimer), ...failures(401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => resetTimer(ctx))),
  );

  // The Meeting tab and reports
  app.get(
    '/time/team',
    {
      schema: {
        tags,
        summary:
          "A week's team time rows: hours, capacity, billable and non-billable (admins; a meeting's leaders for it)",
        description:
          "`meetings` gives the week's time per meeting and, where it was logged against sessions, per session (decision 068).",
        querystring: ZTeamQuery,
        response: { 200: success(ZTeamWeek), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => teamWeek(ctx, request.query))),
  );
  app.put(
    '/time/capacities/:id',
    {
      schema: {
        tags,
        summary: "A person's weekly capacity in minutes (workspace admins)",
        params: ZId,
        body: ZSetCapacity,
        response: {
          200: success(z.object({ userId: z.uuid(), weeklyMinutes: z.number() })),
          ...failures(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => setCapacity(ctx, request.params.id, request.body.weeklyMinutes))),
  );
  app.get(
    '/time/reports',
    {
      schema: {
        tags,
        summary: "Hours and amounts by account, project, task or person over a range (others' time for admins)",
        querystring: ZReportQuery,
        response: { 200: success(ZReport), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => timeReport(ctx, request.query))),
  );
  app.get(
    '/time/reports/export',
    {
      schema: {
        tags,
        summary: 'The same report as CSV or XLSX',
        querystring: ZReportExportQuery,
        produces: Object.values(EXPORT_TYPES),
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const report = await request.inTenant((ctx) => timeReport(ctx, query));
      const body = format === 'xlsx' ? await reportXlsx(report) : reportCsv(report);
      return reply
        .header('content-type', EXPORT_TYPES[format])
        .header(
          'content-disposition',
          `attachment; filename="time-${query.groupBy}-${query.from}-${query.to}.${format}"`,
        )
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
  await timesheetRoutes(fastify);
};
