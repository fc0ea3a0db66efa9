import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { ZKpiReminder, ZSetKpiReminder } from '../kpi-reminders.schemas.ts';
import { getKpiReminder, setKpiReminder } from './reminders.service.ts';

// The scorecard nudge's setting (decision 120): whoever sees the meeting reads it; its leaders
// and workspace admins change it.

const tags = ['kpis'];
const ZId = z.object({ id: z.uuid() });

export const kpiReminderRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/meetings/:id/kpis/reminder',
    {
      schema: {
        tags,
        operationId: 'getKpiReminder',
        summary: 'When owners of empty KPIs are reminded before a meeting date: hours before it, or null (off)',
        params: ZId,
        response: { 200: success(ZKpiReminder), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getKpiReminder(ctx, request.params.id))),
  );

  app.put(
    '/meetings/:id/kpis/reminder',
    {
      schema: {
        tags,
        operationId: 'setKpiReminder',
        summary:
          'Remind owners of KPIs still empty this many hours (1–72) before each meeting date, once per date; null turns it off. Leaders and admins',
        params: ZId,
        body: ZSetKpiReminder,
        response: { 200: success(ZKpiReminder), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => setKpiReminder(ctx, request.params.id, request.body))),
  );
};
