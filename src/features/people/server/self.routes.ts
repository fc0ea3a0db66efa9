import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, success } from '../../../server/http.ts';
import { limitPerUser } from '../../../server/rate-limit.ts';
import { readSingleFile } from '../../../server/uploads.ts';
import { CONTACT_PHOTO_MAX_BYTES, PROFILE_IMAGE_MAX_BYTES, RATE_LIMITS } from '../../../shared/constants.ts';
import { ZMessageResult } from '../../auth/auth.schemas.ts';
import { ZNotificationSettingsView, ZUpdateNotificationSettings } from '../../notifications/notifications.schemas.ts';
import {
  notificationPreferences,
  updateNotificationPreferences,
} from '../../notifications/server/preferences.service.ts';
import { peopleMessages } from '../people.messages.ts';
import { ZAuthSession, ZChangePassword, ZConfirmEmail, ZDeleteAccount, ZUpdateEmail } from '../people.schemas.ts';
import { checkPhoto, removePhoto, savePhoto } from './photos.service.ts';
import {
  changePassword,
  confirmEmailChange,
  deleteMyAccount,
  endMySession,
  listMySessions,
  requestEmailChange,
  signOutEverywhere,
} from './self.service.ts';

const tags = ['self'];
const ZDone = success(z.boolean());
const ZImage = success(z.object({ image: z.string().nullable() }));

/** The signed-in person's own settings: photo, notifications, password, email, sessions, account. */
export const selfRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await fastify.register(multipart, { limits: { fileSize: CONTACT_PHOTO_MAX_BYTES, files: 1, fields: 5 } });

  app.put(
    '/self/photo',
    {
      schema: {
        tags,
        summary: 'Set my profile image: multipart field "file"; jpg, png, gif or webp up to 500 KB (512000 bytes)',
        consumes: ['multipart/form-data'],
        response: { 200: ZImage, ...failures(400, 401, 413, 415) },
      },
    },
    async (request) => {
      const { bytes } = await readSingleFile(request, peopleMessages.profileImageTooLarge);
      const photo = await checkPhoto(bytes, PROFILE_IMAGE_MAX_BYTES, peopleMessages.profileImageTooLarge);
      return ok(await request.inUser(async (ctx) => ({ image: await savePhoto(ctx.db, ctx.userId, photo) })));
    },
  );

  app.delete(
    '/self/photo',
    { schema: { tags, summary: 'Remove my profile image', response: { 200: ZImage, ...failures(401) } } },
    async (request) =>
      ok(
        await request.inUser(async (ctx) => {
          await removePhoto(ctx.db, ctx.userId);
          return { image: null };
        }),
      ),
  );

  app.get(
    '/self/notifications',
    {
      schema: {
        tags,
        summary: 'My notification switches: email, Slack, and by kind; and whether this server has Slack',
        response: { 200: success(ZNotificationSettingsView), ...failures(401) },
      },
    },
    async (request) =>
      ok({
        ...(await request.inUser((ctx) => notificationPreferences(ctx.db, ctx.userId))),
        slackAvailable: request.server.config.slack !== null,
      }),
  );

  app.patch(
    '/self/notifications',
    {
      schema: {
        tags,
        summary: 'Change my notification switches',
        body: ZUpdateNotificationSettings,
        response: { 200: success(ZNotificationSettingsView), ...failures(400, 401) },
      },
    },
    async (request) =>
      ok({
        ...(await request.inUser((ctx) => updateNotificationPreferences(ctx, request.body))),
        slackAvailable: request.server.config.slack !== null,
      }),
  );

  app.post(
    '/self/change-password',
    {
      schema: {
        tags,
        summary: 'Change my password (at least 8 characters, typed twice; the current one when I have one)',
        description:
          'Every other session is signed out; this one stays. At most 10 tries per user in 15 minutes, then 429.',
        body: ZChangePassword,
        response: { 200: success(ZMessageResult), ...failures(400, 401, 429) },
      },
    },
    async (request) => {
      await limitPerUser(request, 'change-password', RATE_LIMITS.changePasswordPerUser);
      return ok(await request.inUser((ctx) => changePassword(ctx, request.body)));
    },
  );

  app.patch(
    '/self/update-email',
    {
      schema: {
        tags,
        summary: 'Ask to change my email: the new address gets a confirmation link, the old one is told',
        description:
          'Nothing changes until the link is opened (POST self/confirm-email). An address in use is 409 without saying whose. At most 5 per user an hour, then 429.',
        body: ZUpdateEmail,
        response: { 200: success(ZMessageResult), ...failures(400, 401, 409, 429) },
      },
    },
    async (request) => {
      await limitPerUser(request, 'email-change', RATE_LIMITS.emailChangePerUser);
      return ok(
        await request.inUser((ctx) => requestEmailChange(ctx, request.body.email, request.server.config.publicUrl)),
      );
    },
  );

  app.post(
    '/self/confirm-email',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The mailed link of an email change: the email changes now (single use, 24 hours)',
        security: [],
        body: ZConfirmEmail,
        response: { 200: success(ZMessageResult), ...failures(400, 409) },
      },
    },
    async (request) => ok(await request.inTransaction((ctx) => confirmEmailChange(ctx, request.body.hash))),
  );

  app.get(
    '/self/sessions',
    {
      schema: {
        tags,
        summary: 'My signed-in sessions and their browsers, newest first (at most 50)',
        response: { 200: success(z.array(ZAuthSession)), ...failures(401) },
      },
    },
    async (request) => ok(await request.inUser((ctx) => listMySessions(ctx))),
  );

  app.delete(
    '/self/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Sign out one of my sessions',
        params: z.object({ id: z.uuid() }),
        response: { 200: ZDone, ...failures(401, 404) },
      },
    },
    async (request) => ok(await request.inUser((ctx) => endMySession(ctx, request.params.id))),
  );

  app.post(
    '/self/sign-out-everywhere',
    {
      schema: {
        tags,
        summary: 'Sign out every one of my sessions, this one too',
        response: { 200: ZDone, ...failures(401) },
      },
    },
    async (request) => ok(await request.inUser((ctx) => signOutEverywhere(ctx))),
  );

  app.delete(
    '/self',
    {
      schema: {
        tags,
        summary: 'Delete my account (my email typed again to confirm)',
        description: 'Refused with 409 while I am the last admin of a workspace; the message names it.',
        body: ZDeleteAccount,
        response: { 200: success(ZMessageResult), ...failures(400, 401, 409) },
      },
    },
    async (request) => ok(await request.inUser((ctx) => deleteMyAccount(ctx, request.body.email))),
  );
};
