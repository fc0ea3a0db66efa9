import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { meetingsMessages } from '../src/features/meetings/meetings.messages.ts';
import { call, createMeeting, realtimeConnected, spawnServer, startSignedIn, team, whenAnswering } from './helpers.ts';

// A browser keeps its live updates across a restart of the server it is connected to (a deploy
// sends SIGTERM). This spec runs a server of its own, on its own port and data folder, so that
// it can stop and start it; the suite's server is not touched.

const port = Number(process.env.E2E_PORT ?? 3100) + 50;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cadence-e2e-restart-'));

const startServer = () => spawnServer(port, dataDir);

/** The moment the server first answers its health check. */
const answering = () => whenAnswering(base, 25);

const stopServer = async (server: ChildProcess) => {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
};

let server: ChildProcess | undefined;
let api: APIRequestContext | undefined;
test.afterAll(async () => {
  await api?.dispose();
  if (server) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

test('a page gets other people’s changes again within 5 s of its server restarting', async ({ page }) => {
  // Two starts of a server (code compiled on the fly) on a shared machine.
  test.setTimeout(600_000);
  server = startServer();
  await answering();
  api = await playwrightRequest.newContext({ baseURL: base });
  const { owner, mate } = await team(api, 'restart');
  await startSignedIn(page, mate.token);

  // Every successful real-time handshake of the page (socket.io's first request carries no sid).
  const handshakes: number[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (url.includes('/socket.io/') && !url.includes('sid=') && response.ok()) handshakes.push(Date.now());
  });

  await page.goto(`${base}/meetings`);
  // The page has loaded (slow on a busy machine) before the first change is made.
  await expect(page.getByRole('heading', { level: 1, name: meetingsMessages.meetingsTitle })).toBeVisible({
    timeout: 120_000,
  });
  await realtimeConnected(page);
  const row = (title: string) => page.getByRole('link', { name: `Open ${title}` });
  await createMeeting(api, owner.token, 'Before the restart', [mate.id]);
  await expect(row('Before the restart')).toBeVisible();

  await stopServer(server);
  server = startServer();
  const answeredAt = await answering();
  // A change made at once, possibly before the page is back: it catches up on what it missed.
  await createMeeting(api, owner.token, 'Right after the restart', [mate.id]);
  await expect(row('Right after the restart')).toBeVisible({ timeout: answeredAt + 5000 - Date.now() });
  const backAfter = (handshakes.find((at) => at >= answeredAt) ?? Number.NaN) - answeredAt;

  // And live again: a change made now arrives as an event, without a reload.
  const changedAt = Date.now();
  const meeting = await createMeeting(api, owner.token, 'Live again', [mate.id]);
  await expect(row('Live again')).toBeVisible({ timeout: 5000 });
  await call(api, owner.token, 'PATCH', `/meetings/${meeting.id}`, { title: 'Live again, renamed' });
  await expect(row('Live again, renamed')).toBeVisible({ timeout: 5000 });
  console.info(
    `page back ${backAfter} ms after the server answered; a change shown ${Date.now() - changedAt} ms after it was made`,
  );
});
