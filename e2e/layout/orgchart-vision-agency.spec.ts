import { clientMessages } from '../../src/client/client.messages.ts';
import { agencyMessages } from '../../src/features/agency/agency.messages.ts';
import { orgchartMessages } from '../../src/features/orgchart/orgchart.messages.ts';
import { visionMessages } from '../../src/features/vision/vision.messages.ts';
import { messages } from '../../src/shared/messages.ts';
import { call, seedLayoutTeam as seed, startSignedIn } from '../helpers.ts';
import { checkDialog, checkPage, eachSize, expect, test } from './helpers.ts';

// Layout (decision 026, e2e/layout/helpers.ts): the org chart and its seat dialog, the vision
// board, and the agency tools.

// Axe and the seeding take a while on a busy machine.
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

// The machine these run on is shared and slow at times: no action waits forever.
test.use({ actionTimeout: 20_000 });

eachSize((size) => {
  // Org chart and vision board: the chart, its seat dialog, and the vision board.
  test(`org chart, its seat dialog and the vision board (${size})`, async ({ page, request }) => {
    const { owner } = await seed(request, `layout-chart-${size}`);
    await call(request, owner.token, 'POST', '/org-chart');
    await call(request, owner.token, 'POST', '/vision/templates', { title: 'Our V/TO', catalogKey: 'vto' });
    await startSignedIn(page, owner.token);
    await page.goto('/chart');
    await expect(page.getByRole('button', { name: /^Visionary, row/ })).toBeVisible();
    await checkPage(page, 'orgchart', size);
    await page.getByRole('button', { name: orgchartMessages.addSeat }).click();
    const seat = page.getByRole('dialog', { name: orgchartMessages.addSeat });
    await expect(seat).toBeVisible();
    await checkPage(page, 'orgchart-seat-dialog', size, [seat.getByRole('button', { name: messages.saveButton })]);
    await checkDialog(page, seat, 'the seat dialog');

    await page.goto('/vto');
    await expect(page.getByRole('region', { name: 'Core Values' })).toBeVisible();
    await checkPage(page, 'vision', size, [page.getByRole('button', { name: visionMessages.addSection })]);
    await page.getByRole('button', { name: visionMessages.addSection }).click();
    const section = page.getByRole('dialog', { name: visionMessages.addSection });
    await expect(section).toBeVisible();
    await checkPage(page, 'vision-section-dialog', size, [section.getByRole('button', { name: messages.saveButton })]);
    await checkDialog(page, section, 'the section dialog');
  });

  // Agency tools: the catalogue, its info dialog and a content dialog; a framework; one column.
  test(`agency tools: the catalogue and its dialogs (${size})`, async ({ page, request }) => {
    const { owner } = await seed(request, `layout-agency-${size}`);
    await startSignedIn(page, owner.token);
    await page.goto('/agency-tools');
    await expect(page.getByRole('region', { name: 'Strategy', exact: true })).toBeVisible();
    await checkPage(page, 'agency-tools', size, [page.getByRole('button', { name: agencyMessages.agencyAddCategory })]);
    await page.getByRole('button', { name: agencyMessages.agencyInfoButton }).click();
    const info = page.getByRole('dialog', { name: agencyMessages.agencyInfoTitle });
    await expect(info).toBeVisible();
    await checkPage(page, 'agency-info-dialog', size, [
      info.getByRole('button', { name: agencyMessages.agencyInfoClose }),
    ]);
    await checkDialog(page, info, 'the agency info dialog');
    await page.getByRole('button', { name: agencyMessages.agencyAddCategory }).click();
    const category = page.getByRole('dialog', { name: agencyMessages.agencyAddCategory });
    await expect(category).toBeVisible();
    await checkPage(page, 'agency-category-dialog', size, [
      category.getByRole('button', { name: messages.saveButton }),
    ]);
    await checkDialog(page, category, 'the category dialog');
  });

  test(`agency tools: a framework and one column (${size})`, async ({ page, request }) => {
    const { owner } = await seed(request, `layout-agency-item-${size}`);
    await startSignedIn(page, owner.token);
    await page.goto('/agency-tools');
    await page
      .getByRole('region', { name: 'Marketing', exact: true })
      .getByRole('link', { name: 'Meet your buyers' })
      .click();
    const persona = page.getByRole('region', { name: 'Persona 1: the decider', exact: true });
    await expect(persona).toBeVisible();
    await checkPage(page, 'agency-dashboard', size, [page.getByRole('button', { name: clientMessages.exportPdf })]);

    await persona.getByRole('link', { name: agencyMessages.agencyOpenColumn('Persona 1: the decider') }).click();
    await expect(page.getByRole('heading', { name: 'Persona 1: the decider', level: 2 })).toBeVisible();
    await checkPage(page, 'agency-single', size);
  });
});
