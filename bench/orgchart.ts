import os from 'node:os';
import { sql } from 'drizzle-orm';
import { benchClientDir, benchPage, launchBenchBrowser, ms, percentile } from './browser.ts';
import { startBenchServer } from './server.ts';

// `npm run bench:orgchart`: the org chart page in Debian's Chromium with a chart of
// 200 seats (10 rows × 20 seat numbers, each under the nearest seat of the row above, three
// responsibility lines each), with the CPU slowed BENCH_CPU_SLOWDOWN times (4, as the board
// page's budget in ARCHITECTURE.md). It reports the time from navigation to every seat drawn,
// the page's elements, long tasks while loading, and the frames and long tasks while a seat is
// dragged across the chart to a free place and dropped (until it shows there). Options:
// BENCH_CPU_SLOWDOWN, DATABASE_URL.

const slowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
const clientDir = benchClientDir();
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const main = async () => {
  const { base, person, request, stop, database } = await startBenchServer(undefined, clientDir);
  const owner = await person('orgchart');
  await request('POST', '/org-chart', {}, owner.accessToken); // the default 7 seats, rows 1–4
  for (let row = 1; row <= 10; row++) {
    await database.db.execute(sql`
      insert into org_chart_seats (tenant_id, parent_id, row, seat_number, color, job_title, description)
      select ${owner.tenantId}::uuid,
        (select p.id from org_chart_seats p where p.tenant_id = ${owner.tenantId}::uuid and p.row = ${row - 1}
          order by abs(p.seat_number - g), p.seat_number limit 1),
        ${row}, g, '#d0ebff', 'Seat ' || ${row} || '.' || g,
        array['Owns the numbers', 'Hires and trains', 'Reports weekly']
      from generate_series(1, 20) g
      on conflict do nothing`);
  }
  const seats = Number(
    (
      (await database.db.execute(
        sql`select count(*) as n from org_chart_seats where tenant_id = ${owner.tenantId}::uuid`,
      )) as unknown as { rows: { n: string }[] }
    ).rows[0]!.n,
  );
  // A free place to drop onto: the grid is full, so row 11 (shown below the chart) is free.
  console.log(
    `Cadence org chart page bench — ${database.kind}, ${seats} seats in 10 rows × 20, CPU slowed ${slowdown}×, ` +
      `${os.cpus().length} cores, node ${process.version}, load average ${loadAverage()}`,
  );

  const browser = await launchBenchBrowser();
  const { page, longTasks } = await benchPage(browser, base, owner.accessToken, slowdown);

  const started = Date.now();
  await page.goto('/chart');
  // The page's heading: the app started, signed in, and the page's code loaded (a reference).
  await page.getByRole('heading', { name: 'Org chart' }).waitFor();
  const heading = Date.now() - started;
  await page.locator('.orgchart-seat').first().waitFor();
  const firstSeat = Date.now() - started;
  await page.waitForFunction((n) => document.querySelectorAll('.orgchart-seat').length >= n, seats);
  const allSeats = Date.now() - started;
  await page.waitForLoadState('networkidle');
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  const loadTasks = await longTasks();

  // Drag the last seat of row 10 to row 11, seat 1, across the chart, recording every frame.
  const viewport = page.getByRole('region', { name: 'Org chart' });
  const source = page.getByRole('button', { name: /^Seat 10\.20, row 10, seat 20$/ });
  await source.scrollIntoViewIfNeeded();
  await page.evaluate(() => {
    const frames: number[] = [];
    (window as unknown as { benchFrames: number[]; benchFramesOn: boolean }).benchFrames = frames;
    (window as unknown as { benchFramesOn: boolean }).benchFramesOn = true;
    let last = performance.now();
    const step = (now: number) => {
      frames.push(now - last);
      last = now;
      if ((window as unknown as { benchFramesOn: boolean }).benchFramesOn) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  const box = (await source.boundingBox())!;
  const dragStarted = Date.now();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 12, box.y + box.height / 2 + 12, { steps: 3 });
  const target = page.locator('[data-place="11/1"]');
  await target.waitFor();
  const freePlacesShown = Date.now() - dragStarted;
  await target.scrollIntoViewIfNeeded();
  const to = (await target.boundingBox())!;
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 30 });
  const dropped = Date.now();
  await page.mouse.up();
  await page.getByRole('button', { name: /^Seat 10\.20, row 11, seat 1$/ }).waitFor();
  const movedShown = Date.now() - dropped;
  const frames = await page.evaluate(() => {
    (window as unknown as { benchFramesOn: boolean }).benchFramesOn = false;
    return (window as unknown as { benchFrames: number[] }).benchFrames;
  });
  const dragTasks = await longTasks();
  const duringDrag = await page.evaluate(() => document.getElementsByTagName('*').length);
  await viewport.evaluate((element) => element.scrollTo(0, 0));

  const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
  console.log(
    `page heading ${ms(heading)}, first seat ${ms(firstSeat)}, all ${seats} seats ${ms(allSeats)} after navigation; ${elements} elements on the page; ` +
      `long tasks while loading: ${loadTasks.length}, longest ${ms(Math.max(0, ...loadTasks))}`,
  );
  console.log(
    `drag of a seat: free places shown ${ms(freePlacesShown)} after the drag began; ${frames.length} frames until ` +
      `the drop showed, p50 ${ms(percentile(frames, 50))}, p95 ${ms(percentile(frames, 95))}, longest ${ms(Math.max(...frames))}; ` +
      `long tasks ${dragTasks.length} (${ms(total(dragTasks))} in all, longest ${ms(Math.max(0, ...dragTasks))}); ` +
      `the seat in its new place ${ms(movedShown)} after the drop; ${duringDrag} elements after it`,
  );

  // The same page opened from the sidebar of a running app, as a user mostly reaches it: the
  // page's own cost, without the app's start (which every page shares).
  await page.goto('/home');
  await page.waitForLoadState('networkidle');
  const clicked = Date.now();
  await page.getByRole('link', { name: 'Org chart' }).first().click();
  await page.locator('.orgchart-seat').first().waitFor();
  const inAppFirst = Date.now() - clicked;
  await page.waitForFunction((n) => document.querySelectorAll('.orgchart-seat').length >= n, seats);
  const inAppAll = Date.now() - clicked;
  console.log(
    `from the sidebar of the running app: first seat ${ms(inAppFirst)}, all ${seats} seats ${ms(inAppAll)} after the click`,
  );
  console.log(`load average after the run: ${loadAverage()}`);
  await browser.close();
  await stop();
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
