import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type CDPSession, chromium } from '@playwright/test';

// What the page benches share: the built client (CLIENT_DIR, as `vite build` takes it, so two
// builds can be compared side by side), Debian's Chromium, and a signed-in page at 1280×800 with
// the CPU slowed and its long tasks recorded.

export const benchClientDir = () => {
  const dir = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');
  if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`Build the client first: npx vite build (${dir})`);
  return dir;
};

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

export const ms = (value: number) => `${value.toFixed(0)} ms`;

export const launchBenchBrowser = () =>
  chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

/**
 * A new page signed in with `token`, its CPU slowed `slowdown` times. `longTasks()` returns the
 * main thread's long tasks (≥ 50 ms) since the last call, from the first script on.
 */
export const benchPage = async (browser: Browser, base: string, token: string, slowdown: number) => {
  const page = await browser.newPage({ baseURL: base, viewport: { width: 1280, height: 800 } });
  // tsx keeps function names by wrapping named functions in `__name(…)`; the functions a bench
  // hands to the page need it there too.
  await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await page.addInitScript((value) => {
    sessionStorage.setItem('cadence.token', value);
    const tasks: number[] = [];
    (window as unknown as { benchLongTasks: number[] }).benchLongTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  }, token);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  const longTasks = () =>
    page.evaluate(() => (window as unknown as { benchLongTasks: number[] }).benchLongTasks.splice(0));
  return { page, cdp, longTasks };
};

/**
 * BENCH_PROFILE=1: a V8 CPU profile of the page's main thread while `run` runs, written to
 * bench/profiles/<name>.cpuprofile; `bench/profile-summary.ts` maps its frames through the
 * build's hidden source maps (CLIENT_DIR) to packages and source files.
 */
export const profiled = async (cdp: CDPSession, name: string, run: () => Promise<void>) => {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await run();
  const { profile } = await cdp.send('Profiler.stop');
  const dir = path.resolve('bench/profiles');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  console.log(
    `  CPU profile: ${path.relative(process.cwd(), file)} (node --import tsx bench/profile-summary.ts ${path.relative(process.cwd(), file)})`,
  );
};
