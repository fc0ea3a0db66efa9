import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../../../server/context.ts';
import { failures, ok, success } from '../../../server/http.ts';
import { limitPerUser } from '../../../server/rate-limit.ts';
import { RATE_LIMITS } from '../../../shared/constants.ts';
import { notFound } from '../../../shared/errors.ts';
import {
  ZCreateVaultEntry,
  ZDeleteFolderQuery,
  ZMeetingActivityQuery,
  ZRevealed,
  ZRevealRequest,
  ZRotation,
  ZSaveVaultFolder,
  ZUpdateVaultEntry,
  ZVaultAuditPage,
  ZVaultEntry,
  ZVaultEntryPage,
  ZVaultEntryQuery,
  ZVaultFolder,
  ZVaultFolderPage,
  ZVaultFolderQuery,
  ZWorkspaceActivityQuery,
} from '../vault.schemas.ts';
import { meetingActivity, workspaceActivity } from './vault.audit.service.ts';
import { createFolder, deleteFolder, listFolders, renameFolder } from './vault.folders.service.ts';
import { createEntry, deleteEntry, listEntries, revealPassword, rotateKey, updateEntry } from './vault.service.ts';

// The password vault (document 3 §7; the spec's names in docs/api.md). Thin: services decide.

const tags = ['vault'];
const ZId = z.object({ id: z.uuid() });
const ZMeetingId = z.object({ meetingId: z.uuid() });
const ZDone = success(z.boolean());
const LOCK_OUT =
  "409 (field `confirmLockOut`, nothing written) when the save would leave the caller unable to reveal or copy the entry — a new entry, or new groups when they could reveal it before — unless `confirmLockOut` is true. The meeting's leaders always may, whatever the groups.";

const actorOf = (request: FastifyRequest): Actor => ({
  // An API token has no session: its own id is recorded instead (decision 093).
  sessionId: request.auth?.apiToken ? null : (request.auth?.sessionId ?? null),
  tokenId: request.auth?.apiToken?.id ?? null,
  address: request.ip ?? null,
});

