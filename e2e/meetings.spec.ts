import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { clientMessages } from '../src/client/client.messages.ts';
import { meetingsMessages } from '../src/features/meetings/meetings.messages.ts';
import { messages } from '../src/shared/messages.ts';
import {
  type Account,
  call,
  dragWithMouse,
  inviteAndAccept,
  isoDate,
  newUser,
  realtimeConnected,
  registerViaApi,
  SCREENS,
  signIn,
  startSignedIn,
  team,
} from './helpers.ts';

// The meetings area (document 1 §2, §4, §5, §8): the list pages, the new-meeting wizard, the
// meeting form and agenda dialogs, the dashboard's sections, My Meetings in the sidebar, the
// top bar's next meeting, and what a second person sees without reloading.

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface ApiMeeting {
  id: string;
  title: string;
}

const createMeeting = (
  request: APIRequestContext,
  token: string,
  title: string,
  extra: Record<string, unknown> = {},
): Promise<ApiMeeting> =>
  call<ApiMeeting>(request, token, 'POST', '/meetings', {
    operation: 'create',
    title,
    sharepointUrl: 'https://meet.example.com/team',
    startDate: isoDate(2),
    startTime: '09:00',
    repeatEvery: 1,
    repeatType: 'weeks',
    type: 'meeting',
    ...extra,
  });

const slug = (title: string) => title.split(' ').join('-');
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const sidebar = (page: Page) => page.getByRole('navigation', { name: clientMessages.mainNavigation });
const myMeetings = (page: Page) => sidebar(page).getByRole('region', { name: meetingsMessages.myMeetings });
const row = (page: Page, title: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: meetingsMessages.openMeeting(title) }) });
/** A screenshot once dialogs have finished their opening transition. */
const shot = async (page: Page, name: string, fullPage = false) => {
  await page.waitForTimeout(350);
  await page.screenshot({ path: `${SCREENS}/meetings-${name}.png`, fullPage });
};

const signedInPage = async (browser: Browser, account: Account) => {
  const context = await browser.newContext();
  // Every tab of this context starts signed in (the token lives in each tab's sessionStorage).
  await context.addInitScript((value) => sessionStorage.setItem('cadence.token', value), account.token);
  const page = await context.newPage();
  return { context, page };
};

