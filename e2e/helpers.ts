import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { peopleMessages } from '../src/features/people/people.messages.ts';

// Shared steps of the browser tests: accounts made through the API (fast, and not what these
// tests are about), a signed-in page, and the mails the server wrote to its outbox file.

export const SCREENS = 'test-results/screens';
export const PASSWORD = 'correct-horse-42';

export interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  workspace: string;
}

let counter = 0;
/** A person nobody else in this run uses (all tests share one database). */
export const newUser = (label: string, overrides: Partial<TestUser> = {}): TestUser => {
  counter += 1;
  const id = `${Date.now().toString(36)}${process.pid}${counter}`;
  return {
    firstName: label.charAt(0).toUpperCase() + label.slice(1),
    lastName: 'Tester',
    email: `${label}-${id}@example.com`,
    password: PASSWORD,
    workspace: `${label} workspace ${id}`,
    ...overrides,
  };
};

let addressCounter = 0;
/**
 * A client address of its own for each registration: the tests stand for many people on many
 * machines, and the server (TRUST_PROXY in playwright.config.ts) limits sign-ups per address.
 */
const nextAddress = () => {
  addressCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
};

/**
 * POST /register, as the sign-up page would; the time zone is the browser's in these tests.
 * Register answers the same neutral 201 for a new and a taken email and no token (decision 022):
 * sign in next (signIn / signInViaApi) for the account's id, workspace and token.
 */
