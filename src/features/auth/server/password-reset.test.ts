import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLogger, testApp } from '../../../../test/app.ts';
import { client, lastMailTo, linkHash, PASSWORD, signUp, uniqueEmail } from '../../../../test/factories.ts';
import { passwordTokens } from '../../../db/schema/index.ts';
import { hashToken } from './tokens.service.ts';

let app: FastifyInstance;
const log = capturedLogger();
beforeAll(async () => {
  app = await testApp({}, log.logger);
  await app.ready();
});
afterAll(() => app.close());

const forgot = (email: string) => client(app).post<{ message: string }>('/auth/forgot-password', { email });
const reset = (body: Record<string, unknown>) => client(app).post<{ message: string }>('/auth/reset-password', body);
const signInWith = (email: string, password: string) => client(app).post('/signin', { email, password });

describe('password reset', () => {
  it('mails a single-use link that sets a new password and ends the old sessions', async () => {
    const person = await signUp(app);
    const answer = await forgot(person.email);
    expect(answer.status).toBe(200);
    expect(answer.body.result.message).toBe('An email with reset instructions was sent to your inbox.');

    const mail = await lastMailTo(app, person.email);
    expect(mail?.text).toContain('http://cadence.test/forgotpassword?hash=');
    const hash = linkHash(mail!.text)!;

    const done = await reset({ hash, password: 'brand new', repeatPassword: 'brand new' });
    expect(done.status).toBe(200);
    expect(done.body.result.message).toBe('Your password was reset.');
    expect((await signInWith(person.email, 'brand new')).status).toBe(200);
    expect((await signInWith(person.email, PASSWORD)).status).toBe(401);
    expect((await person.api.get('/self')).status).toBe(401);

    const again = await reset({ hash, password: 'third one' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This link has expired or was already used. Ask for a new one.');
    expect((await signInWith(person.email, 'third one')).status).toBe(401);
  });

  it('answers the same for an unknown email and mails nothing', async () => {
    const email = uniqueEmail('nobody');
    const answer = await forgot(email);
    expect(answer.status).toBe(200);
    expect(answer.body.result.message).toBe('An email with reset instructions was sent to your inbox.');
    expect(await lastMailTo(app, email)).toBeUndefined();
  });

  it('refuses a link older than one hour', async () => {
    const person = await signUp(app);
    await forgot(person.email);
    const hash = linkHash((await lastMailTo(app, person.email))!.text)!;
    await app.database.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.tokenHash, hashToken(hash)));
    const answer = await reset({ hash, password: 'too late' });
    expect(answer.status).toBe(400);
    expect((await signInWith(person.email, PASSWORD)).status).toBe(200);
  });

  it('checks the new password: length and repeat', async () => {
    const person = await signUp(app);
    await forgot(person.email);
    const hash = linkHash((await lastMailTo(app, person.email))!.text)!;
    const short = await reset({ hash, password: '12345' });
    expect(short.body.errors).toEqual({ password: 'This field should be longer than 5 characters' });
    const mismatch = await reset({ hash, password: '123456', repeatPassword: '1234567' });
    expect(mismatch.body.errors).toEqual({ repeatPassword: 'Passwords do not match' });
    // Refused attempts do not use the link up.
    expect((await reset({ hash, password: '123456', repeatPassword: '123456' })).status).toBe(200);
  });

  it('limits reset requests per email and address', async () => {
    const person = await signUp(app);
    for (let i = 0; i < 5; i++) expect((await forgot(person.email)).status).toBe(200);
    expect((await forgot(person.email)).status).toBe(429);
  });

  it('never writes tokens or passwords to the log', async () => {
    const person = await signUp(app);
    await forgot(person.email);
    const hash = linkHash((await lastMailTo(app, person.email))!.text)!;
    await reset({ hash, password: 'log-secret-pw' });
    const text = log.lines.join('\n');
    expect(log.lines.length).toBeGreaterThan(5);
    for (const secret of [person.token, hash, PASSWORD, 'log-secret-pw']) expect(text).not.toContain(secret);
  });
});
