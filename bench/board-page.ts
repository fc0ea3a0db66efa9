import os from 'node:os';
import type { Locator } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { boardsMessages } from '../src/features/boards/boards.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { benchBoard } from './board.ts';
import { benchClientDir, benchPage, launchBenchBrowser, ms, percentile } from './browser.ts';
import { startBenchServer } from './server.ts';

// `npm run bench:board-page`: the meeting dashboard's board in Debian's Chromium with a board of
// 5,000 cards in 40 lists (ARCHITECTURE: "the page renders only what is visible"). It reports
// the time from navigation to the first cards, how many cards and elements the page holds, the
// frames and long tasks while scrolling sideways through every list, "Show N more", and the
// page's JS heap. Options: BENCH_CARDS (5000), DATABASE_URL.

const cardCount = Number(process.env.BENCH_CARDS ?? 5000);
const clientDir = benchClientDir();

const main = async () => {
  const { base, person, meetingNow, request, stop, database } = await startBenchServer(undefined, clientDir);
  const owner = await person('board-page');
  const meeting = await meetingNow(owner, 'Board page bench');
  const { addCards } = await benchBoard(request, owner.accessToken, owner.id, meeting.id);
  const seeding = Date.now();
  await addCards(0, cardCount);
  // Statistics as autovacuum or the hourly job (src/db/statistics.ts) has them a while later.
  await database.db.execute(sql`analyze`);
  console.log(
    `Cadence board page bench — ${database.kind}, ${cardCount} cards in 40 lists (seeded in ${((Date.now() - seeding) / 1000).toFixed(0)} s), ` +
      `${os.cpus().length} cores, node ${process.version}`,
  );

  const browser = await launchBenchBrowser();
  const { page, longTasks } = await benchPage(browser, base, owner.accessToken, 1);
  const counts = () =>
    page.evaluate(() => ({
      cards: document.querySelectorAll('[data-testid="board-card"]').length,
      columns: document.querySelectorAll('[data-testid="board-column"]').length,
      elements: document.getElementsByTagName('*').length,
    }));

  /** "Show N more" in a list: from the click to its next cards on screen. */
  const showMoreIn = async (column: Locator) => {
    const shown = await column.getByTestId('board-card').count();
    const inList = Number(await column.getByTestId('column-count').textContent());
    const clicked = Date.now();
    await column.getByRole('button', { name: messages.showMoreCards(inList - shown) }).click();
    await column.getByTestId('board-card').nth(shown).waitFor();
    return Date.now() - clicked;
  };
  const started = Date.now();
  await page.goto(`/meeting-dashboard/${meeting.id}/${meeting.title.split(' ').join('-')}`);
  const section = page.getByRole('region', { name: boardsMessages.boardsSection });
  await section.getByTestId('board-card').first().waitFor();
  const firstCards = Date.now() - started;
  await page.waitForLoadState('networkidle');
  const atLoad = await counts();
  const loadTasks = await longTasks();
  const showMoreAtLoad = await showMoreIn(section.getByTestId('board-column').first());

  // Sideways through every list, 200 px a frame, as a trackpad would; frame times from rAF.
  await section.scrollIntoViewIfNeeded();
  const frames = await section.getByTestId('board-canvas').evaluate(
    (canvas) =>
      new Promise<number[]>((resolve) => {
        const intervals: number[] = [];
        let last = performance.now();
        const step = (now: number) => {
          intervals.push(now - last);
          last = now;
          if (canvas.scrollLeft + canvas.clientWidth >= canvas.scrollWidth - 1) {
            resolve(intervals);
            return;
          }
          canvas.scrollLeft += 200;
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
  );
  await page.waitForTimeout(500);
  const scrollTasks = await longTasks();
  const afterScroll = await counts();
  const showMoreAfterScroll = await showMoreIn(section.getByTestId('board-column').last());

  const heap = await page.evaluate(
    () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
  );

  const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
  console.log(
    `first cards on screen ${ms(firstCards)} after navigation; long tasks while loading: ${loadTasks.length}, longest ${ms(Math.max(0, ...loadTasks))}`,
  );
  console.log(
    `at load: ${atLoad.cards} cards in ${atLoad.columns} lists on the page, ${atLoad.elements} elements; ` +
      `after scrolling through every list: ${afterScroll.cards} cards, ${afterScroll.elements} elements`,
  );
  console.log(
    `scrolling sideways: ${frames.length} frames, p50 ${ms(percentile(frames, 50))}, p95 ${ms(percentile(frames, 95))}, ` +
      `longest ${ms(Math.max(...frames))}; long tasks ${scrollTasks.length} (${ms(total(scrollTasks))} in all)`,
  );
  console.log(
    `Show N more: ${ms(showMoreAtLoad)} to the next cards at load, ${ms(showMoreAfterScroll)} with every list ` +
      `rendered; JS heap ${(heap / 1024 / 1024).toFixed(1)} MB`,
  );

  await browser.close();
  await stop();
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