export const registerViaApi = async (request: APIRequestContext, user: TestUser, timezone = 'UTC') => {
  const response = await request.post('/api/v2/register', {
    headers: { 'X-Forwarded-For': nextAddress() },
    data: {
      user: {
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        password: user.password,
        repeatPassword: user.password,
        timezone,
      },
      tenant: { name: user.workspace },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
};

/** POST /signin; returns the bearer token. */
export const signInViaApi = async (request: APIRequestContext, user: TestUser): Promise<string> => {
  const response = await request.post('/api/v2/signin', { data: { email: user.email, password: user.password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { accessToken: string } }).result.accessToken;
};

/** A signed-in person as the API tests see them. */
export interface Account {
  user: TestUser;
  id: string;
  tenantId: string;
  token: string;
}

/** POST /signin; the person with their id, current workspace and token. */
export const signIn = async (request: APIRequestContext, user: TestUser): Promise<Account> => {
  const response = await request.post('/api/v2/signin', { data: { email: user.email, password: user.password } });
  expect(response.status(), await response.text()).toBe(200);
  const { result } = (await response.json()) as { result: { accessToken: string; id: string; tenantId: string } };
  return { user, id: result.id, tenantId: result.tenantId, token: result.accessToken };
};

/** An API call that must succeed; its result. */
export const call = async <T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
) => {
  const response = await request.fetch(`/api/v2${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: T }).result;
};

/**
 * `owner` adds `person` (an existing account) to the owner's workspace: that makes an
 * invitation (decision 022), which `person` accepts. Their session stays where it was.
 */
export const inviteAndAccept = async (request: APIRequestContext, owner: Account, person: Account) => {
  await call(request, owner.token, 'POST', '/tenants/add-user', { email: person.user.email });
  const open = await call<{ id: string; workspace: { id: string } }[]>(request, person.token, 'GET', '/invitations');
  const invitation = open.find((item) => item.workspace.id === owner.tenantId);
  expect(invitation, `no invitation to ${owner.tenantId}`).toBeDefined();
  await call(request, person.token, 'POST', `/invitations/${invitation!.id}/accept`);
};

/** `inviteAndAccept`, then `person` works in the owner's workspace. */
export const addToWorkspace = async (request: APIRequestContext, owner: Account, person: Account) => {
  await inviteAndAccept(request, owner, person);
  await call(request, person.token, 'POST', '/switch-tenant', { id: owner.tenantId });
  return { ...person, tenantId: owner.tenantId };
};

/** An owner (Olga Owner unless named) with a workspace, and Bea Mate added to it, working in it. */
export const team = async (
  request: APIRequestContext,
  label: string,
  ownerName: Partial<TestUser> = { firstName: 'Olga', lastName: 'Owner' },
) => {
  const ownerUser = newUser(`${label}-owner`, ownerName);
  const mateUser = newUser(`${label}-mate`, { firstName: 'Bea', lastName: 'Mate' });
  await registerViaApi(request, ownerUser);
  await registerViaApi(request, mateUser);
  const owner = await signIn(request, ownerUser);
  const mate = await addToWorkspace(request, owner, await signIn(request, mateUser));
  return { owner, mate };
};

/** The UTC date `days` from today, YYYY-MM-DD. */
export const isoDate = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const weeklyMeeting = (
  request: APIRequestContext,
  token: string,
  fields: { title: string; members: string[]; startDate: string; startTime: string; sharepointUrl: string },
) =>
  call<{ id: string; title: string }>(request, token, 'POST', '/meetings', {
    operation: 'create',
    repeatEvery: 1,
    repeatType: 'weeks',
    type: 'meeting',
    ...fields,
  });

/** A weekly meeting from the day after tomorrow, led by the owner of `token`, with `members`. */
export const createMeeting = (request: APIRequestContext, token: string, title: string, members: string[]) =>
  weeklyMeeting(request, token, {
    title,
    members,
    startDate: isoDate(2),
    startTime: '09:00',
    sharepointUrl: 'https://meet.example.com/team',
  });

/** A weekly meeting whose session today is at the start of the current UTC hour (so it can start now). */
export const createMeetingToday = (
  request: APIRequestContext,
  token: string,
  title: string,
  members: string[],
  sharepointUrl = 'https://meet.example.com/team',
) =>
  weeklyMeeting(request, token, {
    title,
    members,
    startDate: isoDate(0),
    startTime: `${String(new Date().getUTCHours()).padStart(2, '0')}:00`,
    sharepointUrl,
  });

/** Every page load of `page` starts signed in with `token` (a tab's session, not remembered). */
export const startSignedIn = async (page: Page, token: string) => {
  await page.addInitScript((value) => sessionStorage.setItem('cadence.token', value), token);
};

/** A new account with its own workspace, and `page` signed in to it. */
export const signedInUser = async (page: Page, request: APIRequestContext, label: string) => {
  const user = newUser(label);
  await registerViaApi(request, user);
  const token = await signInViaApi(request, user);
  await startSignedIn(page, token);
  return { user, token };
};

interface Mail {
  to: string;
  subject: string;
  text: string;
}

const readOutbox = async (): Promise<Mail[]> => {
  const file = process.env.E2E_OUTBOX_FILE;
  if (!file) throw new Error('E2E_OUTBOX_FILE is not set (see playwright.config.ts)');
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Mail);
};

/**
 * The path and query of the link to `pathname` in the latest mail to `to` (mail is written
 * after the request's transaction commits, so it is polled for).
 */
export const linkFromMail = async (to: string, pathname: string): Promise<string> => {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await readOutbox()).filter((mail) => mail.to === to);
      const match = mails.at(-1)?.text.match(new RegExp(`https?://[^\\s]+${pathname}\\?hash=[^\\s]+`));
      link = match?.[0];
      return link;
    })
    .toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
};

/** The mails sent to `to` so far, oldest first (polled by callers: mail goes out after the commit). */
export const mailsTo = async (to: string): Promise<Mail[]> => (await readOutbox()).filter((mail) => mail.to === to);

export interface SeededTeam {
  owner: Account;
  mate: Account;
  meeting: { id: string; title: string };
  cardId: string;
}

/**
 * A team with a weekly meeting (its session today, so it can go live) that has a board with a
 * card, a KPI, a goal and an action item; long names on purpose, to show they wrap.
 */
export const seedLayoutTeam = async (request: APIRequestContext, label: string): Promise<SeededTeam> => {
  const { owner, mate } = await team(request, label);
  const meeting = await createMeetingToday(
    request,
    owner.token,
    'Weekly Leadership Level 10 Meeting for the Operations and Finance Teams',
    [mate.id],
    'https://meet.example.com/leadership-team-weekly-level-10-meeting-room',
  );
  const board = await call<{ id: string }>(request, owner.token, 'POST', '/boards', {
    name: 'Product roadmap and launch planning board',
    meetingIds: [meeting.id],
    lists: ['Backlog', 'Doing', 'Done'],
  });
  const lists = await call<{ id: string }[]>(request, owner.token, 'GET', `/boards/${board.id}/task-types`);
  const card = await call<{ id: string }>(request, owner.token, 'POST', '/tasks', {
    title: 'Prepare the quarterly customer satisfaction survey and share the results with everyone',
    type: '5',
    boardId: board.id,
    taskTypeId: lists[0]?.id,
    userId: owner.id,
    members: [owner.id, mate.id],
  });
  await call(request, owner.token, 'POST', `/meetings/${meeting.id}/scores`, {
    userId: owner.id,
    title: 'Qualified sales calls made by the whole team this week',
    goal: '>=',
    score: '20',
    units: '',
    type: 'number',
  });
  await call(request, owner.token, 'POST', '/tasks', {
    title: 'Launch the redesigned customer onboarding experience',
    type: '1',
    userId: owner.id,
    dueDate: isoDate(30),
    meetingIds: [meeting.id],
  });
  await call(request, owner.token, 'POST', '/tasks', {
    title: 'Send the signed proposal to the procurement department',
    type: '4',
    userId: mate.id,
    dueDate: isoDate(7),
    meetingIds: [meeting.id],
  });
  return { owner, mate, meeting, cardId: card.id };
};

/** As the screens show a date ('MMM D, YYYY'; the tests run in UTC). */
export const shownDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** One keyboard drag with @hello-pangea/dnd: lift with space, move with the arrows, drop with space. */
export const keyboardDrag = async (
  page: Page,
  handle: Locator,
  moves: ('ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown')[],
) => {
  await handle.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  for (const move of moves) {
    await page.keyboard.press(move);
    await page.waitForTimeout(250);
  }
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
};

/** The item @hello-pangea/dnd draws under the pointer while a drag lasts. */
const liftedItem = (page: Page) => page.locator('[data-rfd-draggable-id][style*="position: fixed"]');

/**
 * A mouse drag with @hello-pangea/dnd, as a person makes it: press, move past its "sloppy click"
 * threshold, wait until the item is lifted (it measures the lists first, and a move before that
 * is lost), move onto `target` in small steps, drop, and wait for the drop to settle. The target
 * is measured before the lift, where the person saw it.
 */
export const dragWithMouse = async (page: Page, source: Locator, target: Locator, offsetY = 0) => {
  await source.scrollIntoViewIfNeeded();
  await expect(liftedItem(page)).toHaveCount(0);
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag source or target is not visible');
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + (to.y < from.y ? -10 : 10), { steps: 5 });
  await expect(liftedItem(page)).toHaveCount(1);
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 + offsetY, { steps: 15 });
  await page.waitForTimeout(250);
  await page.mouse.up();
  await expect(liftedItem(page)).toHaveCount(0);
};

