import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import {
  ZAddUser,
  ZCreateWorkspace,
  ZMyWorkspace,
  ZPerson,
  ZSwitchResult,
  ZSwitchWorkspace,
  ZUpdateWorkspace,
  ZUserLookup,
  ZUserLookupResult,
  ZWorkspace,
  ZWorkspacePerson,
} from '../workspaces.schemas.ts';
import {
  addUserToWorkspace,
  createWorkspace,
  listMyWorkspaces,
  listWorkspacePeople,
  lookUpUser,
  switchWorkspace,
  updateWorkspace,
} from './workspaces.service.ts';

const tags = ['workspaces'];

export const workspacesRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/tenants',
    {
      schema: {
        tags,
        summary: "The signed-in user's workspaces",
        response: { 200: success(z.array(ZMyWorkspace)), ...failures(401) },
      },
    },
    async (request) => ok(await request.inUser((ctx) => listMyWorkspaces(ctx.db, ctx.userId))),
  );

  app.post(
    '/tenants',
    {
      schema: {
        tags,
        summary: 'Create a workspace; its creator becomes its admin',
        body: ZCreateWorkspace,
        response: { 201: success(ZMyWorkspace), ...failures(400, 401) },
      },
    },
    async (request, reply) => {
      const workspace = await request.inUser((ctx) => createWorkspace(ctx.db, ctx.userId, request.body.name));
      return reply.status(201).send(ok(workspace));
    },
  );

  app.post(
    '/switch-tenant',
    {
      schema: {
        tags,
        summary: "Work in another of the user's workspaces",
        body: ZSwitchWorkspace,
        response: { 200: success(ZSwitchResult), ...failures(400, 401, 404) },
      },
    },
    async (request) => ok(await request.inUser((ctx) => switchWorkspace(ctx, ctx.sessionId, request.body.id))),
  );

  app.patch(
    '/tenants/:id',
    {
      schema: {
        tags,
        summary: 'Rename the current workspace or change its logo (workspace admins)',
        params: z.object({ id: z.uuid() }),
        body: ZUpdateWorkspace,
        response: { 200: success(ZWorkspace), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => updateWorkspace(ctx, request.params.id, request.body))),
  );

  app.get(
    '/users/exists',
    {
      schema: {
        tags,
        summary: 'Whether an email belongs to a user, and to one of this workspace (workspace admins)',
        querystring: ZUserLookup,
        response: { 200: success(ZUserLookupResult), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => lookUpUser(ctx, request.query.email))),
  );

  app.post(
    '/tenants/add-user',
    {
      schema: {
        tags,
        summary: 'Add an existing user (id) or a new one (email, names) to this workspace (workspace admins)',
        body: ZAddUser,
        response: { 201: success(ZPerson), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const person = await request.inTenant((ctx) =>
        addUserToWorkspace(ctx, request.body, request.server.config.publicUrl),
      );
      return reply.status(201).send(ok(person));
    },
  );

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'The people of the current workspace (getUsers)',
        response: { 200: success(z.array(ZWorkspacePerson)), ...failures(401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listWorkspacePeople(ctx))),
  );
};
