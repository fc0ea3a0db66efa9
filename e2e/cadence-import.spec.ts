import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { boardsMessages } from '../src/features/boards/boards.messages.ts';
import { cadenceImportMessages as t } from '../src/features/imports/cadence-import.messages.ts';
import type { WorkspaceExport } from '../src/features/reports/reports.schemas.ts';
import { expectAccessible } from './axe.ts';
import { call, createMeeting, screenshotsOf, startSignedIn, team } from './helpers.ts';

// "Import a Cadence export": a workspace with a meeting and a board is exported (with a
// passphrase), the admin imports the zip as a new workspace from Administration → Import,
// switches to it and finds the board with its card.

const shots = screenshotsOf('cadence-import');
const PASSPHRASE = 'a passphrase for the e2e export';

test('an admin imports a workspace export as a new workspace and opens its board', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { owner, mate } = await team(request, 'cadence-import');
  const meeting = await createMeeting(request, owner.token, 'Roundtrip Weekly', [mate.id]);
  const board = await call<{ id: string }>(request, owner.token, 'POST', '/boards', {
    name: 'Roadmap',
    meetingIds: [meeting.id],
    lists: ['To Do', 'Doing'],
  });
  const [toDo] = await call<{ id: string }[]>(request, owner.token, 'GET', `/boards/${board.id}/task-types`);
  await call(request, owner.token, 'POST', '/tasks', {
    title: 'Ship the import',
    type: '4',
    showInTasks: '0',
    userId: mate.id,
    members: [mate.id],
    meetingIds: [meeting.id],
    boardId: board.id,
    taskTypeId: toDo!.id,
  });

  // The export, through the API (the Reports page's own test covers its screen).
  const started = await call<WorkspaceExport>(request, owner.token, 'POST', '/workspace-exports', {
    passphrase: PASSPHRASE,
  });
  await expect
    .poll(
      async () => (await call<WorkspaceExport>(request, owner.token, 'GET', `/workspace-exports/${started.id}`)).status,
      { timeout: 60_000 },
    )
    .toBe('done');
  const download = await request.get(`/api/v2/workspace-exports/${started.id}/download`, {
    headers: { Authorization: `Bearer ${owner.token}` },
  });
  expect(download.ok()).toBe(true);
  const zipPath = path.join(os.tmpdir(), `cadence-e2e-export-${Date.now()}.zip`);
  await writeFile(zipPath, await download.body());

  await startSignedIn(page, owner.token);
  await page.goto('/settings/administration/import');
  const panel = page.getByRole('region', { name: t.title });
  await expect(panel).toBeVisible();
  await panel.locator('input[type="file"]').setInputFiles(zipPath);
  await panel.getByRole('textbox', { name: t.nameLabel }).fill('Roundtrip copy');
  await panel.getByLabel(t.passphraseLabel).fill(PASSPHRASE);
  await shots(page, 'form', panel);
  await expectAccessible(page, 'the import panel, filled in');

  await panel.getByRole('button', { name: t.submit }).click();
  const done = panel.getByText(t.done('Roundtrip copy'));
  await expect(done).toBeVisible({ timeout: 60_000 });
  // Bea, the one other person of the export, is invited.
  await expect(panel.getByText(/1 person was invited/)).toBeVisible();
  await shots(page, 'done', done);
  await expectAccessible(page, 'the import panel, done');

  // Into the new workspace, and to its meeting's board.
  await panel.getByRole('button', { name: t.open }).click();
  await expect(page).toHaveURL(/\/$/);
  const meetings = await call<{ items: { id: string; title: string }[] }>(request, owner.token, 'GET', '/meetings');
  const copied = meetings.items.find((m) => m.title === 'Roundtrip Weekly')!;
  expect(copied.id).not.toBe(meeting.id);
  await page.goto(`/meeting-dashboard/${copied.id}/Roundtrip-Weekly`);
  const boards = page.getByRole('region', { name: boardsMessages.boardsSection });
  await expect(boards.getByRole('button', { name: 'Ship the import', exact: true })).toBeVisible();
  await shots(page, 'board', boards);
  await expectAccessible(page, 'the imported board');
});