const pickOption = async (page: Page, field: Locator, option: string) => {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

/** Picks in a multi-select, whose list stays open: a click on the dialog's title closes it. */
const pickPerson = async (page: Page, within: Locator, field: Locator, option: string) => {
  await pickOption(page, field, option);
  await within.getByRole('heading').first().click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
};

test('a leader creates a meeting from a template with the wizard and clones it; a teammate sees it arrive', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { owner, mate } = await team(request, 'wizard', {});
  await startSignedIn(page, owner.token);

  // The teammate watches the list: empty at first.
  const watcher = await signedInPage(browser, mate);
  await watcher.page.goto('/meetings');
  await expect(watcher.page.getByText(meetingsMessages.noMeetingsYet)).toBeVisible();
  await realtimeConnected(watcher.page);

  await page.goto('/meetings');
  await expect(page.getByRole('heading', { level: 1, name: meetingsMessages.meetingsTitle })).toBeVisible();
  await expect(page.getByText(meetingsMessages.noMeetingsYet)).toBeVisible();
  await expect(page.getByTestId('next-meeting')).toHaveText(meetingsMessages.noNextMeetings);
  await shot(page, 'list-empty');

  // Step 1: the default agenda is chosen; pick a template instead.
  await page.getByRole('button', { name: meetingsMessages.addNewMeeting }).first().click();
  const wizard = dialog(page, meetingsMessages.newMeetingTitle);
  await expect(wizard.getByRole('heading', { name: meetingsMessages.wizardStepAgenda })).toBeVisible();
  await expect(wizard.getByRole('radio', { name: 'Weekly Level 10 meeting' })).toBeChecked();
  await wizard.getByRole('radio', { name: 'Quarterly planning' }).click();
  await expect(wizard.getByText('Review previous quarter')).toBeVisible();
  await shot(page, 'wizard-1-agenda');
  await wizard.getByRole('button', { name: messages.nextButton }).click();

  // Step 2: the required fields, with the spec's messages.
  await expect(wizard.getByRole('heading', { name: meetingsMessages.wizardStepDetails })).toBeVisible();
  await wizard.getByLabel(meetingsMessages.startDate).fill('');
  await wizard.getByRole('button', { name: messages.nextButton }).click();
  const alert = wizard.getByRole('alert');
  for (const label of [
    meetingsMessages.meetingName,
    meetingsMessages.meetingUrl,
    meetingsMessages.startDate,
    meetingsMessages.startTime,
  ]) {
    await expect(alert).toContainText(meetingsMessages.wizardRequired(label));
  }
  await shot(page, 'wizard-2-required');
  await wizard.getByLabel(meetingsMessages.meetingName).fill('Quarterly Offsite');
  await wizard.getByLabel(meetingsMessages.meetingUrl).fill('not a url');
  await wizard.getByLabel(meetingsMessages.startDate).fill(isoDate(3));
  await pickOption(page, wizard.getByLabel(meetingsMessages.startTime), '9:00 AM');
  await pickOption(
    page,
    wizard.getByRole('combobox', { name: meetingsMessages.repeat, exact: true }),
    meetingsMessages.repeatCustom,
  );
  await wizard.getByLabel(meetingsMessages.repeatEvery).fill('2');
  await wizard.getByRole('button', { name: messages.nextButton }).click();
  await expect(wizard.getByText(messages.invalidUrl)).toBeVisible();
  await wizard.getByLabel(meetingsMessages.meetingUrl).fill('meet.example.com/offsite');
  // The preview: five dates, two weeks apart, at 9:00 AM in the user's time zone (UTC).
  const preview = wizard.getByRole('list', { name: meetingsMessages.upcomingDates });
  await expect(preview.getByRole('listitem')).toHaveCount(5);
  await expect(preview.getByRole('listitem').first()).toContainText('9:00 AM');
  await shot(page, 'wizard-2-details');
  await wizard.getByRole('button', { name: messages.nextButton }).click();

  // Step 3: 'Skip' with nobody chosen, 'Next' once someone is.
  await expect(wizard.getByRole('heading', { name: meetingsMessages.wizardStepUsers })).toBeVisible();
  await expect(wizard.getByRole('button', { name: meetingsMessages.skipButton })).toBeVisible();
  await pickPerson(page, wizard, wizard.getByLabel(messages.members), `Bea Mate (${mate.user.email})`);
  await expect(wizard.getByRole('button', { name: messages.nextButton })).toBeVisible();
  await shot(page, 'wizard-3-users');
  await wizard.getByRole('button', { name: messages.nextButton }).click();

  // Step 4: the summary; the back arrow returns one step.
  await expect(wizard.getByRole('heading', { name: meetingsMessages.wizardStepConfirm })).toBeVisible();
  await expect(wizard).toContainText('Quarterly planning');
  await expect(wizard).toContainText('https://meet.example.com/offsite');
  await expect(wizard).toContainText(meetingsMessages.repeatSummary(2, meetingsMessages.unitWeeks));
  await expect(wizard).toContainText('Bea Mate');
  await shot(page, 'wizard-4-confirm');
  await wizard.getByRole('button', { name: meetingsMessages.backButton }).click();
  await expect(wizard.getByRole('heading', { name: meetingsMessages.wizardStepUsers })).toBeVisible();
  await wizard.getByRole('button', { name: messages.nextButton }).click();
  await wizard.getByRole('button', { name: messages.finish }).click();

  // The new meeting's dashboard, with the template's agenda.
  await expect(page).toHaveURL(new RegExp(`/meeting-dashboard/[0-9a-f-]{36}/${slug('Quarterly Offsite')}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Quarterly Offsite' })).toBeVisible();
  const management = page.getByRole('region', { name: meetingsMessages.meetingManagement });
  await expect(management.getByText('Review previous quarter')).toBeVisible();
  await expect(management).toContainText(meetingsMessages.totalMinutes(495));
  await expect(page.getByRole('region', { name: meetingsMessages.meetingMembers })).toContainText('Bea Mate');
  await expect(page.getByRole('region', { name: meetingsMessages.meetingArchives })).toContainText(
    meetingsMessages.noMeetingArchives,
  );
  await expect(page.getByTestId('next-meeting')).toHaveText(/^Quarterly Offsite, in \d+ (hours|days?)$/);
  await shot(page, 'dashboard', true);

  // The teammate's list shows it without a reload.
  await expect(row(watcher.page, 'Quarterly Offsite')).toBeVisible();
  await expect(row(watcher.page, 'Quarterly Offsite').getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await shot(watcher.page, 'list-teammate');

  // Clone it: same agenda and people, a new title and schedule.
  await page.goto('/meetings');
  await page.getByRole('button', { name: meetingsMessages.addNewMeeting }).click();
  await wizard.getByRole('radio', { name: meetingsMessages.cloneMeetingOption }).click();
  await wizard.getByRole('button', { name: messages.nextButton }).click();
  await expect(wizard.getByLabel(meetingsMessages.meetingToClone)).toHaveAttribute('aria-invalid', 'true');
  await pickOption(page, wizard.getByLabel(meetingsMessages.meetingToClone), 'Quarterly Offsite');
  await shot(page, 'wizard-1-clone');
  await wizard.getByRole('button', { name: messages.nextButton }).click();
  await wizard.getByLabel(meetingsMessages.meetingName).fill('Offsite Copy');
  await wizard.getByLabel(meetingsMessages.meetingUrl).fill('https://meet.example.com/copy');
  await pickOption(page, wizard.getByLabel(meetingsMessages.startTime), '2:30 PM');
  await wizard.getByRole('button', { name: messages.nextButton }).click();
  await wizard.getByRole('button', { name: meetingsMessages.skipButton }).click();
  await expect(wizard).toContainText(meetingsMessages.clonedFrom('Quarterly Offsite'));
  await wizard.getByRole('button', { name: messages.finish }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Offsite Copy' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: meetingsMessages.meetingManagement }).getByText('Review previous quarter'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: meetingsMessages.meetingMembers })).toContainText('Bea Mate');

  // Both are listed, sorted by name either way; the teammate sees the copy arrive too.
  await page.goto('/meetings');
  const names = page.getByRole('link', { name: /^Open / });
  await expect(names).toHaveText(['Offsite Copy', 'Quarterly Offsite']);
  await page.getByText(meetingsMessages.sortDescending, { exact: true }).click();
  await expect(names).toHaveText(['Quarterly Offsite', 'Offsite Copy']);
  await expect(row(watcher.page, 'Offsite Copy')).toBeVisible();
  await shot(page, 'list');

  // Accounts are their own list.
  await page.getByText(meetingsMessages.accountsTitle, { exact: true }).click();
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByRole('heading', { level: 1, name: meetingsMessages.accountsTitle })).toBeVisible();
  await expect(page.getByText(meetingsMessages.noAccountsYet)).toBeVisible();
  await page.getByRole('button', { name: meetingsMessages.addNewAccount }).first().click();
  await expect(dialog(page, meetingsMessages.newAccountTitle)).toBeVisible();
  await shot(page, 'accounts-wizard');
  await watcher.context.close();
});

test('the meeting form checks its fields, saves, and a teammate’s dashboard follows', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { owner, mate } = await team(request, 'form', {});
  const meeting = await createMeeting(request, owner.token, 'Sales Sync', { members: [mate.id] });
  await startSignedIn(page, owner.token);
  const watcher = await signedInPage(browser, mate);
  await watcher.page.goto(`/meeting-dashboard/${meeting.id}/${slug('Sales Sync')}`);
  await expect(watcher.page.getByRole('heading', { level: 1, name: 'Sales Sync' })).toBeVisible();
  await realtimeConnected(watcher.page);
  // Only leaders edit.
  await expect(watcher.page.getByRole('button', { name: meetingsMessages.editMeeting })).toHaveCount(0);

  await page.goto('/meetings');
  await row(page, 'Sales Sync')
    .getByRole('button', { name: meetingsMessages.editMeetingNamed('Sales Sync') })
    .click();
  const form = dialog(page, meetingsMessages.editMeeting);
  await expect(form.getByLabel(meetingsMessages.fieldTitle)).toHaveValue('Sales Sync');
  await shot(page, 'form');

  // Empty the required fields: one alert line each.
  await form.getByLabel(meetingsMessages.fieldTitle).fill('');
  await form.getByLabel(meetingsMessages.color).fill('');
  await form.getByLabel(meetingsMessages.videoConferenceLink).fill('');
  for (const field of [meetingsMessages.leaders, messages.members]) {
    await form.getByLabel(field).focus();
    await page.keyboard.press('Backspace');
    // The list opened by the focus would cover the buttons: a click on the title closes it.
    await form.getByRole('heading').first().click();
  }
  await form.getByRole('button', { name: messages.saveButton }).click();
  const alert = form.getByRole('alert').first();
  for (const field of [
    meetingsMessages.fieldTitle,
    meetingsMessages.color,
    meetingsMessages.fieldUrl,
    meetingsMessages.leaders,
    messages.members,
  ]) {
    await expect(alert).toContainText(meetingsMessages.fieldIsRequired(field));
  }
  await shot(page, 'form-alerts');

  // The image: a type other than JPG, PNG or GIF (a WebP, which a person's photo may be) or a file
  // over 2 MB is refused at once, with the error toast every picture input gives; nothing is kept.
  const chooser = form.locator('input[type="file"]');
  const toast = (text: string) => page.locator('[data-toast]').filter({ hasText: text });
  await chooser.setInputFiles({ name: 'photo.webp', mimeType: 'image/webp', buffer: Buffer.from('RIFF0000WEBPVP8 ') });
  await expect(toast(messages.imageWrongType)).toBeVisible();
  await chooser.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 10) });
  await expect(toast(messages.imageTooLarge)).toBeVisible();
  await expect(form.getByRole('img', { name: meetingsMessages.meetingImage })).toHaveCount(0);
  // Error toasts stay until dismissed.
  for (const text of [messages.imageWrongType, messages.imageTooLarge])
    await toast(text).getByRole('button', { name: messages.dismiss }).click();
  // A picture that fits shows at once (kept until Save); Choose image is a button the keyboard reaches.
  await form.getByRole('button', { name: messages.chooseImage }).focus();
  await expect(form.getByRole('button', { name: messages.chooseImage })).toBeFocused();
  await chooser.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('img', { name: meetingsMessages.meetingImage })).toBeVisible();
  await expect(form.getByRole('button', { name: messages.removeImage })).toBeVisible();
  await shot(page, 'form-image');

  await form.getByLabel(meetingsMessages.fieldTitle).fill('Sales Weekly');
  await form.getByLabel(meetingsMessages.color).fill('#fa5252');
  await form.getByLabel(meetingsMessages.videoConferenceLink).fill('meet.example.com/sales');
  await form.getByLabel(meetingsMessages.fileDriveUrl).fill('not a link');
  await pickPerson(
    page,
    form,
    form.getByLabel(meetingsMessages.leaders),
    `${owner.user.firstName} ${owner.user.lastName}`,
  );
  await pickPerson(page, form, form.getByLabel(messages.members), 'Bea Mate');
  await form.getByRole('button', { name: messages.saveButton }).click();
  await expect(form.getByText(messages.invalidUrl)).toBeVisible();
  await form.getByLabel(meetingsMessages.fileDriveUrl).fill('');
  await form.getByLabel(meetingsMessages.location).fill('Room 4');
  await form.getByRole('button', { name: messages.saveButton }).click();
  await expect(page.getByText(meetingsMessages.meetingUpdated)).toBeVisible();
  await expect(form).toBeHidden();
  await expect(row(page, 'Sales Weekly')).toBeVisible();

  // The teammate's dashboard shows the new title and location, and its address follows.
  await expect(watcher.page.getByRole('heading', { level: 1, name: 'Sales Weekly' })).toBeVisible();
  await expect(watcher.page.getByText('Room 4')).toBeVisible();
  await expect(watcher.page.locator('img[src*="/images/meetings/"]')).toBeVisible();
  await expect(watcher.page).toHaveURL(new RegExp(`/${slug('Sales Weekly')}$`));
  await shot(watcher.page, 'dashboard-teammate');

  // Editing from the dashboard, too; the schedule change moves the next meeting.
  await page.goto(`/meeting-dashboard/${meeting.id}/${slug('Sales Weekly')}`);
  await expect(page.getByRole('region', { name: meetingsMessages.meetingManagement })).toContainText('9:00 AM');
  await page
    .getByRole('region', { name: meetingsMessages.meetingMembers })
    .getByRole('button', { name: meetingsMessages.editMeeting })
    .click();
  await pickOption(page, form.getByLabel(meetingsMessages.startTime), '10:30 AM');
  await form.getByRole('button', { name: messages.saveButton }).click();
  await expect(page.getByText(meetingsMessages.meetingUpdated)).toBeVisible();
  await expect(page.getByTestId('next-meeting-date')).toContainText('10:30 AM');
  await watcher.context.close();
});

test('the agenda is reordered by drag and by keyboard, extended, and asks before losing changes', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { owner } = await team(request, 'agenda', {});
  const meeting = await createMeeting(request, owner.token, 'Leadership L10');
  await startSignedIn(page, owner.token);
  await page.goto(`/meeting-dashboard/${meeting.id}/${slug('Leadership L10')}`);
  const management = page.getByRole('region', { name: meetingsMessages.meetingManagement });
  await expect(management).toContainText(meetingsMessages.totalMinutes(90));
  await management.getByRole('button', { name: meetingsMessages.editAgenda }).click();

  const form = dialog(page, meetingsMessages.editAgenda);
  const titles = form.getByRole('textbox', { name: /^Title of / });
  await expect(titles).toHaveCount(9);
  await expect(form.getByTestId('agenda-total')).toHaveText(meetingsMessages.totalMinutes(90));
  await shot(page, 'agenda-form');

  // Drag 'Segue' below 'KPIs' with the mouse.
  await dragWithMouse(
    page,
    form.getByRole('button', { name: meetingsMessages.moveItem('Segue'), exact: true }),
    form.locator('[data-agenda-item="KPIs"]'),
    12,
  );
  await expect(titles.nth(0)).toHaveValue('KPIs');
  await expect(titles.nth(1)).toHaveValue('Segue');

  // Move 'Goals' to the top with the keyboard: space lifts, arrows move, space drops.
  const goalsHandle = form.getByRole('button', { name: meetingsMessages.moveItem('Goals'), exact: true });
  await goalsHandle.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(200);
  await page.keyboard.press('Space');
  await page.waitForTimeout(400);
  await expect(titles.nth(0)).toHaveValue('Goals');
  await expect(titles.nth(1)).toHaveValue('KPIs');
  await expect(titles.nth(2)).toHaveValue('Segue');
  // Escape cancels a keyboard drag without closing the dialog.
  await form.getByRole('button', { name: meetingsMessages.moveItem('Issues'), exact: true }).focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(200);
  await page.keyboard.press('Escape');
  await page.waitForTimeout(400);
  await expect(form).toBeVisible();
  await expect(titles.nth(5)).toHaveValue('Issues');

  // Leave out 'Issues' (40 minutes); add an external-URL item: it goes before Meeting Scores.
  await form.getByRole('checkbox', { name: meetingsMessages.includeItem('Issues') }).uncheck();
  await expect(form.getByTestId('agenda-total')).toHaveText(meetingsMessages.totalMinutes(50));
  await form.getByLabel(meetingsMessages.agendaItemTitle, { exact: true }).fill('Customer dashboard');
  await pickOption(page, form.getByLabel(meetingsMessages.connectionType), meetingsMessages.agendaKeyExternalUrl);
  await form.getByRole('group').getByLabel(meetingsMessages.embedUrl).fill('dashboards.example.com/customers');
  await form.getByRole('button', { name: messages.addButton }).click();
  await expect(titles).toHaveCount(10);
  await expect(titles.nth(8)).toHaveValue('Customer dashboard');
  await expect(titles.nth(9)).toHaveValue('Meeting Scores');
  await expect(form.getByTestId('agenda-total')).toHaveText(meetingsMessages.totalMinutes(55));
  // Remove 'Cascading Messages'.
  await form.getByRole('button', { name: meetingsMessages.removeItem('Cascading Messages') }).click();
  // It asks first: deleting is permanent once saved.
  const sure = form.getByRole('alertdialog', { name: meetingsMessages.agendaDeleteTitle('Cascading Messages') });
  await expect(sure).toContainText(meetingsMessages.agendaDeleteWarning);
  await sure.getByRole('button', { name: messages.deleteButton }).click();
  await expect(titles).toHaveCount(9);
  await expect(form.getByTestId('agenda-total')).toHaveText(meetingsMessages.totalMinutes(50));

  // Closing with changes asks first.
  await form.getByRole('button', { name: messages.cancelButton }).click();
  const prompt = dialog(page, messages.unsavedChangesTitle);
  await expect(prompt).toContainText(messages.unsavedChangesText);
  await shot(page, 'agenda-unsaved');
  await prompt.getByRole('button', { name: messages.stayOnPage }).click();
  await expect(prompt).toBeHidden();
  await form.getByRole('button', { name: messages.saveButton }).click();
  await expect(page.getByText(meetingsMessages.agendaSaved)).toBeVisible();
  await expect(form).toBeHidden();

  // The dashboard lists the checked items in the new order, and the new total.
  const agenda = management.getByRole('table', { name: messages.agendaLabel });
  await expect(agenda.getByRole('row').first()).toContainText('Goals');
  await expect(agenda.getByRole('row').nth(1)).toContainText('KPIs');
  await expect(agenda.getByRole('row').nth(2)).toContainText('Segue');
  await expect(agenda).not.toContainText('Issues');
  await expect(agenda).not.toContainText('Cascading Messages');
  await expect(management).toContainText(meetingsMessages.totalMinutes(50));
  await shot(page, 'dashboard-agenda', true);

  // Reopen and close without changes: no question.
  await management.getByRole('button', { name: meetingsMessages.editAgenda }).click();
  await expect(titles.nth(0)).toHaveValue('Goals');
  await form.getByRole('button', { name: messages.cancelButton }).click();
  await expect(form).toBeHidden();
  await expect(dialog(page, messages.unsavedChangesTitle)).toHaveCount(0);
});

test('My Meetings: folders are made, opened, renamed and deleted; meetings are dragged in and out', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { owner } = await team(request, 'folders', {});
  await createMeeting(request, owner.token, 'Alpha Standup');
  await createMeeting(request, owner.token, 'Beta Review');
  await startSignedIn(page, owner.token);
  await page.goto('/home');
  const nav = myMeetings(page);
  await expect(nav.getByRole('link', { name: 'Alpha Standup' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: clientMessages.navMeetings })).toHaveAttribute(
    'href',
    '/meetings',
  );

  // A folder needs a name.
  await nav.getByRole('button', { name: meetingsMessages.newFolder }).click();
  const create = dialog(page, meetingsMessages.createFolderTitle);
  await create.getByRole('button', { name: messages.createButton }).click();
  await expect(create.getByText(messages.required)).toBeVisible();
  await create.getByLabel(messages.folderName).fill('Leadership');
  await shot(page, 'folder-dialog');
  await create.getByRole('button', { name: messages.createButton }).click();
  await expect(create).toBeHidden();
  const folder = nav.locator('[data-folder="Leadership"]');
  await expect(folder).toBeVisible();

  // Drag a meeting into the folder.
  await dragWithMouse(
    page,
    nav.getByRole('link', { name: 'Beta Review' }),
    folder.getByRole('button', { name: /^Leadership/ }),
  );
  await expect(folder.getByRole('link', { name: 'Beta Review' })).toBeVisible();
  await expect(nav.getByTestId('unfiled-meetings').getByRole('link', { name: 'Beta Review' })).toHaveCount(0);
  await shot(page, 'sidebar-folder');
  await expect
    .poll(
      async () =>
        (await call<{ name: string; meetingIds: string[] }[]>(request, owner.token, 'GET', '/meeting-folders'))[0]
          ?.meetingIds.length,
    )
    .toBe(1);

  // Close it: remembered after a reload, like the selected folder.
  await expect(folder.getByRole('button', { name: /^Leadership/ })).toHaveAttribute('aria-expanded', 'true');
  await folder.getByRole('button', { name: /^Leadership/ }).click();
  await expect(folder.getByRole('button', { name: /^Leadership/ })).toHaveAttribute('aria-expanded', 'false');
  await expect(folder.getByRole('link', { name: 'Beta Review' })).toHaveCount(0);
  await page.waitForTimeout(300);
  await page.reload();
  await expect(folder.getByRole('button', { name: /^Leadership/ })).toHaveAttribute('aria-expanded', 'false');
  await expect(folder.getByRole('button', { name: /^Leadership/ })).toHaveAttribute('aria-current', 'true');
  await folder.getByRole('button', { name: /^Leadership/ }).click();
  await expect(folder.getByRole('link', { name: 'Beta Review' })).toBeVisible();

  // Drag it back out.
  await dragWithMouse(page, folder.getByRole('link', { name: 'Beta Review' }), nav.getByTestId('unfiled-meetings'), 10);
  await expect(nav.getByTestId('unfiled-meetings').getByRole('link', { name: 'Beta Review' })).toBeVisible();
  await expect(folder.getByText(meetingsMessages.emptyFolder)).toBeVisible();

  // Rename, then delete with the warning.
  await nav.getByRole('button', { name: meetingsMessages.folderActions('Leadership') }).click();
  await page.getByRole('menuitem', { name: meetingsMessages.renameFolder }).click();
  const rename = dialog(page, meetingsMessages.renameFolderTitle);
  await rename.getByLabel(messages.folderName).fill('Leaders');
  await rename.getByRole('button', { name: messages.saveButton }).click();
  await expect(nav.locator('[data-folder="Leaders"]')).toBeVisible();
  await nav.getByRole('button', { name: meetingsMessages.folderActions('Leaders') }).click();
  await page.getByRole('menuitem', { name: meetingsMessages.deleteFolder }).click();
  const confirm = dialog(page, meetingsMessages.deleteFolderTitle);
  await expect(confirm).toContainText(meetingsMessages.deleteFolderWarning('Leaders'));
  await shot(page, 'folder-delete');
  await confirm.getByRole('button', { name: messages.deleteButton }).click();
  await expect(nav.locator('[data-folder="Leaders"]')).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Beta Review' })).toBeVisible();
});

test('Team Files: folders, a subfolder, a file and its deletion; a file edited, a folder renamed and deleted', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { owner } = await team(request, 'files', {});
  const meeting = await createMeeting(request, owner.token, 'Product Council');
  await startSignedIn(page, owner.token);
  await page.goto(`/meeting-dashboard/${meeting.id}/${slug('Product Council')}`);
  const shortcuts = page.getByRole('region', { name: meetingsMessages.meetingShortcuts });
  await expect(shortcuts).toContainText(meetingsMessages.noFilesHere);

  await shortcuts.getByRole('button', { name: meetingsMessages.addFolder }).click();
  const addFolder = dialog(page, meetingsMessages.addFolder);
  await addFolder.getByRole('button', { name: messages.createButton }).click();
  await expect(addFolder.getByText(messages.required)).toBeVisible();
  await addFolder.getByLabel(messages.folderName).fill('Design');
  await addFolder.getByRole('button', { name: messages.createButton }).click();
  await expect(addFolder).toBeHidden();
  await expect(shortcuts.getByRole('button', { name: 'Design', exact: true })).toBeVisible();

  // The same name again in the same place: 409.
  await shortcuts.getByRole('button', { name: meetingsMessages.addFolder }).click();
  await addFolder.getByLabel(messages.folderName).fill('Design');
  await addFolder.getByRole('button', { name: messages.createButton }).click();
  await expect(addFolder.getByText(meetingsMessages.folderNameTaken)).toBeVisible();
  await shot(page, 'files-folder-taken');
  await addFolder.getByRole('button', { name: messages.cancelButton }).click();

  // A subfolder inside Design, and a file in Design.
  await shortcuts.getByRole('button', { name: 'Design', exact: true }).click();
  await shortcuts.getByRole('button', { name: meetingsMessages.addFolder }).click();
  await addFolder.getByLabel(messages.folderName).fill('Specs');
  await addFolder.getByRole('button', { name: messages.createButton }).click();
  await expect(shortcuts.getByRole('button', { name: 'Specs', exact: true })).toBeVisible();

  await shortcuts.getByRole('button', { name: meetingsMessages.addFile }).click();
  const addFile = dialog(page, meetingsMessages.addFile);
  await addFile.getByRole('button', { name: messages.addButton }).click();
  await expect(addFile.getByText(messages.required)).toHaveCount(2);
  await addFile.getByLabel(meetingsMessages.fileName).fill('Roadmap');
  await addFile.getByLabel(meetingsMessages.fileLink).fill('docs.example.com/roadmap.pdf');
  await addFile.getByLabel(meetingsMessages.fileDescription).fill('The plan for the next two quarters');
  await shot(page, 'files-add-file');
  await addFile.getByRole('button', { name: messages.addButton }).click();
  await expect(addFile).toBeHidden();
  const files = shortcuts.getByRole('table', { name: meetingsMessages.teamFiles });
  const roadmap = files.getByRole('row').filter({ hasText: 'Roadmap' });
  await expect(roadmap.getByRole('link', { name: 'https://docs.example.com/roadmap.pdf' })).toHaveAttribute(
    'href',
    'https://docs.example.com/roadmap.pdf',
  );
  await expect(roadmap).toContainText('The plan for the next two quarters');
  await shot(page, 'files', true);

  // The top level does not hold it.
  await shortcuts.getByRole('button', { name: meetingsMessages.teamFiles, exact: true }).click();
  await expect(shortcuts).toContainText(meetingsMessages.noFilesHere);
  await shortcuts.getByRole('button', { name: 'Design', exact: true }).click();

  await roadmap.getByRole('button', { name: meetingsMessages.deleteFileNamed('Roadmap') }).click();
  const confirm = dialog(page, meetingsMessages.deleteFileTitle);
  await expect(confirm).toContainText(meetingsMessages.deleteFileConfirm);
  await shot(page, 'files-delete');
  await confirm.getByRole('button', { name: messages.deleteButton }).click();
  await expect(confirm).toBeHidden();
  await expect(shortcuts).toContainText(meetingsMessages.noFilesHere);

  // meeting: a file edited, the folder renamed, then deleted after "Delete Shortcut".
  await shortcuts.getByRole('button', { name: meetingsMessages.addFile }).click();
  await addFile.getByLabel(meetingsMessages.fileName).fill('Brief');
  await addFile.getByLabel(meetingsMessages.fileLink).fill('docs.example.com/brief.pdf');
  await addFile.getByRole('button', { name: messages.addButton }).click();
  await expect(addFile).toBeHidden();
  await files.getByRole('button', { name: meetingsMessages.editFileNamed('Brief') }).click();
  const editFile = dialog(page, meetingsMessages.editFileTitle);
  await expect(editFile.getByLabel(meetingsMessages.fileName)).toHaveValue('Brief');
  await editFile.getByLabel(meetingsMessages.fileName).fill('Brief v2');
  await editFile.getByRole('button', { name: messages.saveButton }).click();
  await expect(editFile).toBeHidden();
  await expect(files.getByRole('row').filter({ hasText: 'Brief v2' })).toBeVisible();

  await shortcuts.getByRole('button', { name: meetingsMessages.renameFolderButton }).click();
  const rename = dialog(page, meetingsMessages.renameFileFolderTitle);
  await rename.getByLabel(messages.folderName).fill('Design docs');
  await rename.getByRole('button', { name: messages.saveButton }).click();
  await expect(rename).toBeHidden();
  await expect(shortcuts.getByRole('button', { name: 'Design docs', exact: true })).toBeVisible();

  await shortcuts.getByRole('button', { name: meetingsMessages.deleteFolderButton }).click();
  const deleteShortcut = dialog(page, meetingsMessages.deleteShortcutTitle);
  await expect(deleteShortcut).toContainText(meetingsMessages.deleteShortcutFolder('Design docs'));
  await shot(page, 'files-delete-shortcut');
  await deleteShortcut.getByRole('button', { name: messages.deleteButton }).click();
  await expect(deleteShortcut).toBeHidden();
  await expect(shortcuts.getByRole('button', { name: 'Design docs', exact: true })).toHaveCount(0);
  await expect(shortcuts.getByRole('button', { name: 'Specs', exact: true })).toHaveCount(0);
});

test('deleting a meeting warns first, and a teammate’s list and dashboard follow', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { owner, mate } = await team(request, 'delete', {});
  const meeting = await createMeeting(request, owner.token, 'Old Sync', { members: [mate.id] });
  await createMeeting(request, owner.token, 'Keep Sync', { members: [mate.id] });
  await startSignedIn(page, owner.token);
  const watcher = await signedInPage(browser, mate);
  await watcher.page.goto('/meetings');
  await expect(row(watcher.page, 'Old Sync')).toBeVisible();
  await realtimeConnected(watcher.page);
  const second = await watcher.context.newPage();
  await second.goto(`/meeting-dashboard/${meeting.id}/${slug('Old Sync')}`);
  await expect(second.getByRole('heading', { level: 1, name: 'Old Sync' })).toBeVisible();
  await realtimeConnected(second);

  await page.goto('/meetings');
  await row(page, 'Old Sync')
    .getByRole('button', { name: meetingsMessages.deleteMeetingNamed('Old Sync') })
    .click();
  const confirm = dialog(page, meetingsMessages.deleteMeetingTitle);
  await expect(confirm).toContainText(meetingsMessages.deleteMeetingWarning);
  await shot(page, 'delete');
  // Cancel keeps it.
  await confirm.getByRole('button', { name: messages.cancelButton }).click();
  await expect(row(page, 'Old Sync')).toBeVisible();
  await row(page, 'Old Sync')
    .getByRole('button', { name: meetingsMessages.deleteMeetingNamed('Old Sync') })
    .click();
  await confirm.getByRole('button', { name: messages.deleteButton }).click();
  await expect(page.getByText(meetingsMessages.meetingDeleted)).toBeVisible();
  await expect(row(page, 'Old Sync')).toHaveCount(0);
  await expect(row(page, 'Keep Sync')).toBeVisible();

  await expect(row(watcher.page, 'Old Sync')).toHaveCount(0);
  await expect(row(watcher.page, 'Keep Sync')).toBeVisible();
  await expect(second.getByText(messages.meetingNotFound)).toBeVisible();
  await shot(second, 'dashboard-deleted');
  await watcher.context.close();
});

test('a workspace admin lists meetings they are not part of; many members fold into +N; an unknown meeting says so', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { owner, mate } = await team(request, 'admin', {});
  // Seven more people: eight in the meeting, so seven avatars and '+1'.
  const others: string[] = [];
  for (let i = 0; i < 7; i += 1) {
    const user = newUser(`admin-extra${i}`, { firstName: `Extra${i}`, lastName: 'Person' });
    await registerViaApi(request, user);
    const account = await signIn(request, user);
    await inviteAndAccept(request, owner, account);
    others.push(account.id);
  }
  const mateOnlyMeeting = await createMeeting(request, mate.token, 'Mate Only', { members: others });
  await startSignedIn(page, owner.token);
  await page.goto('/meetings');
  // The owner is the workspace admin: every meeting, editable.
  const mateOnly = row(page, 'Mate Only');
  await expect(mateOnly).toBeVisible();
  await expect(mateOnly.getByRole('button', { name: meetingsMessages.editMeetingNamed('Mate Only') })).toBeVisible();
  // Members column: the leader first, seven avatars, then '+1', which unfolds the rest.
  const avatars = mateOnly.getByRole('cell').nth(1).getByRole('img');
  await expect(avatars).toHaveCount(7);
  await expect(avatars.first()).toHaveAccessibleName('Bea Mate');
  await expect(mateOnly.getByRole('button', { name: meetingsMessages.showMorePeople(1) })).toHaveText(
    meetingsMessages.morePeople(1),
  );
  await mateOnly.getByRole('button', { name: meetingsMessages.showMorePeople(1) }).click();
  await expect(avatars).toHaveCount(8);
  await expect(page).toHaveURL(/\/meetings$/);
  await shot(page, 'list-expanded');

  // On the dashboard a workspace admin may reorder the members: with the keyboard here.
  await page.goto(`/meeting-dashboard/${mateOnlyMeeting.id}/${slug('Mate Only')}`);
  const members = page
    .getByRole('region', { name: meetingsMessages.meetingMembers })
    .getByRole('list', { name: messages.members });
  await expect(members.getByRole('listitem').first()).toContainText('Extra0 Person');
  await members.getByRole('button', { name: meetingsMessages.moveNamed('Extra0 Person') }).focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(200);
  await page.keyboard.press('Space');
  await expect(members.getByRole('listitem').first()).toContainText('Extra1 Person');
  await expect(members.getByRole('listitem').nth(1)).toContainText('Extra0 Person');
  await expect
    .poll(async () =>
      (
        await call<{ shareWithIds: string[] }>(request, owner.token, 'GET', `/meetings/${mateOnlyMeeting.id}`)
      ).shareWithIds.slice(0, 2),
    )
    .toEqual([others[1], others[0]]);
  await page.goto('/meetings');

  // A phone's width, with the sidebar closed: the table scrolls sideways.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.reload();
  await expect(row(page, 'Mate Only')).toBeVisible();
  if (await sidebar(page).isVisible()) await page.getByRole('button', { name: clientMessages.toggleSidebar }).click();
  await expect(sidebar(page)).not.toBeInViewport();
  await shot(page, 'list-narrow');
  await row(page, 'Mate Only')
    .getByRole('link', { name: meetingsMessages.openMeeting('Mate Only') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mate Only' })).toBeVisible();
  await shot(page, 'dashboard-narrow', true);

  await page.goto('/meeting-dashboard/00000000-0000-4000-8000-000000000000/Nothing');
  await expect(page.getByText(messages.meetingNotFound)).toBeVisible();
});

test('each dashboard section fails on its own, with a retry', async ({ page, request }) => {
  const { owner } = await team(request, 'errors', {});
  const meeting = await createMeeting(request, owner.token, 'Fragile Sync');
  await startSignedIn(page, owner.token);
  let failArchives = true;
  await page.route('**/api/v2/meetings/*/archives*', (route) =>
    failArchives
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ status: 'fail', message: 'Archive store offline' }),
        })
      : route.continue(),
  );
  await page.route('**/api/v2/meetings/*/agenda-items', (route) => route.abort());
  await page.goto(`/meeting-dashboard/${meeting.id}/${slug('Fragile Sync')}`);
  const archives = page.getByRole('region', { name: meetingsMessages.meetingArchives });
  await expect(archives.getByRole('alert')).toContainText(messages.archivesLoadFailed);
  await expect(archives.getByRole('alert')).toContainText('Archive store offline');
  await expect(page.getByRole('region', { name: meetingsMessages.meetingManagement }).getByRole('alert')).toContainText(
    meetingsMessages.agendaLoadFailed,
  );
  // The rest of the page works.
  await expect(page.getByRole('region', { name: meetingsMessages.meetingMembers })).toContainText(
    'Errors-owner Tester',
  );
  await expect(page.getByRole('region', { name: meetingsMessages.meetingShortcuts })).toContainText(
    meetingsMessages.noFilesHere,
  );
  await shot(page, 'dashboard-errors', true);
  failArchives = false;
  await archives.getByRole('button', { name: messages.retry }).click();
  await expect(archives).toContainText(meetingsMessages.noMeetingArchives);
});

test('cloning: the confirm step lists the cloned meeting’s leaders and members', async ({ page, request }) => {
  const { owner, mate } = await team(request, 'clone-summary');
  await createMeeting(request, owner.token, 'Source Weekly', { members: [mate.id] });
  await startSignedIn(page, owner.token);
  await page.goto('/meetings');
  await page.getByRole('button', { name: meetingsMessages.addNewMeeting }).first().click();
  const wizard = dialog(page, meetingsMessages.newMeetingTitle);
  await wizard.getByRole('radio', { name: meetingsMessages.cloneMeetingOption }).click();
  await pickOption(page, wizard.getByLabel(meetingsMessages.meetingToClone), 'Source Weekly');
  await wizard.getByRole('button', { name: messages.nextButton }).click();
  await wizard.getByLabel(meetingsMessages.meetingName).fill('Source Copy');
  await wizard.getByLabel(meetingsMessages.meetingUrl).fill('https://meet.example.com/copy');
  await pickOption(page, wizard.getByLabel(meetingsMessages.startTime), '2:30 PM');
  await wizard.getByRole('button', { name: messages.nextButton }).click();
  await wizard.getByRole('button', { name: meetingsMessages.skipButton }).click();
  await expect(wizard.getByRole('heading', { name: meetingsMessages.wizardStepConfirm })).toBeVisible();
  const members = wizard.getByRole('row', { name: new RegExp(`^${messages.members}`) });
  await expect(members).toContainText('Bea Mate');
  await expect(members).not.toContainText(meetingsMessages.noneChosen);
  await expect(wizard.getByRole('row', { name: new RegExp(`^${meetingsMessages.leaders}`) })).toContainText(
    'Olga Owner',
  );
  await shot(page, 'wizard-4-clone-confirm');
});

test('the meetings list pages on the server: page numbers, search and sort in the address, at both sizes', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { owner } = await team(request, 'pages', {});
  for (let i = 0; i < 30; i += 1) await createMeeting(request, owner.token, `Weekly ${String(i).padStart(2, '0')}`);
  await startSignedIn(page, owner.token);
  await page.goto('/meetings');
  const rows = page.getByRole('table', { name: meetingsMessages.meetingsTitle }).getByRole('row');
  // A header row and the first 25 meetings.
  await expect(rows).toHaveCount(26);
  await expect(page.getByText(meetingsMessages.shownOfTotal(1, 25, 30))).toBeVisible();
  const pages = page.getByRole('navigation', { name: meetingsMessages.meetingPages });
  await shot(page, 'list-paged');
  await pages.getByRole('button', { name: clientMessages.pageNumber(2) }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows).toHaveCount(6);
  await expect(row(page, 'Weekly 29')).toBeVisible();
  // Sorting starts again at the first page.
  await page.locator('label', { hasText: meetingsMessages.sortDescending }).click();
  await expect(page).toHaveURL(/sort=desc/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(rows.nth(1)).toContainText('Weekly 29');
  // Search by name: the server's answer, and the address keeps it.
  await page.getByRole('textbox', { name: meetingsMessages.searchMeetings }).fill('weekly 1');
  await expect(page).toHaveURL(/q=weekly/);
  await expect(rows).toHaveCount(11);
  await expect(pages).toHaveCount(0);
  await page.getByRole('textbox', { name: meetingsMessages.searchMeetings }).fill('nothing like it');
  await expect(page.getByText(meetingsMessages.noMeetingsMatch('nothing like it'))).toBeVisible();
  await page.getByRole('textbox', { name: meetingsMessages.searchMeetings }).fill('');
  await expect(rows).toHaveCount(26);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('navigation', { name: meetingsMessages.meetingPages }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'list-paged-phone');
});

test('two people editing one meeting note: the second save shows both texts, and Use theirs takes the other note', async ({
  browser,
  request,
}) => {
  const { owner, mate } = await team(request, 'note-versions');
  const meeting = await createMeeting(request, owner.token, 'Notes Weekly', { members: [mate.id] });
  const { sessionId } = await call<{ sessionId: string }>(
    request,
    owner.token,
    'POST',
    `/meetings/${meeting.id}/start`,
    {
      confirmUnscheduled: true,
    },
  );
  await call(request, owner.token, 'POST', `/sessions/${sessionId}/finish`, { notAttended: [] });
  const open = async (who: Account) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await startSignedIn(page, who.token);
    await page.goto(`/meeting-dashboard/${meeting.id}/${slug('Notes Weekly')}`);
    const archives = page.getByRole('region', { name: meetingsMessages.meetingArchives });
    await archives.getByRole('button', { name: /^Edit the note of / }).click();
    const form = dialog(page, meetingsMessages.meetingNoteTitle);
    return { context, page, archives, form, note: form.getByRole('textbox', { name: meetingsMessages.columnNote }) };
  };
  const olga = await open(owner);
  const bea = await open(mate);
  await olga.note.fill('Olga: we ship on Friday');
  await bea.note.fill('Bea: we ship on Monday');
  await olga.form.getByRole('button', { name: messages.saveButton }).click();
  await expect(olga.form).toBeHidden();

  // Bea's save comes second: refused, her text kept, both shown.
  await bea.form.getByRole('button', { name: messages.saveButton }).click();
  const notice = bea.form
    .getByRole('alert')
    .filter({ hasText: meetingsMessages.sessionNoteChangedMeanwhile('Olga Owner') });
  await expect(notice).toBeVisible();
  await expect(notice.getByTestId('their-text')).toHaveText('Olga: we ship on Friday');
  await expect(notice.getByTestId('your-text')).toHaveText('Bea: we ship on Monday');
  await expect(bea.note).toHaveValue('Bea: we ship on Monday');
  await shot(bea.page, 'note-conflict');
  await notice.getByRole('button', { name: clientMessages.useTheirs }).click();
  await expect(notice).toBeHidden();
  await expect(bea.note).toHaveValue('Olga: we ship on Friday');
  // Now typed over Olga's note, her next save goes through.
  await bea.note.fill('Olga: we ship on Friday. Bea: the release notes are mine.');
  await bea.form.getByRole('button', { name: messages.saveButton }).click();
  await expect(bea.form).toBeHidden();
  await expect(bea.archives).toContainText('Bea: the release notes are mine.');
  await olga.context.close();
  await bea.context.close();
});
