import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { failures, ok, success } from '../../../server/http.ts';
import { unauthorized } from '../../../shared/errors.ts';
import { ZMessageResult, ZSignInResult } from '../auth.schemas.ts';
import { twoFactorMessages } from '../two-factor.messages.ts';
import {
  ZRecoveryCodes,
  ZSaveTwoFactorPolicy,
  ZTwoFactorCode,
  ZTwoFactorDisable,
  ZTwoFactorEnrolment,
  ZTwoFactorPolicy,
  ZTwoFactorSignIn,
  ZTwoFactorStatus,
} from '../two-factor.schemas.ts';
import { countSignInCode, countTwoFactorChange } from './auth.limits.ts';
import { challengeEmail, completeTwoFactorSignIn } from './two-factor.gate.ts';
import {
  confirmEnrolment,
  disableTwoFactor,
  getTwoFactorPolicy,
  regenerateRecoveryCodes,
  saveTwoFactorPolicy,
  startEnrolment,
  twoFactorStatus,
} from './two-factor.service.ts';

// Two-factor sign-in's routes (decision 102): the sign-in's second step, the person's own
// settings, and the workspace's requirement.

const tags = ['auth'];

export const twoFactorRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/signin/two-factor',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'signInTwoFactor',
        summary: 'Sign in, second step: the challenge from the first step and a code or recovery code',
        description:
          'A wrong code is 401 and counts towards the same limits as a wrong password (per account and per address), then 429 with Retry-After; the challenge stays usable until it expires (5 minutes). A used, unknown or expired challenge is 401. `trustBrowser` answers a `trustedBrowser` token to send with the next sign-ins (30 days).',
        security: [],
        body: ZTwoFactorSignIn,
        response: { 200: success(ZSignInResult), ...failures(400, 401, 429) },
      },
    },
    async (request) => {
      const { database, config, vaultKeyring } = request.server;
      const email = await challengeEmail(database.db, request.body.challenge);
      const refund = await countSignInCode(database.db, config.authLimits, email, request.ip);
      if (!email) throw unauthorized(twoFactorMessages.challengeExpired);
      const result = await request.inTransaction((ctx) => completeTwoFactorSignIn(ctx, vaultKeyring, request.body));
      await refund();
      return ok(result);
    },
  );

  app.get(
    '/self/two-factor',
    {
      schema: {
        tags,
        operationId: 'getTwoFactor',
        summary: 'Whether two-factor sign-in is on, the recovery codes left, and the workspaces that require it',
        response: { 200: success(ZTwoFactorStatus), ...failures(401) },
      },
    },
    async (request) => ok(await request.inUser((ctx) => twoFactorStatus(ctx))),
  );

  app.post(
    '/self/two-factor/enrol',
    {
      schema: {
        tags,
        operationId: 'startTwoFactorEnrolment',
        summary: 'Start turning on two-factor sign-in: a new secret for the authenticator app',
        description: 'Nothing changes at sign-in until a code confirms it. 409 when it is already on.',
        response: { 200: success(ZTwoFactorEnrolment), ...failures(401, 409) },
      },
    },
    async (request) => ok(await request.inUser((ctx) => startEnrolment(ctx, request.server.vaultKeyring))),
  );

  app.post(
    '/self/two-factor/confirm',
    {
      schema: {
        tags,
        operationId: 'confirmTwoFactorEnrolment',
        summary: 'Turn on two-factor sign-in with a code from the app; answers ten recovery codes, once',
        description:
          'A wrong code is 400. At most 10 codes per person in 15 minutes (with turning off and new recovery codes), then 429.',
        body: ZTwoFactorCode,
        response: { 200: success(ZRecoveryCodes), ...failures(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const { database, config, vaultKeyring } = request.server;
      await countTwoFactorChange(database.db, config.authLimits, request.auth!.userId);
      return ok(await request.inUser((ctx) => confirmEnrolment(ctx, vaultKeyring, request.body.code)));
    },
  );

  app.post(
    '/self/two-factor/recovery-codes',
    {
      schema: {
        tags,
        operationId: 'regenerateRecoveryCodes',
        summary: 'Ten new recovery codes in place of the old ones, for a current code from the app',
        description: 'A wrong code is 400; 409 when two-factor sign-in is off. Limited like confirming.',
        body: ZTwoFactorCode,
        response: { 200: success(ZRecoveryCodes), ...failures(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const { database, config, vaultKeyring } = request.server;
      await countTwoFactorChange(database.db, config.authLimits, request.auth!.userId);
      return ok(await request.inUser((ctx) => regenerateRecoveryCodes(ctx, vaultKeyring, request.body.code)));
    },
  );

  app.post(
    '/self/two-factor/disable',
    {
      schema: {
        tags,
        operationId: 'disableTwoFactor',
        summary: 'Turn off two-factor sign-in with the password and a code (or a recovery code)',
        description:
          'Ends the recovery codes and the trusted browsers too. A wrong password or code is 400; 409 when it is off. Limited like confirming.',
        body: ZTwoFactorDisable,
        response: { 200: success(ZMessageResult), ...failures(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const { database, config, vaultKeyring } = request.server;
      await countTwoFactorChange(database.db, config.authLimits, request.auth!.userId);
      return ok(await request.inUser((ctx) => disableTwoFactor(ctx, vaultKeyring, request.body)));
    },
  );

  app.get(
    '/two-factor/policy',
    {
      schema: {
        tags,
        operationId: 'getTwoFactorPolicy',
        summary: 'Whether this workspace requires two-factor sign-in (admins)',
        response: { 200: success(ZTwoFactorPolicy), ...failures(401, 403) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => getTwoFactorPolicy(ctx))),
  );

  app.put(
    '/two-factor/policy',
    {
      schema: {
        tags,
        operationId: 'saveTwoFactorPolicy',
        summary: 'Require two-factor sign-in in this workspace, or stop requiring it (admins)',
        description:
          'Members without it are asked to set it up and get 403 (`errors.twoFactor` = `enrolment-required`) from this workspace until they do. 409 when the admin has not turned it on for themselves.',
        body: ZSaveTwoFactorPolicy,
        response: { 200: success(ZTwoFactorPolicy), ...failures(400, 401, 403, 409) },
      },
    },
    async (request) => ok(await request.inTenant((ctx) => saveTwoFactorPolicy(ctx, request.body.required))),
  );
};