export const vaultRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const keyring = () => fastify.vaultKeyring;

  app.get(
    '/meetings/:meetingId/passwords',
    {
      schema: {
        tags,
        summary: "getPasswords: one page of the meeting's passwords the caller sees, without any secret",
        params: ZMeetingId,
        querystring: ZVaultEntryQuery,
        response: { 200: success(ZVaultEntryPage), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listEntries(ctx, request.params.meetingId, request.query))),
  );

  app.post(
    '/meetings/:meetingId/passwords',
    {
      schema: {
        tags,
        summary: 'savePassword (new): leaders and admins; the password is encrypted at rest and never listed',
        description: LOCK_OUT,
        params: ZMeetingId,
        body: ZCreateVaultEntry,
        response: { 201: success(ZVaultEntry), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const entry = await request.inTenant((ctx) =>
        createEntry(ctx, keyring(), actorOf(request), request.params.meetingId, request.body),
      );
      return reply.status(201).send(ok(entry));
    },
  );

  app.patch(
    '/passwords/:id',
    {
      schema: {
        tags,
        summary: 'savePassword (existing): the fields sent; the password only when one is sent',
        description: LOCK_OUT,
        params: ZId,
        body: ZUpdateVaultEntry,
        response: { 200: success(ZVaultEntry), ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(
        await request.inTenant((ctx) => updateEntry(ctx, keyring(), actorOf(request), request.params.id, request.body)),
      ),
  );

  app.delete(
    '/passwords/:id',
    {
      schema: {
        tags,
        summary: 'deletePassword: permanent',
        params: ZId,
        response: { 200: ZDone, ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => deleteEntry(ctx, actorOf(request), request.params.id))),
  );

  app.post(
    '/passwords/:id/reveal',
    {
      schema: {
        tags,
        summary:
          'The password of one entry, for a leader of its meeting or a member who may see it; audited as a reveal or a copy',
        description:
          "404 for anyone who may not see the entry (workspace admins included), audited as `refused_reveal` or `refused_copy` when the entry is this workspace's. A stored value changed outside Cadence (the ciphertext or the workspace key altered, moved or swapped) is a 500 naming the entry (account and id), audited as `undecryptable` and logged as an error without any secret; a master key that does not match (VAULT_MASTER_KEY) is a 500 naming the entry too. Rate limited per user (429).",
        params: ZId,
        body: ZRevealRequest,
        response: { 200: success(ZRevealed), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      await limitPerUser(request, 'vault-reveal', RATE_LIMITS.vaultRevealPerUser);
      const outcome = await request.inTenant((ctx) =>
        revealPassword(ctx, keyring(), actorOf(request), request.params.id, request.body.purpose),
      );
      if ('revealed' in outcome) return ok(outcome.revealed);
      // The refusal's audit row is committed too.
      if ('refused' in outcome) throw notFound();
      // The audit row is committed; the error handler logs the 500 (its message names the
      // entry and what failed, never a value or key) and answers it.
      throw outcome.tampered;
    },
  );

  // Folders (the spec's password groups)

  app.get(
    '/meetings/:meetingId/password-folders',
    {
      schema: {
        tags,
        summary: "getPasswordGroups: the meeting's vault folders by name",
        params: ZMeetingId,
        querystring: ZVaultFolderQuery,
        response: { 200: success(ZVaultFolderPage), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => listFolders(ctx, request.params.meetingId, request.query))),
  );

  app.post(
    '/meetings/:meetingId/password-folders',
    {
      schema: {
        tags,
        summary: 'savePasswordGroup (new): Add folder, leaders and admins',
        params: ZMeetingId,
        body: ZSaveVaultFolder,
        response: { 201: success(ZVaultFolder), ...failures(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const folder = await request.inTenant((ctx) => createFolder(ctx, request.params.meetingId, request.body.name));
      return reply.status(201).send(ok(folder));
    },
  );

  app.patch(
    '/password-folders/:id',
    {
      schema: {
        tags,
        summary: 'savePasswordGroup (existing): Edit folder',
        params: ZId,
        body: ZSaveVaultFolder,
        response: { 200: success(ZVaultFolder), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => renameFolder(ctx, request.params.id, request.body.name))),
  );

  app.delete(
    '/password-folders/:id',
    {
      schema: {
        tags,
        summary: 'Delete a folder, permanently: its passwords kept in no folder, or (entries=delete) deleted with it',
        params: ZId,
        querystring: ZDeleteFolderQuery,
        response: { 200: ZDone, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(
        await request.inTenant((ctx) => deleteFolder(ctx, actorOf(request), request.params.id, request.query.entries)),
      ),
  );

  // Audit (read only: no route changes it)

  app.get(
    '/meetings/:meetingId/password-activity',
    {
      schema: {
        tags,
        summary: "The meeting's vault activity, newest first (leaders and admins); entryId: one entry's history",
        params: ZMeetingId,
        querystring: ZMeetingActivityQuery,
        response: { 200: success(ZVaultAuditPage), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(await request.inTenant((ctx) => meetingActivity(ctx, request.params.meetingId, request.query))),
  );

  app.get(
    '/password-activity',
    {
      schema: {
        tags,
        summary:
          "The workspace's vault activity (admins), deleted meetings' rows included; e.g. what a departed person saw (userId, action=reveal,copy)",
        querystring: ZWorkspaceActivityQuery,
        response: { 200: success(ZVaultAuditPage), ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => workspaceActivity(ctx, request.query))),
  );

  app.post(
    '/vault/rotate-key',
    {
      schema: {
        tags,
        summary: "Rotate the workspace's vault key (admins): every password re-encrypted in one transaction",
        response: { 200: success(ZRotation), ...failures(401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => rotateKey(ctx, keyring()))),
  );
};
