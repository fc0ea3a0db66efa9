import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, signUp } from '../../../../test/factories.ts';
import { EMAIL_TEMPLATE_KEYS, EMAIL_TEMPLATES } from '../../../shared/emailTemplates.ts';
import { messages } from '../../../shared/messages.ts';
import type { EmailPreview, EmailTemplate, EmailVariableInfo } from '../emails.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

const RESET = '/email-templates/reset-password';
const custom = 'Hi {{firstName}}, pick a new password here: {{link}}';

describe('email templates: reading', () => {
  it('lists every email with its default text and variables, and every variable with its code', async () => {
    const admin = await signUp(app);
    const list = await admin.api.get<EmailTemplate[]>('/email-templates');
    expect(list.status).toBe(200);
    expect(list.body.result.map((t) => t.id)).toEqual(EMAIL_TEMPLATE_KEYS);
    expect(list.body.result.find((t) => t.id === 'reset-password')).toEqual({
      id: 'reset-password',
      templateName: 'Reset password',
      description: EMAIL_TEMPLATES['reset-password'].description,
      defaultSubject: 'Reset your Cadence password',
      defaultMessage: EMAIL_TEMPLATES['reset-password'].message,
      customSubject: null,
      customMessage: null,
      variables: ['firstName', 'link'],
      requiredVariables: ['link'],
      changedAt: null,
    });
    for (const key of ['set-password', 'workspace-invitation', 'notification', 'task-reminder', 'meeting-recap'])
      expect(list.body.result.find((t) => t.id === key)?.requiredVariables).toEqual(['link']);

    const variables = await admin.api.get<EmailVariableInfo[]>('/email-variables');
    expect(variables.status).toBe(200);
    expect(variables.body.result).toContainEqual({
      id: 'firstName',
      code: '{{firstName}}',
      description: "The recipient's first name",
    });
    expect(variables.body.result.map((v) => v.code)).toEqual(
      expect.arrayContaining(['{{meetingTitle}}', '{{link}}', '{{workspaceName}}']),
    );
    const one = await admin.api.get<EmailTemplate>(RESET);
    expect(one.body.result.defaultSubject).toBe('Reset your Cadence password');
    expect((await admin.api.get('/email-templates/no-such-email')).status).toBe(404);
  });

  it('is for admins only: a member gets 403 on every call and changes nothing', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    expect((await member.api.get('/email-templates')).status).toBe(403);
    expect((await member.api.get(RESET)).status).toBe(403);
    expect((await member.api.get('/email-variables')).status).toBe(403);
    expect((await member.api.put(RESET, { customMessage: custom })).status).toBe(403);
    expect((await member.api.post(`${RESET}/preview`, { customMessage: custom })).status).toBe(403);
    expect((await admin.api.put(RESET, { customMessage: custom })).status).toBe(200);
    expect((await member.api.delete(RESET)).status).toBe(403);
    expect((await admin.api.get<EmailTemplate>(RESET)).body.result.customMessage).toBe(custom);
  });
});

