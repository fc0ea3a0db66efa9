import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

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

/** POST /register, as the sign-up page would; the time zone is the browser's in these tests. */
export const registerViaApi = async (request: APIRequestContext, user: TestUser, timezone = 'UTC') => {
  const response = await request.post('/api/v2/register', {
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
