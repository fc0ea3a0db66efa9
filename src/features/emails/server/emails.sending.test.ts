import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import {
  client,
  inviteAndAccept,
  joinWorkspace,
  lastMailTo,
  linkHash,
  meetingNow,
  type SignedUp,
  signIn,
  signUp,
  startLive,
  uniqueEmail,
} from '../../../../test/factories.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

const RESET = '/email-templates/reset-password';
const forgot = (email: string) => client(app).post('/auth/forgot-password', { email });
const customise = async (admin: SignedUp, key: string, body: Record<string, unknown>) =>
  expect((await admin.api.put(`/email-templates/${key}`, body)).status).toBe(200);

describe('sent mail uses the workspace template (decision 050)', () => {
  it('writes the next reset mail from the custom message, the name escaped in its HTML part, and the default after a reset', async () => {
    const admin = await signUp(app);
    const person = await joinWorkspace(app, admin, { firstName: '<b>Bo</b>' });
    await customise(admin, 'reset-password', {
      customSubject: 'Password help for {{firstName}}',
      customMessage: 'Hello {{firstName}},\nyour link: {{link}}\n— The Acme team',
    });
    // The person's last session works in the admin's workspace: its template applies.
    await forgot(person.email);
    const mail = await lastMailTo(app, person.email);
    expect(mail?.subject).toBe('Password help for <b>Bo</b>');
    expect(mail?.text).toMatch(
      /^Hello <b>Bo<\/b>,\nyour link: http:\/\/cadence\.test\/forgotpassword\?hash=[\w-]+\n— The Acme team$/,
    );
    expect(mail?.html).toContain('Hello &lt;b&gt;Bo&lt;/b&gt;,');
    expect(mail?.html).not.toContain('<b>');
    // The link in it still works.
    const hash = linkHash(mail!.text)!;
    const done = await client(app).post('/auth/reset-password', { hash, password: 'brand new' });
    expect(done.status).toBe(200);

    expect((await admin.api.delete(RESET)).status).toBe(200);
    await forgot(person.email);
    const after = await lastMailTo(app, person.email);
    expect(after?.subject).toBe('Reset your Cadence password');
    expect(after?.text).toContain('Choose a new password within one hour: http://cadence.test/forgotpassword?hash=');
  });

  it('takes an account mail from the workspace of the last session, else the first joined; default with none', async () => {
    const first = await signUp(app);
    const second = await signUp(app);
    await customise(first, 'reset-password', { customMessage: 'FIRST {{link}}' });
    await customise(second, 'reset-password', { customMessage: 'SECOND {{link}}' });
    const person = await signUp(app); // their own workspace, created first, has no custom text
    await inviteAndAccept(first, person);
    await inviteAndAccept(second, person);

    await signIn(app, person.email, second.tenantId);
    await forgot(person.email);
    expect((await lastMailTo(app, person.email))?.text).toMatch(/^SECOND http/);
    await signIn(app, person.email, first.tenantId);
    await forgot(person.email);
    expect((await lastMailTo(app, person.email))?.text).toMatch(/^FIRST http/);

    // Added by an admin and never signed in: the one workspace they are in.
    const added = uniqueEmail('added');
    expect((await first.api.post('/tenants/add-user', { email: added, firstName: 'Di', lastName: 'New' })).status).toBe(
      201,
    );
    await forgot(added);
    expect((await lastMailTo(app, added))?.text).toMatch(/^FIRST http/);

    // A workspace without a custom text: the default.
    const alone = await signUp(app);
    await forgot(alone.email);
    expect((await lastMailTo(app, alone.email))?.subject).toBe('Reset your Cadence password');
  });

  it('writes invitations and notification copies from the workspace that sends them', async () => {
    const admin = await signUp(app, { workspace: 'Acme & Co' });
    await customise(admin, 'workspace-invitation', {
      customSubject: 'Join {{workspaceName}}',
      customMessage: '{{firstName}}, {{inviterName}} wants you in {{workspaceName}}: {{link}}',
    });
    await customise(admin, 'notification', {
      customMessage: 'Psst {{firstName}}: {{message}} ({{link}})',
    });
    const other = await signUp(app);
    const person = await signUp(app, { firstName: 'Eve' });
    expect((await admin.api.post('/tenants/add-user', { email: person.email })).status).toBe(201);
    const invitation = await lastMailTo(app, person.email);
    expect(invitation?.subject).toBe('Join Acme & Co');
    expect(invitation?.text).toBe('Eve, Test Person wants you in Acme & Co: http://cadence.test/workspaces');
    expect(invitation?.html).toContain('Acme &amp; Co');
    // Another workspace's invitation keeps the default.
    expect((await other.api.post('/tenants/add-user', { email: person.email })).status).toBe(201);
    expect((await lastMailTo(app, person.email))?.subject).toMatch(/invited you to .* on Cadence$/);

    const member = await joinWorkspace(app, admin, { firstName: 'Max <i>' });
    expect(
      (await member.api.patch('/self/notifications', { enableEmailNotification: true, assignments: true })).status,
    ).toBe(200);
    const task = await admin.api.post<{ id: string }>('/tasks', {
      title: 'Fix the roof',
      type: '4',
      userId: member.userId,
    });
    expect(task.status).toBe(201);
    const copy = await lastMailTo(app, member.email);
    expect(copy?.text).toBe(
      `Psst Max <i>: Test Person made you the owner of "Fix the roof" (http://cadence.test/home/${task.body.result.id})`,
    );
    expect(copy?.html).toContain('Psst Max &lt;i&gt;: Test Person made you the owner of &quot;Fix the roof&quot;');
  });

  it("writes the meeting recap from the workspace's template, the meeting title escaped in its HTML part", async () => {
    const leader = await signUp(app, { firstName: 'Lea' });
    await customise(leader, 'meeting-recap', {
      customSubject: 'Notes: {{meetingTitle}}',
      customMessage: 'Thanks for coming to {{meetingTitle}} ({{meetingDuration}} min).\n{{summary}}\nArchive: {{link}}',
    });
    const meeting = await meetingNow(leader, [], 'Ops <b>L10</b>');
    const sessionId = await startLive(leader, meeting.id);
    expect((await leader.api.post(`/sessions/${sessionId}/finish`, {})).status).toBe(200);
    const recap = await lastMailTo(app, leader.email);
    expect(meeting.title).toBe('Ops <b>L10</b>');
    expect(recap?.subject).toBe('Notes: Ops <b>L10</b>');
    expect(recap?.text).toMatch(/^Thanks for coming to Ops <b>L10<\/b> \(\d+ min\)\.\nAttendees: Lea Person/);
    expect(recap?.html).toMatch(/^<div[^>]*>Thanks for coming to Ops &lt;b&gt;L10&lt;\/b&gt; \(/);
    expect(recap?.text).toContain(`Archive: http://cadence.test/meeting-archives/${sessionId}`);
    expect(recap?.html).not.toContain('<b>');
  });
});
