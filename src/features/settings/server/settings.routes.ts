import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { failures, ok, success } from '../../../server/http.ts';
import { ZUpdateUserSettings, ZUserSettings } from '../settings.schemas.ts';
import { getUserSettings, type SettingsWorkspace, updateUserSettings } from './settings.service.ts';

const tags = ['settings'];

/** The session's workspace: home's hidden meetings are that workspace's. */
const workspaceOf = (request: FastifyRequest): SettingsWorkspace | null =>
  request.auth?.tenantId ? { tenantId: request.auth.tenantId, isAdmin: request.auth.isAdmin } : null;

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
    async (request) => ok(await request.inUser((ctx) => getUserSettings(ctx, workspaceOf(request)))),
  );

  app.patch(
    '/self/settings',
    {
      schema: {
        tags,
        summary:
          'Change home widgets (order and visibility), the meetings hidden on home or the Google Calendar embed URL',
        description:
          "`hiddenMeetingIds` replaces the session's workspace's list (other workspaces keep theirs); " +
          'a meeting that is not one of the workspace the caller may see is a 404 and nothing is stored.',
        body: ZUpdateUserSettings,
        response: { 200: success(ZUserSettings), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inUser((ctx) => updateUserSettings(ctx, request.body, workspaceOf(request)))),
  );
};
