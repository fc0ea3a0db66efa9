import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse, { type Result } from 'lighthouse';
import { benchClientDir } from './browser.ts';
import { startBenchServer } from './server.ts';

// `npm run bench:lighthouse`: Lighthouse 12 (mobile preset: a mid-range phone, slow 4G and the
// CPU slowed 4×, simulated) on /login, /home signed in, and a reference page in the same run: the
// offline page the build makes, a static page of the same server with almost nothing in it, so a
// busy machine shows up as a low reference score rather than as a slow Cadence. Each page runs
// BENCH_RUNS times (default 3); the median by performance score is printed, with the load average
// before and after. Debian's Chromium, headless, started here on a free debugging port.
// The session: Cadence keeps its token in the browser's storage, not in a cookie, so the token is
// put in the site's localStorage (a remembered sign-in) before the runs; Lighthouse clears the
// cache, service workers and cache storage between runs but not localStorage.
// Options: CLIENT_DIR, DATABASE_URL, BENCH_RUNS, BENCH_PAGES (comma-separated: login, home,
// reference), BENCH_REPORTS=dir (each run's JSON report, for the details of an audit).

const clientDir = benchClientDir();
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['SI', 'speed-index'],
] as const;

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** Debian's Chromium, headless, with a debugging port of its own choosing; its port. */
const startChromium = async (profile: string) => {
  const chrome: ChildProcess = spawn(
    '/usr/bin/chromium',
    [
      '--headless=new',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-gpu',
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--disable-extensions',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--mute-audio',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const file = path.join(profile, 'DevToolsActivePort');
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (existsSync(file)) {
      const port = Number(readFileSync(file, 'utf8').split('\n')[0]);
      if (port > 0) return { port, stop: () => chrome.kill() };
    }
    if (chrome.exitCode !== null) throw new Error(`Chromium exited (${chrome.exitCode})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  chrome.kill();
  throw new Error('Chromium did not open its debugging port within 30 s');
};

/** Signs the browser in to `base` (out, without a token): the token where a remembered sign-in keeps it. */
const signIn = async (port: number, base: string, token: string | null) => {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();
  await page.goto(`${base}/offline.html`);
  await page.evaluate((value) => {
    if (value) localStorage.setItem('cadence.token', value);
    else localStorage.removeItem('cadence.token');
  }, token);
  await page.close();
  // Disconnects only: the browser stays for Lighthouse.
  await browser.close();
};

const median = <T>(values: T[], by: (value: T) => number) =>
  [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)]!;

const score = (result: Result, category: string) => {
  const value = result.categories[category]?.score;
  return value === null || value === undefined ? '—' : String(Math.round(value * 100));
};

const metric = (result: Result, id: string) => {
  const value = result.audits[id]?.numericValue;
  if (value === undefined) return '—';
  return id === 'cumulative-layout-shift' ? value.toFixed(3) : `${(value / 1000).toFixed(1)} s`;
};

/** The audits of `category` that did not pass, with their weight (what to fix first). */
const failing = (result: Result, category: string) =>
  (result.categories[category]?.auditRefs ?? [])
    .filter((ref) => {
      const audit = result.audits[ref.id];
      return audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative';
    })
    .map((ref) => {
      const audit = result.audits[ref.id]!;
      const saving = audit.metricSavings
        ? Object.entries(audit.metricSavings)
            .filter(([, ms]) => (ms ?? 0) > 0)
            .map(([name, ms]) => `${name} −${Math.round(ms ?? 0)} ms`)
            .join(', ')
        : '';
      return `${ref.id}${ref.weight ? ` (weight ${ref.weight})` : ''}${saving ? ` [${saving}]` : ''}`;
    });

const main = async () => {
  const { base, person, meetingNow, homeCards, stop } = await startBenchServer(undefined, clientDir);
  const owner = await person('lighthouse');
  const meeting = await meetingNow(owner, 'Weekly leadership');
  await homeCards(owner, meeting.id);

  const profile = mkdtempSync(path.join(os.tmpdir(), 'cadence-lighthouse-'));
  const chrome = await startChromium(profile);
  const reports = process.env.BENCH_REPORTS ? path.resolve(process.env.BENCH_REPORTS) : null;
  if (reports) mkdirSync(reports, { recursive: true });
  const pages = [
    ['reference', '/offline.html'],
    ['login', '/login'],
    ['home', '/home'],
  ] as const;
  const chosen = process.env.BENCH_PAGES?.split(',');
  console.log(
    `Cadence Lighthouse — lighthouse 12.8.2, mobile preset, ${RUNS} runs a page, ${os.cpus().length} cores, node ${process.version}, load ${load()}`,
  );
  const rows: string[] = [];
  const notes: string[] = [];
  try {
    for (const [name, url] of pages) {
      if (chosen && !chosen.includes(name)) continue;
      // /login is seen signed out: a signed-in visit goes on to /home.
      const token = name === 'home' ? owner.accessToken : null;
      await signIn(chrome.port, base, token);
      const results: Result[] = [];
      const loadBefore = load();
      for (let run = 1; run <= RUNS; run++) {
        const answer = await lighthouse(`${base}${url}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          // Twice Lighthouse's waits: on a busy machine the first paint can take longer than 30 s.
          maxWaitForFcp: 60_000,
          maxWaitForLoad: 90_000,
          onlyCategories: [...CATEGORIES],
        });
        if (!answer) throw new Error(`No Lighthouse result for ${url}`);
        const result = answer.lhr;
        if (result.runtimeError) throw new Error(`${url}: ${result.runtimeError.message}`);
        if (name === 'home' && !result.finalDisplayedUrl.endsWith('/home'))
          throw new Error(`/home ended at ${result.finalDisplayedUrl}: not signed in`);
        if (reports) writeFileSync(path.join(reports, `${name}-${run}.json`), JSON.stringify(result));
        results.push(result);
      }
      const chosenRun = median(results, (result) => result.categories.performance?.score ?? 0);
      const all = results.map((result) => score(result, 'performance')).join(' ');
      rows.push(
        `| ${url} | ${score(chosenRun, 'performance')} (${all}) | ${score(chosenRun, 'accessibility')} | ${score(chosenRun, 'best-practices')} | ` +
          `${METRICS.map(([, id]) => metric(chosenRun, id)).join(' | ')} | ${loadBefore} → ${load()} |`,
      );
      for (const category of CATEGORIES) {
        const list = failing(chosenRun, category);
        if (list.length > 0) notes.push(`${url} ${category}: ${list.join('; ')}`);
      }
    }
  } finally {
    chrome.stop();
    await stop();
    rmSync(profile, { recursive: true, force: true });
  }
  console.log(
    `\n| page | performance (each run) | accessibility | best practices | ${METRICS.map(([label]) => label).join(' | ')} | load (1, 5, 15 min) |`,
  );
  console.log(`|---|---|---|---|${METRICS.map(() => '---|').join('')}---|`);
  for (const row of rows) console.log(row);
  if (notes.length > 0) console.log(`\nNot passed (median run):\n${notes.map((note) => `- ${note}`).join('\n')}`);
  console.log(`\nuptime: ${load()}`);
};

await main();
