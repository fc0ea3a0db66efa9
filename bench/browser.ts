import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type CDPSession, chromium, type Locator, type Page } from '@playwright/test';

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
const latency = Number(process.env.BENCH_LATENCY ?? 0);

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
  // A busy machine at 4× CPU: an action may take far longer than Playwright's 30 s.
  page.setDefaultTimeout(180_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  // BENCH_LATENCY=ms: each request waits that long, as over a real network (every file is a request).
  if (latency > 0) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
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

// ---- Interactions: how long from an input to the next frame, the way INP counts it ----

type TimedWindow = Window & {
  benchEvents: { name: string; start: number; duration: number; interactionId: number }[];
  benchPaints: { name: string; start: number; duration: number }[];
};

/**
 * Records, from the first script on, (a) the browser's Event Timing entries of 16 ms or more
 * (what INP is made of: pointerdown/up, keydown…, each with its interaction's id) and (b) for the
 * inputs Event Timing leaves out (pointermove, where a mouse drag lifts and moves its card), the
 * time from the input to the frame after it: a rAF, then a task after that frame's paint.
 */
export const recordInteractions = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as TimedWindow;
    w.benchEvents = [];
    w.benchPaints = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[])
        w.benchEvents.push({
          name: entry.name,
          start: entry.startTime,
          duration: entry.duration,
          interactionId: (entry as unknown as { interactionId?: number }).interactionId ?? 0,
        });
    }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
    let pending: { name: string; start: number } | null = null;
    const toNextPaint = (event: Event) => {
      // One measure a frame: the earliest input waiting for it.
      if (pending) return;
      pending = { name: event.type, start: event.timeStamp };
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          if (pending) w.benchPaints.push({ ...pending, duration: performance.now() - pending.start });
          pending = null;
        };
        channel.port2.postMessage(0);
      });
    };
    for (const type of ['pointerdown', 'pointermove', 'pointerup', 'keydown'])
      addEventListener(type, toNextPaint, { capture: true, passive: true });
  });

/**
 * The worst input-to-next-paint while `act` runs (one drag: every interaction it is made of),
 * by Event Timing (max duration of its entries) and by the rAF measure (which also sees moves).
 */
export const worstInteraction = async (page: Page, act: () => Promise<void>) => {
  const from = await page.evaluate(() => performance.now());
  await act();
  // Event Timing reports an interaction a frame or so after it ends.
  await page.waitForTimeout(150);
  return page.evaluate((since) => {
    const w = window as unknown as TimedWindow;
    const events = w.benchEvents.filter((entry) => entry.start >= since);
    const paints = w.benchPaints.filter((entry) => entry.start >= since);
    const worst = <T extends { duration: number; name: string }>(list: T[]) =>
      list.reduce<T | null>((max, entry) => (!max || entry.duration > max.duration ? entry : max), null);
    const event = worst(events);
    const paint = worst(paints);
    return {
      eventTiming: event?.duration ?? 0,
      eventName: event?.name ?? '',
      nextPaint: paint?.duration ?? 0,
      nextPaintName: paint?.name ?? '',
    };
  }, from);
};

export type DragTiming = Awaited<ReturnType<typeof worstInteraction>>;

/** No drag under way and its drop animation over (hello-pangea/dnd's placeholder is gone). */
const dragSettled = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('[data-rfd-placeholder-context-id]'), undefined, {
    timeout: 180_000,
  });

/** A mouse drag of `handle` `dy` px down (negative: up), in moves as a hand makes them. */
export const mouseDrag = async (page: Page, handle: Locator, dy: number) => {
  await handle.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = await handle.boundingBox();
  if (!box) throw new Error('The drag handle is not on screen');
  const x = box.x + Math.min(box.width / 2, 40);
  const y = box.y + box.height / 2;
  const timing = await worstInteraction(page, async () => {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y + Math.sign(dy) * 10, { steps: 2 }); // past the 5 px that lift it
    await page.mouse.move(x, y + dy, { steps: 8 });
    await page.mouse.up();
    await dragSettled(page);
  });
  return timing;
};

/** A keyboard drag of `handle`: space lifts it, `moves` arrows down, space drops it. */
export const keyboardDrag = async (page: Page, handle: Locator, moves = 1) => {
  await handle.evaluate((element) => {
    element.scrollIntoView({ block: 'center' });
    (element as HTMLElement).focus();
  });
  return worstInteraction(page, async () => {
    await page.keyboard.press('Space');
    await page.waitForTimeout(100);
    for (let i = 0; i < moves; i++) {
      await page.keyboard.press('ArrowDown');
      await page.waitForTimeout(300); // the move animates; the next key waits for it in dnd
    }
    await page.keyboard.press('Space');
    await dragSettled(page);
  });
};

/** The nearest ancestor of `element` that scrolls vertically (the page when none). */
export const scrollThrough = (target: Locator) =>
  target.evaluate(
    (element) =>
      new Promise<number[]>((resolve) => {
        let scroller: Element | null = element.parentElement;
        while (
          scroller &&
          !(
            scroller.scrollHeight > scroller.clientHeight + 1 &&
            /auto|scroll/.test(getComputedStyle(scroller).overflowY)
          )
        )
          scroller = scroller.parentElement;
        const root = scroller ?? document.scrollingElement ?? document.documentElement;
        const bottom = () => (root === document.scrollingElement ? innerHeight : root.getBoundingClientRect().bottom);
        const end = () =>
          element.getBoundingClientRect().bottom <= bottom() + 1 ||
          root.scrollTop + root.clientHeight >= root.scrollHeight - 1;
        const intervals: number[] = [];
        let last = performance.now();
        const step = (now: number) => {
          intervals.push(now - last);
          last = now;
          if (end() && intervals.length > 1) {
            resolve(intervals);
            return;
          }
          root.scrollTop += 200;
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
  );

/** A reference page measured in the same run: the offline page, from navigation to its heading. */
export const referencePage = async (browser: Browser, base: string, slowdown: number) => {
  const { page } = await benchPage(browser, base, '', slowdown);
  const started = Date.now();
  await page.goto('/offline.html');
  await page.locator('h1').first().waitFor();
  const shown = Date.now() - started;
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  await page.close();
  return { shown, elements };
};

/** `uptime`'s load average, to print beside every figure. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