// Reports

/**
 * A meeting of `owner` with `mate`, held once today: an issue solved in the room, both rated
 * (owner 8, mate 6), a to-do due today done and one open; a KPI with a value.
 */
export const seedHeldMeeting = async (request: APIRequestContext, owner: Account, mate: Account, title: string) => {
  const meeting = await createMeeting(request, owner.token, title, [mate.id]);
  const issue = await call<{ id: string }>(request, owner.token, 'POST', '/tasks', {
    title: 'Hiring plan for the support team',
    type: '2',
    userId: owner.id,
    meetingIds: [meeting.id],
  });
  const today = isoDate(0);
  const done = await call<{ id: string }>(request, owner.token, 'POST', '/tasks', {
    title: 'Send the offer letters',
    type: '4',
    userId: mate.id,
    meetingIds: [meeting.id],
    dueDate: today,
  });
  await call(request, owner.token, 'POST', '/tasks', {
    title: 'Book the training room',
    type: '4',
    userId: mate.id,
    meetingIds: [meeting.id],
    dueDate: isoDate(30),
  });
  const { sessionId } = await call<{ sessionId: string }>(
    request,
    owner.token,
    'POST',
    `/meetings/${meeting.id}/start`,
    {
      confirmUnscheduled: true,
    },
  );
  await call(request, owner.token, 'POST', `/sessions/${sessionId}/issues/${issue.id}/solve`);
  await call(request, owner.token, 'PATCH', `/tasks/${done.id}`, { status: '1' });
  await call(request, owner.token, 'PATCH', `/sessions/${sessionId}/ratings/${owner.id}`, { score: 8 });
  await call(request, owner.token, 'PATCH', `/sessions/${sessionId}/ratings/${mate.id}`, { score: 6 });
  await call(request, owner.token, 'POST', `/sessions/${sessionId}/finish`, { notAttended: [] });
  return { meeting, sessionId };
};

