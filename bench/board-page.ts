import os from 'node:os';
import type { Locator, Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { taskMeetings, taskMembers, tasks } from '../src/db/schema/index.ts';
import { boardsMessages } from '../src/features/boards/boards.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { benchBoard } from './board.ts';
import {
  benchClientDir,
  benchPage,
  type DragTiming,
  keyboardDrag,
  launchBenchBrowser,
  loadAverage,
  mouseDrag,
  ms,
  percentile,
  profiled,
  recordInteractions,
  referencePage,
  scrollThrough,
} from './browser.ts';
import { startBenchServer } from './server.ts';

// `npm run bench:board-page`: the meeting dashboard's board in Debian's Chromium with a board of
// 5,000 cards in 40 lists, 1,000 of them in List 1 (ARCHITECTURE: "the page renders only what is
// visible"). For each CPU slowdown (4×, then 1× for reference; BENCH_ROUNDS rounds, 2 by default)
// it reports: the offline page as a reference measured in the same run; the time from navigation
// to the first card and the elements at load; the worst input-to-next-paint of each card drag,
// by mouse and by keyboard (BENCH_DRAGS each, 10 by default; p50/p95 over the drags) in a list
// of 20 cards; List 1 shown whole (Show N more at 1×) and scrolled through, with its frames and
// long tasks; drags again in that list of 1,000; then the sideways scroll through every list,
// "Show N more" and the JS heap. The machine's load average is printed beside every round.
// Options: BENCH_CARDS (5000), BENCH_BIG_LIST (1000), BENCH_SLOWDOWNS (4,1), DATABASE_URL;
// BENCH_PROFILE=1 adds CPU profiles (bench/profiles/) of the load (the first card's time then
// includes the profiler's cost) and of drags, repeated, in List 2 and List 1.

const cardCount = Number(process.env.BENCH_CARDS ?? 5000);
const bigList = Math.min(cardCount, Number(process.env.BENCH_BIG_LIST ?? 1000));
const drags = Number(process.env.BENCH_DRAGS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const slowdowns = (process.env.BENCH_SLOWDOWNS ?? '4,1').split(',').map(Number);
const clientDir = benchClientDir();
const profile = process.env.BENCH_PROFILE === '1';

const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);

/** p50 / p95 / max of the drags' worst interaction, by Event Timing and by next paint. */
const dragLine = (label: string, timings: DragTiming[]) => {
  const events = timings.map((timing) => timing.eventTiming);
  const paints = timings.map((timing) => timing.nextPaint);
  const worstPaint = timings.reduce((max, timing) => (timing.nextPaint > max.nextPaint ? timing : max), timings[0]!);
  return (
    `  ${label} (${timings.length} drags): INP (Event Timing, worst event of each drag) p50 ${ms(percentile(events, 50))}, ` +
    `p95 ${ms(percentile(events, 95))}; input → next paint incl. moves p50 ${ms(percentile(paints, 50))}, ` +
    `p95 ${ms(percentile(paints, 95))}, worst ${ms(worstPaint.nextPaint)} (${worstPaint.nextPaintName})`
  );
};

const main = async () => {
  const { base, person, meetingNow, request, stop, database } = await startBenchServer(undefined, clientDir);
  const owner = await person('board-page');
  const meeting = await meetingNow(owner, 'Board page bench');
  const { board, lists } = await benchBoard(request, owner.accessToken, owner.id, meeting.id);
  const seeding = Date.now();
  // Seeded in the database directly, 1,000 rows a statement: 5,000 API calls would take a quarter
  // of an hour on a busy machine. List 1 holds `bigList` cards, the other lists the rest in turn;
  // every other card has a due date, every third is also an action item.
  for (let from = 0; from < cardCount; from += 1000) {
    const rows = Array.from({ length: Math.min(1000, cardCount - from) }, (_, k) => {
      const i = from + k;
      return {
        tenantId: owner.tenantId,
        title: `Card ${i}`,
        description: '<p>Some words to search through</p>',
        type: '4',
        userId: owner.id,
        boardId: board.id,
        boardListId: (i < bigList ? lists[0] : lists[1 + (i % (lists.length - 1))])!.id,
        showInTasks: i % 3 === 0 ? '1' : '0',
        dueDate: i % 2 === 0 ? '2026-12-01' : null,
        sort: i,
        createdBy: owner.id,
        changedBy: owner.id,
      };
    });
    const made = await database.db.insert(tasks).values(rows).returning({ id: tasks.id });
    await database.db.insert(taskMeetings).values(made.map((row) => ({ taskId: row.id, meetingId: meeting.id })));
    await database.db.insert(taskMembers).values(made.map((row) => ({ taskId: row.id, userId: owner.id })));
  }
  // Statistics as autovacuum or the hourly job (src/db/statistics.ts) has them a while later.
  await database.db.execute(sql`analyze`);
  console.log(
    `Cadence board page bench — ${database.kind}, ${cardCount} cards in 40 lists, ${bigList} in List 1 ` +
      `(seeded in ${((Date.now() - seeding) / 1000).toFixed(0)} s), ${os.cpus().length} cores, node ${process.version}`,
  );

  const browser = await launchBenchBrowser();
  const url = `/meeting-dashboard/${meeting.id}/${meeting.title.split(' ').join('-')}`;

  const round = async (slowdown: number) => {
    console.log(`\nCPU ${slowdown}× — load average ${loadAverage()}`);
    const reference = await referencePage(browser, base, slowdown);
    console.log(
      `  reference: /offline.html, heading on screen ${ms(reference.shown)} after navigation (${reference.elements} elements)`,
    );
    const { page, cdp, longTasks } = await benchPage(browser, base, owner.accessToken, slowdown);
    await recordInteractions(page);
    const counts = () =>
      page.evaluate(() => ({
        cards: document.querySelectorAll('[data-testid="board-card"]').length,
        columns: document.querySelectorAll('[data-testid="board-column"]').length,
        elements: document.getElementsByTagName('*').length,
      }));
    const section = page.getByRole('region', { name: boardsMessages.boardsSection });
    const column = (title: string) => section.locator(`[data-testid="board-column"][data-column="${title}"]`);

    /** "Show N more" in a list: from the click to its next cards on screen. */
    const showMoreIn = async (list: Locator) => {
      const shown = await list.getByTestId('board-card').count();
      const inList = Number(await list.getByTestId('column-count').textContent());
      if (shown >= inList) return 0;
      const clicked = Date.now();
      await list.getByRole('button', { name: messages.showMoreCards(inList - shown) }).click();
      await list.getByTestId('board-card').nth(shown).waitFor({ timeout: 120_000 });
      return Date.now() - clicked;
    };
    const dragsIn = async (list: Locator, how: 'mouse' | 'keyboard') => {
      const timings: DragTiming[] = [];
      for (let i = 0; i < drags; i++) {
        const card = list.getByTestId('board-card').nth(1);
        if (how === 'keyboard') timings.push(await keyboardDrag(page, card));
        else {
          const height = (await card.boundingBox())?.height ?? 80;
          timings.push(await mouseDrag(page, card, Math.round(height * 1.6)));
        }
      }
      return timings;
    };

    const started = Date.now();
    const toFirstCard = async () => {
      await page.goto(url);
      await section.getByTestId('board-card').first().waitFor({ timeout: 120_000 });
    };
    if (profile) await profiled(cdp, `board-load-${slowdown}x`, toFirstCard);
    else await toFirstCard();
    const firstCards = Date.now() - started;
    await page.waitForLoadState('networkidle');
    const atLoad = await counts();
    const loadTasks = await longTasks();
    console.log(
      `  first card on screen ${ms(firstCards)} after navigation; long tasks while loading: ${loadTasks.length}, ` +
        `longest ${ms(Math.max(0, ...loadTasks))}; at load ${atLoad.cards} cards in ${atLoad.columns} lists, ${atLoad.elements} elements`,
    );

    const list2 = column('List 2');
    console.log(dragLine('mouse drags in List 2 (20 cards shown)', await dragsIn(list2, 'mouse')));
    console.log(dragLine('keyboard drags in List 2 (20 cards shown)', await dragsIn(list2, 'keyboard')));
    if (profile) {
      // The drags once more of each kind, profiled and not counted: the profiler slows the page.
      await profiled(cdp, `board-keyboard-drag-${slowdown}x`, async () => void (await dragsIn(list2, 'keyboard')));
      await profiled(cdp, `board-mouse-drag-${slowdown}x`, async () => void (await dragsIn(list2, 'mouse')));
    }
    const dragTasks = await longTasks();
    console.log(`  long tasks during those drags: ${dragTasks.length}, longest ${ms(Math.max(0, ...dragTasks))}`);

    // List 1 whole: its pages loaded at 1× (the set-up, not the measure), then back to the slowdown.
    const list1 = column('List 1');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const opening = Date.now();
    while ((await list1.getByTestId('board-card').count()) < bigList) await showMoreIn(list1);
    const opened = Date.now() - opening;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await page.waitForTimeout(500);
    await longTasks();
    const whole = await counts();
    const frames = await scrollThrough(list1);
    await page.waitForTimeout(500);
    const scrollTasks = await longTasks();
    console.log(
      `  List 1 shown whole (${whole.cards} cards on the page, ${whole.elements} elements; Show N more to it took ${ms(opened)} at 1×); ` +
        `scrolling down through it: ${frames.length} frames, p50 ${ms(percentile(frames, 50))}, p95 ${ms(percentile(frames, 95))}, ` +
        `longest ${ms(Math.max(...frames))}; long tasks ${scrollTasks.length}, over 100 ms ${scrollTasks.filter((t) => t > 100).length}, ` +
        `longest ${ms(Math.max(0, ...scrollTasks))}`,
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await scrollTop(page, list1);
    console.log(dragLine(`mouse drags in List 1 (${bigList} cards shown)`, await dragsIn(list1, 'mouse')));
    console.log(dragLine(`keyboard drags in List 1 (${bigList} cards shown)`, await dragsIn(list1, 'keyboard')));
    if (profile) {
      await profiled(cdp, `board-big-keyboard-drag-${slowdown}x`, async () => void (await dragsIn(list1, 'keyboard')));
      await profiled(cdp, `board-big-mouse-drag-${slowdown}x`, async () => void (await dragsIn(list1, 'mouse')));
    }

    // Sideways through every list, 200 px a frame, as a trackpad would; frame times from rAF.
    await longTasks();
    await section.scrollIntoViewIfNeeded();
    const sideways = await section.getByTestId('board-canvas').evaluate(
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
    const sidewaysTasks = await longTasks();
    const afterScroll = await counts();
    const showMoreLast = await showMoreIn(section.getByTestId('board-column').last());
    const heap = await page.evaluate(
      () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
    );
    console.log(
      `  sideways through every list: ${sideways.length} frames, p50 ${ms(percentile(sideways, 50))}, p95 ${ms(percentile(sideways, 95))}, ` +
        `longest ${ms(Math.max(...sideways))}; long tasks ${sidewaysTasks.length} (${ms(total(sidewaysTasks))} in all); ` +
        `then ${afterScroll.cards} cards, ${afterScroll.elements} elements; Show N more in the last list ${ms(showMoreLast)}; ` +
        `JS heap ${(heap / 1024 / 1024).toFixed(1)} MB; load average ${loadAverage()}`,
    );
    await page.close();
  };

  for (let i = 0; i < rounds; i++) for (const slowdown of slowdowns) await round(slowdown);
  await browser.close();
  await stop();
};

/** Scrolls the page (or the list's scrolling ancestor) back to where the list starts. */
const scrollTop = (page: Page, list: Locator) =>
  list
    .evaluate((element) => {
      element.scrollIntoView({ block: 'start' });
    })
    .then(() => page.waitForTimeout(300));

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
