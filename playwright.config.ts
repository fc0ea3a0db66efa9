import { existsSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// End-to-end tests run the built client (`vite build` first, see `npm run test:e2e`) on the
// real server with a fresh embedded database, in Debian's Chromium.

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// Slack: e2e/slack.spec.ts starts the local Slack stand-in on this port.
const slackStandinUrl = `http://127.0.0.1:${port + 1000}`;

// Debian's headless shell where it is installed (CI installs it), else the browser (decision 137).
const browserPath =
  process.env.E2E_BROWSER ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

// Playwright loads this file in the runner and again in each worker; the env variable makes
// them agree on one data directory, made fresh for each run.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `.data-e2e-${Date.now()}-${process.pid}`);
const dataDir = process.env.E2E_DATA_DIR;
// The server appends every mail it sends to this file (one JSON line each): the tests follow
// emailed links from it (e2e/helpers.ts).
process.env.E2E_OUTBOX_FILE ??= `${dataDir}.outbox.jsonl`;
const outboxFile = process.env.E2E_OUTBOX_FILE;
if (!process.env.TEST_WORKER_INDEX) {
  mkdirSync(dataDir, { recursive: true });
  // The runner exits after the server stopped: the directory is no longer in use.
  process.on('exit', () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outboxFile, { force: true });
  });
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two: the files run side by side on the two cores (CI included: the whole browser suite at one
  // worker took 26 of CI's 39 minutes); tests within a file stay in order.
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    // Fixed so that dates and greetings in the tests do not depend on the machine.
    timezoneId: 'UTC',
    // A trace records a screencast and DOM snapshots of every step: on two cores that nearly
    // doubled the browser's CPU time. E2E_TRACE=1 records one for each test and keeps the failures'.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // A service worker would answer some requests before Playwright's routes see them: blocked,
    // but in e2e/installable.spec.ts, which tests it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: browserPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // `node --import tsx` (not npx): the process Playwright stops is the server itself.
    command: 'node --import tsx src/server/main.ts',
    url: `${baseURL}/api/health`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Emailed links point at the test server.
      PUBLIC_URL: baseURL,
      OUTBOX_FILE: outboxFile,
      // The tests stand for many people: e2e/helpers.ts gives each API sign-up its own address
      // (X-Forwarded-For), so the per-address sign-up limit does not add them all up.
      TRUST_PROXY: '1',
      // Slack: the server's Slack app is the stand-in's (e2e/slack.spec.ts starts it).
      SLACK_CLIENT_ID: 'e2e-client-id',
      SLACK_CLIENT_SECRET: 'e2e-client-secret',
      SLACK_SIGNING_SECRET: 'e2e-signing-secret',
      SLACK_API_URL: `${slackStandinUrl}/api/`,
      SLACK_AUTHORIZE_URL: `${slackStandinUrl}/oauth/v2/authorize`,
      // e2e/webhooks.spec.ts receives the deliveries on a loopback port of its own.
      WEBHOOKS_ALLOW_PRIVATE: '1',
      // e2e/sso.spec.ts runs its OpenID provider on a loopback port (decision 103).
      SSO_ALLOW_PRIVATE_ISSUERS: '1',
    },
    reuseExistingServer: false,
    // A first start compiles the server (tsx) and makes the embedded database: minutes on a busy
    // machine; E2E_SERVER_TIMEOUT (ms) sets another limit.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT ?? 300_000),
    // SIGTERM lets the server close the embedded database cleanly.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