/** Gives the meeting these agenda items and starts its session today; the live meeting's path. */
export const startLiveMeeting = async (
  request: APIRequestContext,
  token: string,
  meetingId: string,
  agendaItems: { title: string; keyName: string; duration: number }[],
) => {
  await call(request, token, 'PUT', `/meetings/${meetingId}/agenda-items`, { agendaItems });
  const { sessionId } = await call<{ sessionId: string }>(request, token, 'POST', `/meetings/${meetingId}/start`, {});
  return `/live-meeting/${meetingId}/${sessionId}`;
};

/**
 * Waits until `page` holds its real-time connection: a change someone else makes after this
 * arrives as an event (one made before it, the page would only see on its next read).
 */
export const realtimeConnected = (page: Page) =>
  expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected', { timeout: 30_000 });

/** The directory's list of disabled people (they are listed apart from the active ones). */
export const showDisabledPeople = (page: Page) =>
  page.getByRole('radiogroup', { name: peopleMessages.showPeople }).getByText(peopleMessages.disabledPeople).click();

/**
 * A Cadence of the test's own (its own port and data folder), started as `npm start` starts it.
 * `publicHost` names it in PUBLIC_URL (passkeys need a host name, not an address).
 */
export const spawnServer = (port: number, dataDir: string, publicHost = '127.0.0.1'): ChildProcess =>
  spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: process.env.CLIENT_DIR ?? 'dist/client',
      PUBLIC_URL: `http://${publicHost}:${port}`,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });

/** The moment `base` first answers its health check, asked every `everyMs` for at most 4 minutes. */
export const whenAnswering = async (base: string, everyMs = 100) => {
  const until = Date.now() + 240_000;
  while (Date.now() < until) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return Date.now();
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`${base} did not answer`);
};

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Nothing on the page is wider than the window (no sideways scroll). */
export const expectNoSidewaysScroll = async (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);

/**
 * A spec's screenshots: `shots(page, name)` saves `<prefix>-<name>-desktop|phone.png` at 1280×800
 * and 390×844, each checked for sideways scroll (`scrollTo` brought into view first), and leaves
 * the page at the desktop size.
 */
export const screenshotsOf =
  (prefix: string) =>
  async (page: Page, name: string, scrollTo?: Locator): Promise<void> => {
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      if (scrollTo) await scrollTo.scrollIntoViewIfNeeded();
      await page.waitForTimeout(350);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `${SCREENS}/${prefix}-${name}-${size}.png` });
    }
    await page.setViewportSize(DESKTOP);
  };
