import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { clientMessages } from '../src/client/client.messages.ts';
import { agencyMessages } from '../src/features/agency/agency.messages.ts';
import { liveMessages } from '../src/features/live/live.messages.ts';
import { meetingsMessages } from '../src/features/meetings/meetings.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { call, createMeetingToday, realtimeConnected, SCREENS, startSignedIn, team } from './helpers.ts';

// Agency tools: the catalogue with Show All and its info dialog, a buyer persona
// filled in by two browsers at once, one column on its own, a framework attached to an agenda
// item and filled in during the live meeting, and the PDF export (its first page rendered).

test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

type Item = {
  id: string;
  columns: {
    id: string;
    title: string;
    questions: { id: string; question: string; answers: { answer: string }[] }[];
  }[];
};

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/**
 * Who changed an answer and when, as a framework shows it: in the profile's time zone (UTC for
 * these accounts) and the app's format family, "Nov 28, 2026 7:48 AM".
 */
const changedByToday = (name: string) => {
  const now = new Date();
  const day = `${MONTHS[now.getUTCMonth()]} ${now.getUTCDate()}, ${now.getUTCFullYear()}`;
  return new RegExp(`^${name}, ${day} \\d{1,2}:\\d{2} [AP]M$`);
};

test('browses the catalogue, fills in a buyer persona in two browsers, opens a column and exports it', async ({
  page,
  browser,
  request,
}) => {
  const { owner, mate } = await team(request, 'agency');
  await startSignedIn(page, owner.token);
  await page.goto('/agency-tools');
  await expect(page.getByRole('heading', { name: agencyMessages.agencyTitle, level: 1 })).toBeVisible();
  await realtimeConnected(page);

  // The info dialog, closed with its named button.
  await page.getByRole('button', { name: agencyMessages.agencyInfoButton }).click();
  const info = page.getByRole('dialog', { name: agencyMessages.agencyInfoTitle });
  await expect(info).toContainText('workbook of business frameworks');
  await info.getByRole('button', { name: agencyMessages.agencyInfoClose }).click();
  await expect(info).toBeHidden();

  // Two frameworks per category until Show All.
  const marketing = region(page, 'Marketing');
  await expect(marketing.getByRole('link')).toHaveCount(3); // two frameworks and the category's button
  await expect(marketing.getByRole('link', { name: 'Value proposition' })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/agency-catalogue.png`, fullPage: true });
  await marketing.getByRole('button', { name: agencyMessages.agencyShowAll(3) }).click();
  await expect(marketing.getByRole('link', { name: 'Value proposition' })).toBeVisible();
  await marketing.getByRole('button', { name: agencyMessages.agencyShowLess }).click();
  await expect(marketing.getByRole('link', { name: 'Value proposition' })).toHaveCount(0);

  // The category's button opens its default framework: the buyer personas.
  await marketing.getByRole('link', { name: 'Meet your buyers' }).click();
  await expect(page.getByRole('heading', { name: 'Buyer personas', level: 1 })).toBeVisible();
  const decider = region(page, 'Persona 1: the decider');
  await expect(decider).toBeVisible();
  await expect(region(page, 'Persona 2: the daily user')).toContainText(
    agencyMessages.agencyFollows('Persona 1: the decider'),
  );
  // Its recap and its link to read more: an external link opening a new tab without an opener.
  await expect(
    page.getByText('Write about real customers you have spoken to, not the ones you wish you had.'),
  ).toBeVisible();
  const readMore = page.getByRole('link', { name: new RegExp(`^${agencyMessages.agencyReadMore('Buyer personas')}`) });
  await expect(readMore).toHaveAttribute('href', 'https://en.wikipedia.org/wiki/Persona_(user_experience)');
  await expect(readMore).toHaveAttribute('target', '_blank');
  await expect(readMore).toHaveAttribute('rel', /noopener/);
  await expect(readMore).toContainText('en.wikipedia.org');
  // Arrows follow parent → children: one arrow, from the decider to the group of the two who follow.
  const followers = page.getByRole('group', { name: agencyMessages.agencyFollowers('Persona 1: the decider') });
  await expect(followers.getByRole('region', { name: /^Persona \d/ })).toHaveCount(2);
  await expect(followers.getByRole('region', { name: 'Persona 1: the decider' })).toHaveCount(0);
  await expect(page.locator('.agency-arrow')).toHaveCount(1);

  const mateContext = await browser.newContext();
  const matePage = await mateContext.newPage();
  await startSignedIn(matePage, mate.token);
  await matePage.goto(page.url());
  const mateDecider = region(matePage, 'Persona 1: the decider');
  await expect(mateDecider).toBeVisible();
  await realtimeConnected(matePage);

  // The owner types the first goal; the mate sees it, with who changed it, without a reload.
  const goal = decider.getByRole('textbox', { name: 'What are they trying to achieve this year? (1 of 3)' });
  await goal.fill('Cut month-end close to three days');
  await expect(decider.getByTestId('answer-status').first()).toHaveText(agencyMessages.agencySaved);
  await expect(
    mateDecider.getByRole('textbox', { name: 'What are they trying to achieve this year? (1 of 3)' }),
  ).toHaveValue('Cut month-end close to three days');
  // Who changed it and when.
  await expect(mateDecider.getByText(/^Olga Owner, /).first()).toHaveText(changedByToday('Olga Owner'));

  // The mate answers another question; the owner sees it.
  await mateDecider.getByRole('textbox', { name: 'Name, role and company size' }).fill('Dana, COO, 80 people');
  await expect(decider.getByRole('textbox', { name: 'Name, role and company size' })).toHaveValue(
    'Dana, COO, 80 people',
  );
  await expect(decider).toContainText('Bea Mate');

  // Add answer: the objections take answers one by one.
  await decider
    .getByRole('button', { name: `${agencyMessages.agencyAddAnswer}: What would make them say no?` })
    .click();
  await decider.getByRole('textbox', { name: 'What would make them say no? (2 of 2)' }).fill('Another tool to learn');
  await expect(mateDecider.getByRole('textbox', { name: 'What would make them say no? (2 of 2)' })).toHaveValue(
    'Another tool to learn',
  );
  await page.screenshot({ path: `${SCREENS}/agency-personas.png`, fullPage: true });

  // A save that fails says Not saved with Try again; a change by someone else meanwhile warns and
  // keeps this person's text; Try again then shows both texts, and Keep mine saves it for everyone.
  const answers = '**/api/v2/agency/questions/*/answers/*';
  await page.route(answers, (route) => route.abort());
  const channels = decider.getByRole('region', { name: 'Where do they look for answers?' });
  await channels.getByRole('textbox').fill('Peers and podcasts');
  await expect(channels.getByTestId('answer-status')).toHaveText(agencyMessages.agencyNotSaved);
  await mateDecider
    .getByRole('region', { name: 'Where do they look for answers?' })
    .getByRole('textbox')
    .fill('LinkedIn groups');
  await expect(channels).toContainText(agencyMessages.agencyChangedElsewhere('Bea Mate'));
  await expect(channels.getByRole('textbox')).toHaveValue('Peers and podcasts');
  await page.unroute(answers);
  await channels.getByRole('button', { name: agencyMessages.agencyRetry }).click();
  await expect(channels.getByTestId('their-text')).toHaveText('LinkedIn groups');
  await expect(channels.getByTestId('your-text')).toHaveText('Peers and podcasts');
  await channels.getByRole('button', { name: clientMessages.keepMine }).click();
  await expect(channels.getByTestId('answer-status')).toHaveText(agencyMessages.agencySaved);
  await expect(channels).not.toContainText(agencyMessages.agencyChangedElsewhere('Bea Mate'));
  await expect(
    mateDecider.getByRole('region', { name: 'Where do they look for answers?' }).getByRole('textbox'),
  ).toHaveValue('Peers and podcasts');

  // Too long for the question: the field stops at its length.
  const name = decider.getByRole('textbox', { name: 'Name, role and company size' });
  await expect(name).toHaveAttribute('maxlength', '120');

  // One column on its own.
  await decider.getByRole('link', { name: agencyMessages.agencyOpenColumn('Persona 1: the decider') }).click();
  await expect(page).toHaveURL(/\/agency-single\//);
  await expect(page.getByRole('heading', { name: 'Persona 1: the decider', level: 2 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name, role and company size' })).toHaveValue('Dana, COO, 80 people');
  await page.screenshot({ path: `${SCREENS}/agency-single.png`, fullPage: true });
  await page.getByRole('link', { name: agencyMessages.agencyBackToItem('Buyer personas') }).click();

  // Export PDF (A4, landscape): a real PDF whose first page is rendered to look at.
  await page.getByRole('button', { name: clientMessages.exportPdf }).click();
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'A4' }).click()]);
  const pdfPath = `${SCREENS}/agency-export.pdf`;
  await pdf.saveAs(pdfPath);
  execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', '-singlefile', pdfPath, `${SCREENS}/agency-pdf`]);
  expect(existsSync(`${SCREENS}/agency-pdf.png`)).toBe(true);
  const text = execFileSync('pdftotext', [pdfPath, '-']).toString();
  expect(text).toContain('Cut month-end close to three days');
  expect(text).toContain('https://en.wikipedia.org/wiki/Persona_(user_experience)');

  // Print: the board alone, without the app's chrome.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: clientMessages.mainNavigation })).toBeHidden();
  await expect(region(page, 'Persona 1: the decider')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // The phone: one column under another, nothing wider than the screen.
  await matePage.setViewportSize({ width: 390, height: 844 });
  await matePage.reload();
  await expect(region(matePage, 'Persona 3: the budget holder')).toBeVisible();
  const overflow = await matePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await matePage.screenshot({ path: `${SCREENS}/agency-personas-phone.png`, fullPage: true });
  await mateContext.close();

  // A guidance column ('noneditable', the SWOT's "How to use it"): its text, nothing to type in,
  // no Add answer; the SWOT's recap and link show too.
  await page.goto('/agency-tools');
  await region(page, 'Strategy').getByRole('link', { name: 'SWOT analysis' }).click();
  await expect(page.getByRole('heading', { name: 'SWOT analysis', level: 1 })).toBeVisible();
  await expect(
    page.getByText('Finish with the two or three moves that use a strength to take an opportunity'),
  ).toBeVisible();
  await expect(
    page.getByRole('link', { name: new RegExp(`^${agencyMessages.agencyReadMore('SWOT analysis')}`) }),
  ).toHaveAttribute('href', 'https://en.wikipedia.org/wiki/SWOT_analysis');
  const how = region(page, 'How to use it');
  await expect(how).toContainText('Give everyone five quiet minutes to write');
  await expect(how).toContainText(agencyMessages.agencyReadOnly);
  await expect(how.getByRole('textbox')).toHaveCount(0);
  await expect(how.getByRole('button', { name: new RegExp(agencyMessages.agencyAddAnswer) })).toHaveCount(0);
  await expect(region(page, 'Strengths').getByRole('textbox').first()).toBeEditable();
  await page.screenshot({ path: `${SCREENS}/agency-swot.png`, fullPage: true });
});

test('attaches a framework to an agenda item and fills it in during the live meeting', async ({
  page,
  browser,
  request,
}) => {
  const { owner, mate } = await team(request, 'agency-live');
  const meeting = await createMeetingToday(request, owner.token, 'Strategy Day', [mate.id]);
  await call(request, owner.token, 'PUT', `/meetings/${meeting.id}/agenda-items`, {
    agendaItems: [
      { title: 'Positioning', keyName: 'agency_framework', duration: 30 },
      { title: 'Meeting Scores', keyName: 'conclusion', duration: 5 },
    ],
  });

  await startSignedIn(page, owner.token);
  await page.goto(`/meeting-dashboard/${meeting.id}/Strategy-Day`);
  await page
    .getByRole('region', { name: meetingsMessages.meetingManagement })
    .getByRole('button', { name: meetingsMessages.editAgenda })
    .click();
  const form = page.getByRole('dialog', { name: meetingsMessages.editAgenda });
  const picker = form.getByRole('combobox', { name: `${meetingsMessages.agendaAgencyItem}: Positioning` });
  await picker.click();
  await picker.fill('position');
  await page.getByRole('option', { name: 'Positioning statement · Strategy' }).click();
  await page.screenshot({ path: `${SCREENS}/agency-agenda-form.png` });
  await form.getByRole('button', { name: messages.saveButton }).click();
  await expect(form).toBeHidden();
  const agenda = await call<{ title: string; agencyItemId: string | null }[]>(
    request,
    owner.token,
    'GET',
    `/meetings/${meeting.id}/agenda-items`,
  );
  expect(agenda[0]?.agencyItemId).not.toBeNull();

  const started = await call<{ sessionId: string }>(request, owner.token, 'POST', `/meetings/${meeting.id}/start`, {});
  await page.goto(`/live-meeting/${meeting.id}/${started.sessionId}`);
  const step = page.getByTestId('live-step');
  const customer = step.getByRole('region', { name: 'Customer', exact: true });
  await expect(customer).toBeVisible();
  await realtimeConnected(page);

  // A member of the meeting joins the live meeting in a second browser.
  const mateContext = await browser.newContext();
  const matePage = await mateContext.newPage();
  await startSignedIn(matePage, mate.token);
  await matePage.goto(`/live-meeting/${meeting.id}/${started.sessionId}`);
  const mateCustomer = matePage.getByTestId('live-step').getByRole('region', { name: 'Customer', exact: true });
  await expect(mateCustomer).toBeVisible();
  await expect(matePage.getByText(liveMessages.liveFollowing)).toBeVisible();
  await realtimeConnected(matePage);

  // The leader's answer reaches the member without a reload, with who and when; and back.
  await customer.getByRole('textbox', { name: 'For whom? (be narrow)' }).fill('Teams of 10 to 50 who meet weekly');
  await expect(customer.getByTestId('answer-status').first()).toHaveText(agencyMessages.agencySaved);
  await expect(mateCustomer.getByRole('textbox', { name: 'For whom? (be narrow)' })).toHaveValue(
    'Teams of 10 to 50 who meet weekly',
  );
  await expect(mateCustomer.getByText(/^Olga Owner, /)).toHaveText(changedByToday('Olga Owner'));
  await mateCustomer.getByRole('textbox', { name: 'Who need or want what?' }).fill('One place for the agenda');
  await expect(customer.getByRole('textbox', { name: 'Who need or want what?' })).toHaveValue(
    'One place for the agenda',
  );
  await expect(customer.getByText(/^Bea Mate, /)).toHaveText(changedByToday('Bea Mate'));
  await page.screenshot({ path: `${SCREENS}/agency-live-step.png`, fullPage: true });
  await matePage.screenshot({ path: `${SCREENS}/agency-live-step-member.png`, fullPage: true });
  await mateContext.close();

  const item = await call<Item>(request, owner.token, 'GET', `/agency/items/${agenda[0]!.agencyItemId}`);
  const [forWhom, need] = item.columns.find((c) => c.title === 'Customer')!.questions;
  expect(forWhom!.answers.map((a) => a.answer)).toEqual(['Teams of 10 to 50 who meet weekly']);
  expect(need!.answers.map((a) => a.answer)).toEqual(['One place for the agenda']);
});

test('an admin adds a framework of their own and hides a shipped category; a member sees the result', async ({
  page,
  browser,
  request,
}) => {
  const { owner, mate } = await team(request, 'agency-admin');
  await startSignedIn(page, owner.token);
  await page.goto('/agency-tools');
  await page.getByRole('button', { name: agencyMessages.agencyAddCategory }).click();
  const categoryForm = page.getByRole('dialog', { name: agencyMessages.agencyAddCategory });
  await categoryForm.getByRole('textbox', { name: agencyMessages.agencyFieldTitle, exact: true }).fill('Hiring');
  await categoryForm.getByRole('textbox', { name: agencyMessages.agencyFieldButtonTitle }).fill('Plan a hire');
  await categoryForm.getByRole('button', { name: messages.saveButton }).click();
  await expect(categoryForm).toBeHidden();
  const hiring = region(page, 'Hiring');
  await expect(hiring).toContainText(agencyMessages.agencyCategoryEmpty);

  await hiring.getByRole('button', { name: agencyMessages.agencyContentMenu('Hiring'), exact: true }).click();
  await page.getByRole('menuitem', { name: agencyMessages.agencyAddItem }).click();
  const itemForm = page.getByRole('dialog', { name: agencyMessages.agencyAddItem });
  await itemForm.getByRole('textbox', { name: agencyMessages.agencyFieldTitle, exact: true }).fill('Role scorecard');
  await itemForm.getByRole('button', { name: messages.saveButton }).click();
  await expect(itemForm).toBeHidden();
  await hiring.getByRole('link', { name: 'Plan a hire' }).click();
  await expect(page.getByRole('heading', { name: 'Role scorecard', level: 1 })).toBeVisible();
  await expect(page.getByText(agencyMessages.agencyNoColumns)).toBeVisible();

  await page.getByRole('button', { name: agencyMessages.agencyContentMenu('Role scorecard') }).click();
  await page.getByRole('menuitem', { name: agencyMessages.agencyAddColumn }).click();
  const columnForm = page.getByRole('dialog', { name: agencyMessages.agencyAddColumn });
  await columnForm.getByRole('textbox', { name: agencyMessages.agencyFieldTitle, exact: true }).fill('Outcomes');
  await columnForm.getByRole('button', { name: messages.saveButton }).click();
  await expect(columnForm).toBeHidden();
  const outcomes = region(page, 'Outcomes');
  await outcomes.getByRole('button', { name: agencyMessages.agencyContentMenu('Outcomes'), exact: true }).click();
  await page.getByRole('menuitem', { name: agencyMessages.agencyAddQuestion }).click();
  const questionForm = page.getByRole('dialog', { name: agencyMessages.agencyAddQuestion });
  await questionForm
    .getByRole('textbox', { name: agencyMessages.agencyFieldQuestion })
    .fill('What must this person achieve?');
  await questionForm.getByRole('button', { name: messages.saveButton }).click();
  await expect(questionForm).toBeHidden();
  await expect(outcomes.getByRole('textbox', { name: 'What must this person achieve?' })).toBeVisible();

  // Made guidance only ('noneditable'): the question stays, with no field to type in.
  await outcomes.getByRole('button', { name: agencyMessages.agencyContentMenu('Outcomes'), exact: true }).click();
  await page.getByRole('menuitem', { name: agencyMessages.agencyEditColumn }).click();
  const editColumn = page.getByRole('dialog', { name: agencyMessages.agencyEditColumn });
  await editColumn.getByRole('combobox', { name: agencyMessages.agencyFieldColumnType }).click();
  await page.getByRole('option', { name: agencyMessages.agencyColumnNoneditable }).click();
  await editColumn.getByRole('button', { name: messages.saveButton }).click();
  await expect(editColumn).toBeHidden();
  await expect(outcomes.getByRole('region', { name: 'What must this person achieve?' })).toContainText(
    agencyMessages.agencyNoAnswer,
  );
  await expect(outcomes.getByRole('textbox')).toHaveCount(0);
  // A guidance column offers no new question.
  await outcomes.getByRole('button', { name: agencyMessages.agencyContentMenu('Outcomes'), exact: true }).click();
  await expect(page.getByRole('menuitem', { name: agencyMessages.agencyEditColumn })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: agencyMessages.agencyAddQuestion })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Hide a shipped category: the member no longer sees it; the admin sees it marked.
  await page.goto('/agency-tools');
  await region(page, 'Sales')
    .getByRole('button', { name: agencyMessages.agencyContentMenu('Sales'), exact: true })
    .click();
  await page.getByRole('menuitem', { name: agencyMessages.agencyHide }).click();
  await expect(region(page, 'Sales')).toHaveCount(0);
  await page.getByRole('switch', { name: agencyMessages.agencyShowHidden }).click();
  await expect(region(page, 'Sales')).toContainText(agencyMessages.agencyHiddenBadge);
  await page.screenshot({ path: `${SCREENS}/agency-admin.png`, fullPage: true });

  // Hide a shipped framework (the One-page plan) and a shipped column (the SWOT's Threats).
  const strategy = region(page, 'Strategy');
  await strategy.getByRole('button', { name: agencyMessages.agencyContentMenu('One-page plan'), exact: true }).click();
  await page.getByRole('menuitem', { name: agencyMessages.agencyHide }).click();
  await expect(strategy.getByRole('link', { name: 'One-page plan' })).toBeVisible(); // shown hidden ones still
  await page.getByRole('switch', { name: agencyMessages.agencyShowHidden }).click();
  await expect(strategy.getByRole('link', { name: 'One-page plan' })).toHaveCount(0);
  await strategy.getByRole('link', { name: 'SWOT analysis' }).click();
  await region(page, 'Threats')
    .getByRole('button', { name: agencyMessages.agencyContentMenu('Threats'), exact: true })
    .click();
  await page.getByRole('menuitem', { name: agencyMessages.agencyHide }).click();
  await expect(region(page, 'Threats')).toHaveCount(0);
  await expect(region(page, 'Opportunities')).toBeVisible();

  const mateContext = await browser.newContext();
  const matePage = await mateContext.newPage();
  await startSignedIn(matePage, mate.token);
  await matePage.goto('/agency-tools');
  await expect(region(matePage, 'Hiring')).toBeVisible();
  await expect(region(matePage, 'Strategy')).toBeVisible();
  await expect(region(matePage, 'Sales')).toHaveCount(0);
  await expect(matePage.getByRole('button', { name: agencyMessages.agencyAddCategory })).toHaveCount(0);
  await expect(region(matePage, 'Strategy').getByRole('link', { name: 'One-page plan' })).toHaveCount(0);
  await region(matePage, 'Strategy').getByRole('link', { name: 'SWOT analysis' }).click();
  await expect(region(matePage, 'Strengths')).toBeVisible();
  await expect(region(matePage, 'Threats')).toHaveCount(0);
  await mateContext.close();
});

test('two people typing into one answer at once: the one who would lose it sees both texts and keeps theirs', async ({
  page,
  browser,
  request,
}) => {
  const { owner, mate } = await team(request, 'agency-typing');
  await startSignedIn(page, owner.token);
  await page.goto('/agency-tools');
  await region(page, 'Marketing').getByRole('link', { name: 'Meet your buyers' }).click();
  await expect(page.getByRole('heading', { name: 'Buyer personas', level: 1 })).toBeVisible();
  await realtimeConnected(page);
  const mateContext = await browser.newContext();
  const matePage = await mateContext.newPage();
  await startSignedIn(matePage, mate.token);
  await matePage.goto(page.url());
  const field = (on: Page) =>
    region(on, 'Persona 1: the decider').getByRole('textbox', { name: 'Name, role and company size' });
  await expect(field(matePage)).toBeVisible();
  await realtimeConnected(matePage);

  // Both type into the empty answer before either save lands: each save is held until both have
  // typed, then the owner's goes first.
  const answers = '**/api/v2/agency/questions/*/answers/*';
  const held = (on: Page) =>
    new Promise<() => Promise<void>>((resolve) => {
      void on.route(answers, (route) => resolve(() => route.continue()), { times: 1 });
    });
  const olgaHeld = held(page);
  const beaHeld = held(matePage);
  await field(page).fill('Olga: CFO, 200 people');
  await field(matePage).fill('Bea: COO, 80 people');
  await (await olgaHeld)();
  const status = (on: Page) => region(on, 'Persona 1: the decider').getByTestId('answer-status').first();
  await expect(status(page)).toHaveText(agencyMessages.agencySaved);
  await (await beaHeld)();

  // The mate's save was refused: her words are still in her field, and she sees both texts.
  const notice = region(matePage, 'Persona 1: the decider').getByRole('alert');
  await expect(notice).toContainText(agencyMessages.agencyAnswerChangedMeanwhile('Olga Owner'));
  await expect(notice.getByTestId('their-text')).toHaveText('Olga: CFO, 200 people');
  await expect(notice.getByTestId('your-text')).toHaveText('Bea: COO, 80 people');
  await expect(field(matePage)).toHaveValue('Bea: COO, 80 people');
  await matePage.screenshot({ path: `${SCREENS}/agency-answer-conflict.png` });

  // She keeps hers: it is saved, and the owner's page shows it.
  await notice.getByRole('button', { name: clientMessages.keepMine }).click();
  await expect(status(matePage)).toHaveText(agencyMessages.agencySaved);
  await expect(field(page)).toHaveValue('Bea: COO, 80 people');
  await mateContext.close();
});
