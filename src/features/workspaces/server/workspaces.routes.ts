import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { limitPerUser } from '../../../server/rate-limit.ts';
import { RATE_LIMITS } from '../../../shared/constants.ts';
import { ZMyWorkspace, ZWorkspace } from '../../../shared/self.ts';
import {
  ZAddUser,
  ZAddUserResult,
  ZCreateWorkspace,
  ZInvitation,
  ZUpdateWorkspace,
  ZUserLookup,
  ZUserLookupResult,
  ZWorkspacePerson,
} from '../workspaces.schemas.ts';
import { acceptInvitation, declineInvitation, listMyInvitations } from './invitations.service.ts';
import {
  addUserToWorkspace,
  createWorkspace,
  listMyWorkspaces,
  listWorkspacePeople,
  lookUpUser,
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
        summary: 'Whether an email has an account, and one in this workspace (workspace admins)',
        description:
          'Answers only `exists` and `existsInTenant`: never a name, email or id. At most 60 lookups per admin in 15 minutes, then 429 with Retry-After.',
        querystring: ZUserLookup,
        response: { 200: success(ZUserLookupResult), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => {
      await limitPerUser(request, 'user-lookup', RATE_LIMITS.userLookupPerAdmin);
      return ok(await request.inTenant((ctx) => lookUpUser(ctx, request.query.email)));
    },
  );

  app.post(
    '/tenants/add-user',
    {
      schema: {
        tags,
        summary: 'Add a person to this workspace by email (workspace admins)',
        description:
          'A new email gets an account and a set-password mail (`added`). An existing account is invited (`invited`): it joins only when its owner accepts on /workspaces. `id` (an existing account) is accepted too. 409 when already in this workspace; at most 30 per admin an hour, then 429 with Retry-After.',
        body: ZAddUser,
        response: { 201: success(ZAddUserResult), ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      // Seeding runs without limits (authLimits null): it spends none.
      if (request.server.config.authLimits) await limitPerUser(request, 'add-user', RATE_LIMITS.addUserPerAdmin);
      const result = await request.inTenant((ctx) =>
        addUserToWorkspace(ctx, request.body, request.server.config.publicUrl),
      );
      return reply.status(201).send(ok(result));
    },
  );

  app.get(
    '/invitations',
    {
      schema: {
        tags,
        summary: "The signed-in user's open invitations to workspaces",
        response: { 200: success(z.array(ZInvitation)), ...failures(401) },
      },
    },
    async (request) => ok(await request.inUser((ctx) => listMyInvitations(ctx.db, ctx.userId))),
  );

  app.post(
    '/invitations/:id/accept',
    {
      schema: {
        tags,
        summary: 'Accept one of my invitations: I become a member of its workspace',
        description: "Another user's, a closed or an expired invitation is 404.",
        params: z.object({ id: z.uuid() }),
        response: { 200: success(ZMyWorkspace), ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inUser((ctx) => acceptInvitation(ctx, request.params.id))),
  );

  app.post(
    '/invitations/:id/decline',
    {
      schema: {
        tags,
        summary: 'Decline one of my invitations',
        description: "Another user's, a closed or an expired invitation is 404.",
        params: z.object({ id: z.uuid() }),
        response: { 200: success(z.boolean()), ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inUser((ctx) => declineInvitation(ctx, request.params.id))),
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
