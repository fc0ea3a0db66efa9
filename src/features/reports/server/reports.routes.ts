import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, sendDownload, success } from '../../../server/http.ts';
import {
  type Report,
  ZArchiveSearchPage,
  ZArchiveSearchQuery,
  ZMeetingReportExportQuery,
  ZMeetingReportQuery,
  ZMeetingTrendsQuery,
  ZReport,
  ZTrends,
  ZUserReportExportQuery,
  ZUserReportQuery,
} from '../reports.schemas.ts';
import { searchArchives } from './archive-search.service.ts';
import { REPORT_TYPES, reportCsv, reportFileName, reportXlsx } from './report.export.ts';
import { meetingReport, userReport } from './reports.service.ts';
import { meetingTrends } from './trends.service.ts';

// document 3 §7: GET reports/meetings/{meetingId} (dateSince, dateUntil, memberId) and GET
// reports/users/{userId}; beyond the spec: the meeting's trends, the reports as
// CSV/XLSX and the archive search.

const tags = ['reports'];
const ZMeetingParams = z.object({ meetingId: z.uuid() });
const ZUserParams = z.object({ userId: z.uuid() });

/** A report as the CSV or XLSX download its export call answers. */
const sendReport = async (reply: FastifyReply, report: Report, format: keyof typeof REPORT_TYPES) =>
  sendDownload(
    reply,
    format === 'xlsx' ? await reportXlsx(report) : reportCsv(report),
    REPORT_TYPES[format],
    reportFileName(report, format),
  );

export const reportsRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/reports/meetings/:meetingId',
    {
      schema: {
        tags,
        operationId: 'getMeetingReport',
        summary:
          "The meeting report (or with memberId the member report) for a window (default Jan 1 to today in the meeting's time zone, at most 5 years): leaders and admins",
        params: ZMeetingParams,
        querystring: ZMeetingReportQuery,
        response: { 200: success(ZReport), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => meetingReport(ctx, request.params.meetingId, request.query))),
  );

  app.get(
    '/reports/meetings/:meetingId/trends',
    {
      schema: {
        tags,
        operationId: 'getMeetingTrends',
        summary:
          'The meeting trends: started and finished on time, rating per month, issues solved per session, to-dos done within a week, oldest open issues (leaders and admins)',
        params: ZMeetingParams,
        querystring: ZMeetingTrendsQuery,
        response: { 200: success(ZTrends), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => meetingTrends(ctx, request.params.meetingId, request.query))),
  );

  app.get(
    '/reports/meetings/:meetingId/export',
    {
      schema: {
        tags,
        operationId: 'exportMeetingReport',
        summary: 'The meeting (or member) report as CSV or XLSX, same window',
        params: ZMeetingParams,
        querystring: ZMeetingReportExportQuery,
        produces: ['text/csv', REPORT_TYPES.xlsx],
        response: { 200: z.any(), ...failures(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const report = await request.inTenant((ctx) => meetingReport(ctx, request.params.meetingId, query));
      return sendReport(reply, report, format);
    },
  );

  app.get(
    '/reports/users/:userId',
    {
      schema: {
        tags,
        operationId: 'getUserReport',
        summary:
          "The user report: one person across all their meetings (themselves and admins), window in the person's time zone",
        params: ZUserParams,
        querystring: ZUserReportQuery,
        response: { 200: success(ZReport), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => userReport(ctx, request.params.userId, request.query))),
  );

  app.get(
    '/reports/users/:userId/export',
    {
      schema: {
        tags,
        operationId: 'exportUserReport',
        summary: 'The user report as CSV or XLSX, same window',
        params: ZUserParams,
        querystring: ZUserReportExportQuery,
        produces: ['text/csv', REPORT_TYPES.xlsx],
        response: { 200: z.any(), ...failures(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const report = await request.inTenant((ctx) => userReport(ctx, request.params.userId, query));
      return sendReport(reply, report, format);
    },
  );

  app.get(
    '/archives/search',
    {
      schema: {
        tags,
        operationId: 'searchArchives',
        summary:
          'Full-text search over the archived sessions of the meetings the caller may see (title, note, issues solved, to-dos, headlines, ratings), by meeting, date range and person; a page at a time',
        querystring: ZArchiveSearchQuery,
        response: { 200: success(ZArchiveSearchPage), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => searchArchives(ctx, request.query))),
  );
};
