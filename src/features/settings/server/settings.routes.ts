import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { failures, ok, success } from '../../../server/http.ts';
import { ZUpdateUserSettings, ZUserSettings } from '../settings.schemas.ts';
import { getUserSettings, updateUserSettings } from './settings.service.ts';

const tags = ['settings'];

export const settingsRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/self/settings',
    {
      schema: {
        tags,
        summary: "The signed-in user's settings",
        response: { 200: success(ZUserSettings), ...failures(401) },
      },
    },
    async (request) => ok(await request.inUser((ctx) => getUserSettings(ctx))),
  );

  app.patch(
    '/self/settings',
    {
      schema: {
        tags,
        summary: 'Change home widgets (order and visibility) or the Google Calendar embed URL',
        body: ZUpdateUserSettings,
        response: { 200: success(ZUserSettings), ...failures(400, 401) },
      },
    },
    async (request) => ok(await request.inUser((ctx) => updateUserSettings(ctx, request.body))),
  );
};
