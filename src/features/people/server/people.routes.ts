import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { limitPerUser } from '../../../server/rate-limit.ts';
import { storedImageRoute } from '../../../server/stored-image-route.ts';
import { readSingleFile } from '../../../server/uploads.ts';
import { CONTACT_PHOTO_MAX_BYTES, RATE_LIMITS } from '../../../shared/constants.ts';
import { peopleMessages } from '../people.messages.ts';
import {
  ZContact,
  ZCreateContact,
  ZCreateContactResult,
  ZCreateGroup,
  ZDirectoryPage,
  ZDirectoryQuery,
  ZGroup,
  ZGroupsPage,
  ZGroupsQuery,
  ZUpdateContact,
  ZUpdateGroup,
} from '../people.schemas.ts';
import {
  assertMayEditContact,
  createContact,
  getContact,
  listDirectory,
  setContactAdmin,
  setContactDisabled,
  updateContact,
} from './directory.service.ts';
import { createGroup, deleteGroup, listGroups, updateGroup } from './groups.service.ts';
import { checkPhoto, readPhoto, removePhoto, savePhoto } from './photos.service.ts';

const tags = ['people'];
const ZId = z.object({ id: z.uuid() });
const ZDone = success(z.boolean());
const ZImage = success(z.object({ image: z.string().nullable() }));

export const peopleRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await fastify.register(multipart, { limits: { fileSize: CONTACT_PHOTO_MAX_BYTES, files: 1, fields: 5 } });

  // Directory

  app.get(
    '/directory/users',
    {
      schema: {
        tags,
        summary:
          "One page of the workspace's people for the directory, by first name: active ones, disabled or removed ones, or all (the default); of one group when asked",
        querystring: ZDirectoryQuery,
        response: { 200: success(ZDirectoryPage), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listDirectory(ctx, request.query))),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'A person of this workspace with every field of the user form',
        params: ZId,
        response: { 200: success(ZContact), ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getContact(ctx, request.params.id))),
  );

  app.post(
    '/users',
    {
      schema: {
        tags,
        summary: 'New User (workspace admins)',
        description:
          'A new email gets an account with these fields and a set-password mail (`created`). An email with an account is invited instead (`invited`), as with tenants/add-user. 409 when already in this workspace; counts against the add-user limit (429).',
        body: ZCreateContact,
        response: { 201: success(ZCreateContactResult), ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await limitPerUser(request, 'add-user', RATE_LIMITS.addUserPerAdmin);
      const result = await request.inTenant((ctx) => createContact(ctx, request.body, request.server.config.publicUrl));
      return reply.status(201).send(ok(result));
    },
  );

  app.patch(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Edit contact: admins anyone of the workspace, others only themselves (not their groups)',
        params: ZId,
        body: ZUpdateContact,
        response: { 200: success(ZContact), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateContact(ctx, request.params.id, request.body))),
  );

  app.post(
    '/users/:id/disable',
    {
      schema: {
        tags,
        summary: 'Disable User (workspace admins): their sessions and sockets in this workspace end at once',
        params: ZId,
        response: { 200: success(ZContact), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => setContactDisabled(ctx, request.params.id, true))),
  );

  app.post(
    '/users/:id/enable',
    {
      schema: {
        tags,
        summary: 'Enable a disabled user again (workspace admins)',
        params: ZId,
        response: { 200: success(ZContact), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => setContactDisabled(ctx, request.params.id, false))),
  );

  for (const [path, admin, summary] of [
    ['make-admin', true, 'Make a person of this workspace an admin (workspace admins)'],
    [
      'remove-admin',
      false,
      "Remove a person's admin rights (workspace admins; themselves included). 409 for the last active admin",
    ],
  ] as const)
    app.post(
      `/users/:id/${path}`,
      {
        schema: {
          tags,
          summary,
          params: ZId,
          response: { 200: success(ZContact), ...failures(401, 403, 404, 409) },
        },
      },
      async (request) => ok(await request.inTenant((ctx) => setContactAdmin(ctx, request.params.id, admin))),
    );

  app.put(
    '/users/:id/photo',
    {
      schema: {
        tags,
        summary:
          'Set a contact\'s photo (workspace admins, or the person): multipart field "file"; jpg, png, gif or webp up to 2 MB, type read from the bytes',
        consumes: ['multipart/form-data'],
        params: ZId,
        response: { 200: ZImage, ...failures(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const { bytes } = await readSingleFile(request, peopleMessages.contactPhotoTooLarge);
      const photo = await checkPhoto(bytes, CONTACT_PHOTO_MAX_BYTES, peopleMessages.contactPhotoTooLarge);
      return ok(
        await request.inTenant(async (ctx) => {
          assertMayEditContact(ctx, await getContact(ctx, request.params.id));
          const image = await savePhoto(ctx.db, request.params.id, photo);
          ctx.publish({ tenantId: ctx.tenantId, type: 'people.changed', data: { userId: request.params.id } });
          return { image };
        }),
      );
    },
  );

  app.delete(
    '/users/:id/photo',
    {
      schema: {
        tags,
        summary: "Remove a contact's photo (workspace admins, or the person)",
        params: ZId,
        response: { 200: ZImage, ...failures(401, 403, 404) },
      },
    },
    async (request) =>
      ok(
        await request.inTenant(async (ctx) => {
          assertMayEditContact(ctx, await getContact(ctx, request.params.id));
          await removePhoto(ctx.db, request.params.id);
          ctx.publish({ tenantId: ctx.tenantId, type: 'people.changed', data: { userId: request.params.id } });
          return { image: null };
        }),
      ),
  );

  storedImageRoute(
    fastify,
    '/users/:id/photo/:hash',
    {
      tags,
      summary: 'A photo, by the URL found in `image` (cacheable for good: the URL changes with the photo)',
      hashLength: 64,
    },
    readPhoto,
  );

  // Groups (the group dialog calls them roles)

  app.get(
    '/groups',
    {
      schema: {
        tags,
        summary: "One page of the workspace's groups by name; `includeUsers=true` adds their people with deleted flags",
        querystring: ZGroupsQuery,
        response: { 200: success(ZGroupsPage), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listGroups(ctx, request.query))),
  );

  app.post(
    '/groups',
    {
      schema: {
        tags,
        summary: 'Add role: a new group (workspace admins); 409 when the workspace has a group of that name',
        body: ZCreateGroup,
        response: { 201: success(ZGroup), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const group = await request.inTenant((ctx) => createGroup(ctx, request.body));
      return reply.status(201).send(ok(group));
    },
  );

  app.patch(
    '/groups/:id',
    {
      schema: {
        tags,
        summary: 'Edit role: rename a group or set its people (workspace admins); 409 for a name another group has',
        params: ZId,
        body: ZUpdateGroup,
        response: { 200: success(ZGroup), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateGroup(ctx, request.params.id, request.body))),
  );

  app.delete(
    '/groups/:id',
    {
      schema: {
        tags,
        summary: 'Delete a group: it is removed from all its people (workspace admins)',
        params: ZId,
        response: { 200: ZDone, ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteGroup(ctx, request.params.id))),
  );
};