describe('email templates: saving and resetting', () => {
  it('saves a custom subject and message, shows them beside the default, and resets to the default', async () => {
    const admin = await signUp(app);
    const saved = await admin.api.put<EmailTemplate>(RESET, {
      customSubject: '  New password for {{firstName}}  ',
      customMessage: custom,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({
      customSubject: 'New password for {{firstName}}',
      customMessage: custom,
      defaultSubject: 'Reset your Cadence password',
    });
    expect(saved.body.result.changedAt).not.toBeNull();
    const listed = await admin.api.get<EmailTemplate[]>('/email-templates');
    expect(listed.body.result.find((t) => t.id === 'reset-password')?.customMessage).toBe(custom);
    expect(listed.body.result.find((t) => t.id === 'set-password')?.customMessage).toBeNull();

    // The spec's shape (the whole template, snake_case too) is taken; a blank subject is the default.
    const again = await admin.api.put<EmailTemplate>(RESET, {
      id: 'reset-password',
      template_name: 'Reset password',
      custom_subject: '',
      custom_message: `${custom}\nThanks!`,
    });
    expect(again.body.result).toMatchObject({ customSubject: null, customMessage: `${custom}\nThanks!` });

    const reset = await admin.api.delete<EmailTemplate>(RESET);
    expect(reset.status).toBe(200);
    expect(reset.body.result).toMatchObject({ customSubject: null, customMessage: null, changedAt: null });
    expect((await admin.api.get<EmailTemplate>(RESET)).body.result.customMessage).toBeNull();
    // Resetting a default one is fine too.
    expect((await admin.api.delete(RESET)).status).toBe(200);
  });

  it('refuses an unknown variable by name, one of another email, and a message without its link: nothing stored', async () => {
    const admin = await signUp(app);
    const unknown = await admin.api.put(RESET, { customMessage: 'Hello {{foo}}: {{link}}' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown variable: {{foo}}');
    expect(unknown.body.errors).toEqual({ customMessage: 'Unknown variable: {{foo}}' });

    const inSubject = await admin.api.put(RESET, { customSubject: 'Hi {{ nickname }}', customMessage: custom });
    expect(inSubject.status).toBe(400);
    expect(inSubject.body.errors).toEqual({ customSubject: 'Unknown variable: {{nickname}}' });

    const elsewhere = await admin.api.put(RESET, { customMessage: 'About {{meetingTitle}}: {{link}}' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe(messages.emailVariableNotInTemplate('{{meetingTitle}}'));

    const noLink = await admin.api.put(RESET, { customMessage: 'Hi {{firstName}}, just ask us.' });
    expect(noLink.status).toBe(400);
    expect(noLink.body.message).toBe(messages.emailVariableRequired('{{link}}'));
    expect(noLink.body.message).toBe('This email needs {{link}}: keep it in the message');

    // An email without a link needs none.
    const changed = await admin.api.put('/email-templates/email-changed', { customMessage: 'Now {{newEmail}}.' });
    expect(changed.status).toBe(200);
    expect((await admin.api.get<EmailTemplate>(RESET)).body.result.customMessage).toBeNull();
  });

  it('refuses empty, over-long, NUL-holding and missing texts and unknown keys, never with a 500', async () => {
    const admin = await signUp(app);
    const cases: [unknown, number][] = [
      [{}, 400],
      [{ customMessage: '' }, 400],
      [{ customMessage: '   \n ' }, 400],
      [{ customMessage: 42 }, 400],
      [{ customMessage: `{{link}} ${'x'.repeat(20_000)}` }, 400],
      [{ customMessage: custom, customSubject: 's'.repeat(301) }, 400],
      [{ customMessage: `Hi\u0000 {{link}}` }, 400],
      [{ customMessage: custom, customSubject: ['array'] }, 400],
    ];
    for (const [body, status] of cases) {
      const answer = await admin.api.put(RESET, body);
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(answer.body.status).toBe('fail');
    }
    const long = await admin.api.put(RESET, { customMessage: `{{link}} ${'x'.repeat(20_000)}` });
    expect(long.body.errors?.customMessage).toBe(messages.tooLong(20_000));
    const empty = await admin.api.put(RESET, { customMessage: '' });
    expect(empty.body.errors?.customMessage).toBe(messages.required);
    const exactly = `{{link}}${'x'.repeat(20_000 - 8)}`;
    expect((await admin.api.put(RESET, { customMessage: exactly })).status).toBe(200);
    expect((await admin.api.put('/email-templates/%00', { customMessage: custom })).status).toBe(400);
    expect((await admin.api.put('/email-templates/constructor', { customMessage: custom })).status).toBe(404);
    expect((await admin.api.delete('/email-templates/toString')).status).toBe(404);
    expect((await admin.api.get<EmailTemplate>(RESET)).body.result.customMessage).toBe(exactly);
  });

  it("keeps each workspace's texts its own: another workspace's admin sees and resets only theirs", async () => {
    const ours = await signUp(app);
    const theirs = await signUp(app);
    expect((await ours.api.put(RESET, { customMessage: custom })).status).toBe(200);

    const seen = await theirs.api.get<EmailTemplate[]>('/email-templates');
    expect(seen.body.result.every((t) => t.customMessage === null)).toBe(true);
    expect((await theirs.api.get<EmailTemplate>(RESET)).body.result.customMessage).toBeNull();
    expect((await theirs.api.delete(RESET)).status).toBe(200);
    expect((await theirs.api.put(RESET, { customMessage: 'Theirs: {{link}}' })).status).toBe(200);
    const preview = await theirs.api.post<EmailPreview>(`${RESET}/preview`, {});
    expect(preview.body.result.text).toContain('Theirs:');

    expect((await ours.api.get<EmailTemplate>(RESET)).body.result.customMessage).toBe(custom);
    expect((await theirs.api.get<EmailTemplate>(RESET)).body.result.customMessage).toBe('Theirs: {{link}}');
  });
});

describe('email templates: preview and rendering', () => {
  it('previews a draft with sample values, escaping its HTML, and previews what is stored when no draft is sent', async () => {
    const admin = await signUp(app);
    const draft = await admin.api.post<EmailPreview>(`${RESET}/preview`, {
      customSubject: 'For {{firstName}}',
      customMessage: 'Dear {{firstName}} <b>bold</b> & co,\nclick {{link}}',
    });
    expect(draft.status).toBe(200);
    expect(draft.body.result.subject).toBe('For Alex');
    expect(draft.body.result.text).toBe(
      'Dear Alex <b>bold</b> & co,\nclick http://cadence.test/forgotpassword?hash=sample',
    );
    expect(draft.body.result.html).toContain('Dear Alex &lt;b&gt;bold&lt;/b&gt; &amp; co,\nclick ');
    expect(draft.body.result.html).toContain(
      '<a href="http://cadence.test/forgotpassword?hash=sample">http://cadence.test/forgotpassword?hash=sample</a>',
    );
    expect(draft.body.result.html).not.toContain('<b>');

    const stored = await admin.api.post<EmailPreview>(`${RESET}/preview`, {});
    expect(stored.body.result.subject).toBe('Reset your Cadence password');
    expect(stored.body.result.text).toContain(
      'Choose a new password within one hour: http://cadence.test/forgotpassword',
    );

    const bad = await admin.api.post(`${RESET}/preview`, { customMessage: '{{foo}} {{link}}' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Unknown variable: {{foo}}');
  });
});
