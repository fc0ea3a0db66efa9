import type { APIRequestContext } from '@playwright/test';
import { adminMessages } from '../../src/features/admin/admin.messages.ts';
import { emailsMessages } from '../../src/features/emails/emails.messages.ts';
import { peopleMessages } from '../../src/features/people/people.messages.ts';
import { quartersMessages } from '../../src/features/quarters/quarters.messages.ts';
import { slackMessages } from '../../src/features/slack/slack.messages.ts';
import { messages } from '../../src/shared/messages.ts';
import { call, seedLayoutTeam as seed, startSignedIn, team } from '../helpers.ts';
import { checkDialog, checkPage, eachSize, escapeCloses, expect, test } from './helpers.ts';

// Layout (decision 026, e2e/layout/helpers.ts): the directory and its dialogs, groups, settings,
// and administration (quarters, annuals, email templates, integrations).

// Axe and the seeding take a while on a busy machine.
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

// The machine these run on is shared and slow at times: no action waits forever.
test.use({ actionTimeout: 20_000 });

/** A seeded team whose workspace has next year's quarters (calendar quarters); the year. */
const withNextYearQuarters = async (request: APIRequestContext, label: string) => {
  const seeded = await seed(request, label);
  const next = new Date().getUTCFullYear() + 1;
  await call(request, seeded.owner.token, 'POST', '/quartals', {
    year: next,
    startQuartal1: `${next}-01-01`,
    startQuartal2: `${next}-04-01`,
    startQuartal3: `${next}-07-01`,
    startQuartal4: `${next}-10-01`,
    endQuartal4: `${next}-12-31`,
  });
  return { ...seeded, next };
};

