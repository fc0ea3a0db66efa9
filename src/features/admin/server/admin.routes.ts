import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { failures, ok, success } from '../../../server/http.ts';
import { storedImageRoute } from '../../../server/stored-image-route.ts';
import { readSingleFile } from '../../../server/uploads.ts';
import { LOGO_MAX_BYTES } from '../../../shared/constants.ts';
import { checkPhoto } from '../../people/server/photos.service.ts';
import { adminMessages } from '../admin.messages.ts';
import { ZGeneralSettings, ZSaveGeneralSettings } from '../admin.schemas.ts';
import { getGeneralSettings, readLogo, saveGeneralSettings, saveLogo } from './general-settings.service.ts';

const tags = ['administration'];

export const adminRoutes = async (fastify: FastifyInstance) => {
  await fastify.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5 } });
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/general-settings',
    {
      schema: {
        tags,
        operationId: 'getGeneralSettings',
        summary: "The workspace's colours and logo (every member: they are the workspace's theme)",
        response: { 200: success(ZGeneralSettings), ...failures(401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getGeneralSettings(ctx))),
  );

  app.post(
    '/general-settings',
    {
      schema: {
        tags,
        operationId: 'saveGeneralSettings',
        summary: 'Change the colours sent (#rrggbb); a blank colour resets it to the default (admins)',
        body: ZSaveGeneralSettings,
        response: { 200: success(ZGeneralSettings), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => saveGeneralSettings(ctx, request.body))),
  );

  app.put(
    '/general-settings/logo',
    {
      schema: {
        tags,
        operationId: 'saveWorkspaceLogo',
        summary:
          'Set the workspace logo (admins): multipart field "file"; jpg, png, gif or webp up to 2 MB, type read from the bytes',
        consumes: ['multipart/form-data'],
        response: { 200: success(ZGeneralSettings), ...failures(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      // The admin check comes first, so nobody else gets an upload read.
      await request.inTenant(async (ctx) => assertWorkspaceAdmin(ctx));
      const { bytes } = await readSingleFile(request, adminMessages.logoTooLarge);
      const logo = await checkPhoto(bytes, LOGO_MAX_BYTES, adminMessages.logoTooLarge);
      return ok(await request.inTenant((ctx) => saveLogo(ctx, logo)));
    },
  );

  app.delete(
    '/general-settings/logo',
    {
      schema: {
        tags,
        operationId: 'deleteWorkspaceLogo',
        summary: 'Remove the workspace logo (admins)',
        response: { 200: success(ZGeneralSettings), ...failures(401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => saveLogo(ctx, null))),
  );

  storedImageRoute(
    fastify,
    '/tenants/:id/logo/:hash',
    {
      tags,
      operationId: 'getWorkspaceLogo',
      summary: 'A workspace logo, by the URL found in `iconLogo` (cacheable for good: the URL changes with the logo)',
      hashLength: 64,
    },
    readLogo,
  );
};
