import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { exportingWorkspace, sendPdf } from '../../../server/pdf.ts';
import { storedImageRoute } from '../../../server/stored-image-route.ts';
import { readSingleFile } from '../../../server/uploads.ts';
import { SEAT_IMAGE_MAX_BYTES } from '../../../shared/constants.ts';
import { notFound } from '../../../shared/errors.ts';
import { orgchartMessages } from '../orgchart.messages.ts';
import { ZCreateSeat, ZExportQuery, ZOrgChart, ZSeat, ZUpdateSeat } from '../orgchart.schemas.ts';
import { checkSeatImage, readSeatImage, readSeatImages, removeSeatImage, saveSeatImage } from './orgchart.images.ts';
import { orgChartPdf } from './orgchart.pdf.ts';
import {
  assertSeatEditable,
  createDefaultChart,
  createSeat,
  deleteSeat,
  getOrgChart,
  publishSeatChanged,
  readSeats,
  updateSeat,
} from './orgchart.service.ts';

// document 2 §7: getOrgChart, saveOrgChart (POST/PUT), deleteOrgChart, as resources under /org-chart.

const tags = ['org chart'];
const ZId = z.object({ id: z.uuid() });
const ZImage = success(z.object({ image: z.string().nullable() }));

export const orgChartRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await fastify.register(multipart, { limits: { fileSize: SEAT_IMAGE_MAX_BYTES, files: 1, fields: 5 } });

  app.get(
    '/org-chart',
    {
      schema: {
        tags,
        operationId: 'getOrgChart',
        summary:
          "getOrgChart: the workspace's seats (at most 20 rows of 20) with their people; empty before the chart is created",
        response: { 200: success(ZOrgChart), ...failures(401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getOrgChart(ctx))),
  );

  app.post(
    '/org-chart',
    {
      schema: {
        tags,
        operationId: 'createOrgChart',
        summary: 'A new chart of 7 seats in 4 rows (workspace admins); 409 when the workspace has one',
        response: { 201: success(ZOrgChart), ...failures(401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await request.inTenant((ctx) => createDefaultChart(ctx)))),
  );

  app.post(
    '/org-chart/seats',
    {
      schema: {
        tags,
        operationId: 'saveOrgChart',
        summary: 'Add Seat (workspace admins): 409 "That seat is taken, please select a free seat." for a used place',
        body: ZCreateSeat,
        response: { 201: success(ZSeat), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await request.inTenant((ctx) => createSeat(ctx, request.body)))),
  );

  app.patch(
    '/org-chart/seats/:id',
    {
      schema: {
        tags,
        operationId: 'updateOrgChartSeat',
        summary:
          'Edit Seat or move it (row, seatNumber) to a free place (workspace admins); 409 for a taken place, a parent below the seat or a chart under its minimum',
        params: ZId,
        body: ZUpdateSeat,
        response: { 200: success(ZSeat), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateSeat(ctx, request.params.id, request.body))),
  );

  app.delete(
    '/org-chart/seats/:id',
    {
      schema: {
        tags,
        operationId: 'deleteOrgChart',
        summary:
          'Delete a seat (workspace admins): 409 "Only leaves can be deleted!", or when the chart would have fewer than 3 rows or 7 seats',
        params: ZId,
        response: { 200: success(z.boolean()), ...failures(401, 403, 404, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteSeat(ctx, request.params.id))),
  );

  app.put(
    '/org-chart/seats/:id/image',
    {
      schema: {
        tags,
        operationId: 'setOrgChartSeatImage',
        summary:
          'The picture of someone in the seat who is not a user (workspace admins): multipart field "file"; jpg, png or gif up to 2 MB, type read from the bytes',
        consumes: ['multipart/form-data'],
        params: ZId,
        response: { 200: ZImage, ...failures(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const { bytes } = await readSingleFile(request, orgchartMessages.seatImageTooLarge);
      const picture = await checkSeatImage(bytes);
      return ok(
        await request.inTenant(async (ctx) => {
          await assertSeatEditable(ctx, request.params.id);
          const image = await saveSeatImage(ctx.db, request.params.id, picture);
          publishSeatChanged(ctx, request.params.id);
          return { image };
        }),
      );
    },
  );

  app.delete(
    '/org-chart/seats/:id/image',
    {
      schema: {
        tags,
        operationId: 'removeOrgChartSeatImage',
        summary: "Remove a seat's picture (workspace admins)",
        params: ZId,
        response: { 200: ZImage, ...failures(401, 403, 404) },
      },
    },
    async (request) =>
      ok(
        await request.inTenant(async (ctx) => {
          await assertSeatEditable(ctx, request.params.id);
          await removeSeatImage(ctx.db, request.params.id);
          publishSeatChanged(ctx, request.params.id);
          return { image: null };
        }),
      ),
  );

  storedImageRoute(
    fastify,
    '/org-chart/seats/:id/image/:hash',
    {
      tags,
      operationId: 'getOrgChartSeatImage',
      summary: "A seat's picture, by the URL found in `image` (cacheable for good: the URL changes with the picture)",
      hashLength: 64,
    },
    readSeatImage,
  );

  app.get(
    '/org-chart/export',
    {
      schema: {
        tags,
        operationId: 'exportOrgChart',
        summary: 'The chart as a PDF on one landscape page of A4 or Letter, with the workspace name and logo',
        querystring: ZExportQuery,
        produces: ['application/pdf'],
        // 404: a workspace without a chart has nothing to export.
        response: { 200: z.any().describe('The PDF'), ...failures(404) },
      },
    },
    async (request, reply) => {
      const { workspace, seats, images } = await request.inTenant(async (ctx) => {
        const workspace = await exportingWorkspace(ctx.db, ctx.tenantId);
        const seats = await readSeats(ctx.db, ctx.tenantId);
        const withImage = seats.filter((seat) => seat.image).map((seat) => seat.id);
        return { workspace, seats, images: await readSeatImages(ctx.db, withImage) };
      });
      if (seats.length === 0) throw notFound(orgchartMessages.orgChartEmpty);
      const pdf = await orgChartPdf(workspace, seats, request.query.paper, images.images, images.leftOut);
      return sendPdf(reply, pdf, 'org-chart.pdf');
    },
  );
};