eachSize((size) => {
  test(`directory, contact dialogs, groups, settings and administration (${size})`, async ({ page, request }) => {
    // Eleven screens with axe each.
    test.setTimeout(180_000);
    const { owner, mate } = await team(request, `layout-people-${size}`);
    await call(request, owner.token, 'POST', '/groups', { name: 'Leadership team', userIds: [mate.id] });
    await startSignedIn(page, owner.token);
    await page.goto('/directory');
    const newUser = page.getByRole('button', { name: peopleMessages.newUser });
    await expect(page.getByRole('button', { name: peopleMessages.openContact('Bea Mate') })).toBeVisible();
    await checkPage(page, 'directory', size, [newUser]);

    await page.getByRole('button', { name: peopleMessages.openContact('Bea Mate') }).click();
    const details = page.getByRole('dialog', { name: peopleMessages.contactDetails });
    await expect(details.getByText('Leadership team')).toBeVisible();
    await checkPage(page, 'contact-details', size, [details.getByRole('button', { name: messages.editButton })]);
    await details.getByRole('button', { name: messages.editButton }).click();
    const edit = page.getByRole('dialog', { name: peopleMessages.editContact });
    await expect(edit.getByRole('button', { name: peopleMessages.disableUserButton })).toBeVisible();
    await checkPage(page, 'edit-contact', size);
    await checkDialog(page, edit, 'the contact form');
    await checkDialog(page, details, 'the contact details');

    await newUser.click();
    const add = page.getByRole('dialog', { name: peopleMessages.addContact });
    await expect(add.getByRole('textbox', { name: messages.firstName })).toBeVisible();
    await checkPage(page, 'add-contact', size);
    await checkDialog(page, add, 'the new contact form');

    await page.getByRole('tab', { name: peopleMessages.groupsTab }).click();
    await expect(page.getByRole('textbox', { name: peopleMessages.renameGroup('Leadership team') })).toBeVisible();
    await checkPage(page, 'groups', size, [page.getByRole('button', { name: peopleMessages.newGroup })]);
    await page.getByRole('button', { name: peopleMessages.editRole }).click();
    const role = page.getByRole('dialog', { name: peopleMessages.editRole });
    await expect(role.getByRole('textbox', { name: peopleMessages.groupName })).toHaveValue('Leadership team');
    await checkPage(page, 'edit-role', size);
    await checkDialog(page, role, 'the role dialog');

    await page.goto('/settings/profile/notifications');
    await expect(page.getByRole('switch', { name: peopleMessages.emailNotifications })).toBeVisible();
    await checkPage(page, 'settings-notifications', size);
    await page.goto('/settings/profile/security');
    await expect(page.getByRole('heading', { name: peopleMessages.sessionsTitle })).toBeVisible();
    await checkPage(page, 'settings-security', size);
    await page.getByRole('button', { name: peopleMessages.signOutEverywhere }).click();
    const confirm = page.getByRole('dialog', { name: peopleMessages.signOutEverywhere });
    await checkPage(page, 'sign-out-everywhere', size);
    await escapeCloses(page, confirm, 'the sign-out-everywhere question');
    await page.goto('/settings/administration');
    await expect(page.getByRole('heading', { name: adminMessages.generalSettings })).toBeVisible();
    await checkPage(page, 'settings-administration', size);
  });

  // administration: the Quarters page and its dialog.
  test(`the Quarters page and the Add Quartal dialog (${size})`, async ({ page, request }) => {
    const { owner, next } = await withNextYearQuarters(request, `layout-quarters-${size}`);
    await startSignedIn(page, owner.token);
    await page.goto('/quartals');
    // A table on a laptop; a card per year on a phone, whose width cannot hold seven columns.
    const year =
      size === 'phone'
        ? page.getByRole('heading', { name: String(next), exact: true })
        : page.getByRole('cell', { name: String(next), exact: true });
    await expect(year).toBeVisible();
    await checkPage(page, 'quartals', size);
    await page.getByRole('button', { name: quartersMessages.addQuartal }).click();
    const quartal = page.getByRole('dialog', { name: quartersMessages.addQuartal });
    await expect(quartal).toBeVisible();
    await checkPage(page, 'add-quartal', size);
    await checkDialog(page, quartal, 'the Add Quartal dialog');
  });

  // administration: the Add Annual dialog over the Annuals section.
  test(`annuals and the Add Annual dialog (${size})`, async ({ page, request }) => {
    const { owner, next } = await withNextYearQuarters(request, `layout-annuals-${size}`);
    await startSignedIn(page, owner.token);
    await page.goto('/settings/administration');
    await expect(page.getByTestId(`annual-${next}`)).toBeVisible();
    await page.getByRole('button', { name: quartersMessages.addAnnual }).click();
    const annual = page.getByRole('dialog', { name: quartersMessages.addAnnual });
    await expect(annual).toBeVisible();
    await checkPage(page, 'add-annual', size);
    await checkDialog(page, annual, 'the Add Annual dialog');
  });

  // Email templates: Administration → Emails and the template editor.
  test(`the Emails section and the email editor (${size})`, async ({ page, request }) => {
    const { owner } = await team(request, `layout-emails-${size}`);
    await call(request, owner.token, 'PUT', '/email-templates/workspace-invitation', {
      customMessage: '{{inviterName}} would like you in {{workspaceName}}: {{link}}',
    });
    await startSignedIn(page, owner.token);
    await page.goto('/settings/administration');
    const invitation = page.getByTestId('email-template-workspace-invitation');
    await expect(invitation.getByText(emailsMessages.emailTemplateCustom, { exact: true })).toBeVisible();
    await invitation.scrollIntoViewIfNeeded();
    await checkPage(page, 'emails', size, [
      invitation.getByRole('button', { name: emailsMessages.emailTemplateReset }),
    ]);
    await page.getByRole('button', { name: emailsMessages.emailTemplateEditOf('Meeting recap') }).click();
    const editor = page.getByRole('dialog', { name: emailsMessages.emailTemplateEditTitle('Meeting recap') });
    await expect(editor.getByRole('region', { name: emailsMessages.emailTemplatePreview })).toContainText(
      'Leadership L10',
    );
    await checkPage(page, 'email-editor', size, [editor.getByRole('button', { name: messages.saveButton })]);
    await checkDialog(page, editor, 'the email editor');
    await invitation.getByRole('button', { name: emailsMessages.emailTemplateReset }).click();
    const confirm = page.getByRole('dialog', { name: emailsMessages.emailTemplateResetTitle('Workspace invitation') });
    await expect(confirm).toBeVisible();
    await checkPage(page, 'email-reset', size);
    await checkDialog(page, confirm, 'the reset confirmation');
  });

  // Slack: Administration → Integrations (the e2e server has a Slack app, not connected).
  test(`administration: the Integrations section (${size})`, async ({ page, request }) => {
    const { owner } = await team(request, `layout-slack-${size}`);
    await startSignedIn(page, owner.token);
    await page.goto('/settings/administration');
    const integrations = page.getByRole('region', { name: slackMessages.slackIntegrations });
    const connect = integrations.getByRole('button', { name: slackMessages.slackConnect });
    await connect.scrollIntoViewIfNeeded();
    await expect(connect).toBeVisible();
    await checkPage(page, 'settings-integrations', size, [connect]);
  });
});
