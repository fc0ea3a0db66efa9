import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import {
  client,
  joinWorkspace,
  lastMailTo,
  linkHash,
  PASSWORD,
  PNG_PIXEL as PNG,
  signIn,
  signUp,
  uniqueEmail,
  uploadFile,
} from '../../../../test/factories.ts';
import type { User } from '../../../shared/self.ts';
import type { NotificationSettings } from '../../notifications/notifications.schemas.ts';
import type { AuthSessionRow, Contact } from '../people.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

const upload = (token: string, url: string, bytes: Buffer, fileName = 'me.png') =>
  uploadFile(app, token, 'PUT', url, bytes, fileName);

describe('Basic Info', () => {
  it('saves the profile fields, locale and first day of week (defaults en_US and 1)', async () => {
    const me = await signUp(app);
    const before = await me.api.get<{ user: User }>('/self');
    expect(before.body.result.user).toMatchObject({ locale: 'en_US', firstDayOfWeek: 1, phone: null });
    const saved = await me.api.patch<User>('/self', {
      phone: '+1 555',
      alternative_phone: '+1 556',
      address: '1 Road',
      dob: '1985-12-31',
      slack: '@me',
      locale: 'de_DE',
      first_day_of_week: 0,
      timezone: 'Nowhere/Else',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({
      phone: '+1 555',
      alternativePhone: '+1 556',
      dob: '1985-12-31',
      locale: 'de_DE',
      firstDayOfWeek: 0,
      timezone: 'America/Los_Angeles',
    });
    expect((await me.api.patch('/self', { dob: '12/31/1985' })).status).toBe(400);
    expect((await me.api.patch('/self', { locale: 'xx_XX' })).status).toBe(400);
    expect((await me.api.patch('/self', { firstDayOfWeek: 7 })).status).toBe(400);
  });
});

describe('photos', () => {
  it('stores a real image and serves it by a cacheable URL; too large or disguised is refused and nothing stored', async () => {
    const me = await signUp(app);
    const ok = await upload(me.token, '/self/photo', PNG);
    expect(ok.statusCode).toBe(200);
    const image = ok.json().result.image as string;
    expect(image).toMatch(/^\/api\/v2\/users\/[\w-]+\/photo\/[0-9a-f]{64}$/);
    expect((await me.api.get<{ user: User }>('/self')).body.result.user.image).toBe(image);

    const served = await app.inject({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    // Stored as a decoded copy (decision 076): a PNG still, not the same bytes.
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
    const again = await app.inject({ method: 'GET', url: image, headers: { 'if-none-match': served.headers.etag } });
    expect(again.statusCode).toBe(304);
    const guessed = await app.inject({ method: 'GET', url: image.replace(/[0-9a-f]{64}$/, '0'.repeat(64)) });
    expect(guessed.statusCode).toBe(404);

    const big = Buffer.concat([PNG, Buffer.alloc(512001 - PNG.length)]);
    const tooLarge = await upload(me.token, '/self/photo', big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(
      'The selected image exceeds the allowed size limit. 500 KB is the maximum size.',
    );
    const disguised = await upload(me.token, '/self/photo', Buffer.from('<svg onload=alert(1)>'), 'me.png');
    expect(disguised.statusCode).toBe(400);
    expect((await me.api.get<{ user: User }>('/self')).body.result.user.image).toBe(image);
  });

  it('the user form takes photos up to 2 MB, set by an admin or the person only', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    const colleague = await joinWorkspace(app, admin);
    const stranger = await signUp(app);
    const oneMb = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    expect((await upload(admin.token, `/users/${member.userId}/photo`, oneMb)).statusCode).toBe(200);
    expect((await upload(colleague.token, `/users/${member.userId}/photo`, PNG)).statusCode).toBe(403);
    expect((await upload(stranger.token, `/users/${member.userId}/photo`, PNG)).statusCode).toBe(404);
    const threeMb = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
    const tooLarge = await upload(admin.token, `/users/${member.userId}/photo`, threeMb);
    expect(tooLarge.statusCode).toBe(413);
    const contact = await admin.api.get<Contact>(`/users/${member.userId}`);
    expect(contact.body.result.image).toMatch(/\/photo\//);
  });
});

describe('notifications', () => {
  it('starts with every switch on and keeps each change', async () => {
    const me = await signUp(app);
    const first = await me.api.get<NotificationSettings>('/self/notifications');
    expect(first.body.result).toEqual({
      enableEmailNotification: true,
      enableSlackNotification: true,
      assignments: true,
      comments: true,
      meetingStarts: true,
      reminders: true,
      // This test server has no Slack app: the settings page shows the Slack switch off and locked.
      slackAvailable: false,
    });
    await me.api.patch('/self/notifications', { enable_slack_notification: false, comments: false });
    const after = await me.api.get<NotificationSettings>('/self/notifications');
    expect(after.body.result).toMatchObject({ enableSlackNotification: false, comments: false, assignments: true });
  });
});

describe('Security', () => {
  it('changes the password: at least 8, repeated, current one right; other sessions end, this one stays', async () => {
    const me = await signUp(app);
    const otherToken = await signIn(app, me.email);
    const short = await me.api.post('/self/change-password', {
      currentPassword: PASSWORD,
      password: 'short',
      repeatPassword: 'short',
    });
    expect(short.body.errors).toMatchObject({
      password: 'Invalid Password. It must contain at least 8 characters.',
    });
    const mismatch = await me.api.post('/self/change-password', {
      currentPassword: PASSWORD,
      password: 'long enough 1',
      repeatPassword: 'long enough 2',
    });
    expect(mismatch.body.errors).toEqual({ repeatPassword: 'Passwords do not match' });
    const wrong = await me.api.post('/self/change-password', {
      currentPassword: 'not it',
      password: 'long enough 1',
      repeatPassword: 'long enough 1',
    });
    expect(wrong.status).toBe(400);
    const changed = await me.api.post('/self/change-password', {
      currentPassword: PASSWORD,
      password: 'long enough 1',
      repeatPassword: 'long enough 1',
    });
    expect(changed.status).toBe(200);
    expect((await me.api.get('/self')).status).toBe(200);
    expect((await client(app, otherToken).get('/self')).status).toBe(401);
    expect((await client(app).post('/signin', { email: me.email, password: 'long enough 1' })).status).toBe(200);
    expect((await client(app).post('/signin', { email: me.email, password: PASSWORD })).status).toBe(401);
  });

  it('changes the email only through the link mailed to the new address; the old one is told', async () => {
    const me = await signUp(app);
    const other = await signUp(app);
    const taken = await me.api.patch('/self/update-email', { email: other.email });
    expect(taken.status).toBe(409);
    expect(taken.body.message).not.toContain(other.email);
    expect((await me.api.patch('/self/update-email', { email: me.email })).status).toBe(400);

    const newEmail = uniqueEmail('moved');
    const asked = await me.api.patch('/self/update-email', { email: newEmail });
    expect(asked.status).toBe(200);
    // Nothing changed yet.
    expect((await me.api.get<{ user: User }>('/self')).body.result.user.email).toBe(me.email);
    expect((await lastMailTo(app, me.email))?.text).toContain(newEmail);
    const hash = linkHash((await lastMailTo(app, newEmail))!.text)!;
    expect(hash).toBeDefined();
    const confirmed = await client(app).post<{ message: string }>('/self/confirm-email', { hash });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.result.message).toBe('Your email has been updated.');
    expect((await me.api.get<{ user: User }>('/self')).body.result.user.email).toBe(newEmail);
    expect((await client(app).post('/signin', { email: newEmail, password: PASSWORD })).status).toBe(200);
    expect((await lastMailTo(app, me.email))?.subject).toBe('Your Cadence email was changed');
    expect((await client(app).post('/self/confirm-email', { hash })).status).toBe(400);
  });

  it('lists the sessions with their browsers, signs one out, and signs out everywhere', async () => {
    const me = await signUp(app);
    const answer = await app.inject({
      method: 'POST',
      url: '/api/v2/signin',
      headers: { 'user-agent': 'Firefox on a phone' },
      remoteAddress: '127.9.9.9',
      payload: { email: me.email, password: PASSWORD },
    });
    const phoneToken = answer.json().result.accessToken as string;
    const sessions = await me.api.get<AuthSessionRow[]>('/self/sessions');
    expect(sessions.body.result).toHaveLength(2);
    const phone = sessions.body.result.find((s) => s.userAgent === 'Firefox on a phone')!;
    expect(phone.current).toBe(false);
    expect(sessions.body.result.filter((s) => s.current)).toHaveLength(1);

    const stranger = await signUp(app);
    expect((await stranger.api.delete(`/self/sessions/${phone.id}`)).status).toBe(404);
    expect((await client(app, phoneToken).get('/self')).status).toBe(200);
    expect((await me.api.delete(`/self/sessions/${phone.id}`)).status).toBe(200);
    expect((await client(app, phoneToken).get('/self')).status).toBe(401);

    const third = await signIn(app, me.email);
    expect((await me.api.post('/self/sign-out-everywhere')).status).toBe(200);
    expect((await me.api.get('/self')).status).toBe(401);
    expect((await client(app, third).get('/self')).status).toBe(401);
  });

  it('deletes the account, but not while its owner is the last admin of a workspace (which is named)', async () => {
    const owner = await signUp(app, { workspace: 'Acme Last Admin' });
    const refused = await owner.api.delete('/self', { email: owner.email });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Acme Last Admin');
    expect((await owner.api.get('/self')).status).toBe(200);

    const member = await joinWorkspace(app, owner);
    // Their own sign-up workspace has them as its only admin too: that one is named.
    const alsoRefused = await member.api.delete('/self', { email: member.email });
    expect(alsoRefused.status).toBe(409);
    expect((await member.api.delete('/self', { email: 'someone@else.test' })).status).toBe(400);
  });

  it('a deleted account cannot sign in, shows as deleted, and its email is free again', async () => {
    const admin = await signUp(app);
    const email = uniqueEmail('leaver');
    await admin.api.post('/users', { firstName: 'Lea', lastName: 'Ver', email });
    const hash = linkHash((await lastMailTo(app, email))!.text)!;
    await client(app).post('/auth/reset-password', { hash, password: PASSWORD });
    const token = await signIn(app, email);
    const leaver = client(app, token);
    const deleted = await leaver.delete('/self', { email });
    expect(deleted.status).toBe(200);
    expect((await leaver.get('/self')).status).toBe(401);
    expect((await client(app).post('/signin', { email, password: PASSWORD })).status).toBe(401);
    const list = await admin.api.get<{ users: { firstName: string; deleted: boolean; email: string }[] }>(
      '/directory/users?search=Lea',
    );
    expect(list.body.result.users).toMatchObject([{ firstName: 'Lea', deleted: true }]);
    expect(list.body.result.users[0]!.email).not.toBe(email);
    const again = await client(app).post('/register', {
      user: { firstName: 'New', lastName: 'Lea', email, password: PASSWORD },
      tenant: { name: 'Fresh' },
    });
    expect(again.status).toBe(201);
    expect((await client(app).post('/signin', { email, password: PASSWORD })).status).toBe(200);
  });
});
