import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { benchClientDir, launchBenchBrowser } from './browser.ts';
import { startBenchServer } from './server.ts';

// `npm run bench:layout-shift`: cumulative layout shift (CLS, budget ≤ 0.1) of Cadence's pages in
// Debian's Chromium, at 1280×800 and 390×844, on a first visit and with the CPU slowed 4× (late
// parts arrive later, so what moves is seen). CLS as web-vitals counts it: layout shifts without
// recent input, grouped in windows of at most 5 s with gaps under 1 s; the worst window. Each page
// is watched for 10 s after the network is idle (the calendar's code, parsed at 4×, arrives seconds
// later). Options: CLIENT_DIR, DATABASE_URL, BENCH_CPU_SLOWDOWN, BENCH_SETTLE_MS, BENCH_PAGES (a
// comma-separated list of the paths below), BENCH_SHOTS=1 (a screenshot of each in the temp folder).

const clientDir = benchClientDir();
const SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
/** How long a page is watched after the network is idle. */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 10_000);

const main = async () => {
  const { base, person, meetingNow, homeCards, stop } = await startBenchServer(undefined, clientDir);
  const owner = await person('layout-shift');
  const meeting = await meetingNow(owner, 'Layout shift bench');
  await homeCards(owner, meeting.id);
  const pages = [
    ['/login', false],
    ['/home', true],
    ['/meetings', true],
    [`/meeting-dashboard/${meeting.id}`, true],
    [`/kpi/${meeting.id}`, true],
    ['/directory', true],
    ['/chart', true],
    ['/vto', true],
    ['/time-tracking', true],
    ['/quartals', true],
    ['/reports', true],
    ['/settings/profile', true],
  ] as const;
  const browser = await launchBenchBrowser();
  console.log(
    `Cadence layout shift — ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}, node ${process.version}, CPU ${SLOWDOWN}×`,
  );
  console.log('| page | 1280×800 | 390×844 | largest shift (1280) |');
  console.log('|---|---|---|---|');
  let worst = 0;
  for (const [path, signedIn] of pages.filter(
    ([path]) => !process.env.BENCH_PAGES || process.env.BENCH_PAGES.split(',').includes(path),
  )) {
    const desktop = await measure(browser, base, path, signedIn ? owner.accessToken : null, 1280, 800);
    const phone = await measure(browser, base, path, signedIn ? owner.accessToken : null, 390, 844);
    worst = Math.max(worst, desktop.cls, phone.cls);
    console.log(
      `| ${path.replace(meeting.id, ':id')} | ${desktop.cls.toFixed(3)} | ${phone.cls.toFixed(3)} | ${desktop.largest} |`,
    );
  }
  console.log(`worst ${worst.toFixed(3)} (budget 0.1)`);
  await browser.close();
  await stop();
};

const measure = async (
  browser: Browser,
  base: string,
  path: string,
  token: string | null,
  width: number,
  height: number,
) => {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height } });
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await context.addInitScript((value) => {
    if (value) sessionStorage.setItem('cadence.token', value);
    const shifts: { value: number; time: number; nodes: string[] }[] = [];
    (window as unknown as { benchShifts: typeof shifts }).benchShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        startTime: number;
        hadRecentInput: boolean;
        sources?: { node?: Element }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        const nodes = (entry.sources ?? []).map((source) => {
          const node = source.node;
          if (!node || !('tagName' in node)) return '?';
          const label = node.getAttribute('data-testid') ?? node.getAttribute('aria-label') ?? node.className;
          return `${node.tagName.toLowerCase()}${label ? `[${String(label).slice(0, 40)}]` : ''}`;
        });
        shifts.push({ value: entry.value, time: entry.startTime, nodes });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }, token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(SETTLE_MS);
  if (process.env.BENCH_SHOTS)
    await page.screenshot({ path: join(tmpdir(), `cls${path.replaceAll('/', '_')}-${width}.png`) });
  const shifts = await page.evaluate(
    () => (window as unknown as { benchShifts: { value: number; time: number; nodes: string[] }[] }).benchShifts,
  );
  await context.close();
  // The worst session window (web-vitals' definition).
  let cls = 0;
  let window = 0;
  let first = 0;
  let last = 0;
  for (const shift of shifts) {
    if (window > 0 && shift.time - last < 1000 && shift.time - first < 5000) window += shift.value;
    else {
      window = shift.value;
      first = shift.time;
    }
    last = shift.time;
    cls = Math.max(cls, window);
  }
  const largest = shifts.sort((a, b) => b.value - a.value)[0];
  return { cls, largest: largest ? `${largest.value.toFixed(3)} ${largest.nodes.join(', ')}` : '—' };
};

await main();
