import os from 'node:os';
import type { Browser, Page } from '@playwright/test';
import { DASHBOARD_PAGE, FIRST_PAGES, INITIAL_JS_BUDGET, initialJs, kB, readManifest } from '../scripts/initial-js.ts';
import { authMessages } from '../src/features/auth/auth.messages.ts';
import { benchClientDir, launchBenchBrowser } from './browser.ts';
import { startBenchServer } from './server.ts';

// `npm run bench:bundle`: the initial JavaScript of /login and /home (budget 150 kB gzipped).
// 1. From the build's manifest, as test/bundle-size.test.ts counts it: the entry, the page's lazy
//    route modules and their static imports, each file gzipped.
// 2. In Debian's Chromium, a first visit with an empty cache: the scripts fetched until the page is
//    usable (the sign-in button; home's greeting) and until the network is idle (the socket client,
//    the calendar…), as transferred — brotli, as Chromium asks for it, and gzip when only gzip is
//    accepted.

const clientDir = benchClientDir();

const main = async () => {
  console.log(
    `Cadence bundle bench — ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}, node ${process.version}`,
  );
  const manifest = readManifest(clientDir);
  console.log('\nFrom the manifest (entry + static imports + the route modules + theirs), gzip -9 per file:');
  for (const [page, modules] of Object.entries(FIRST_PAGES)) {
    const { files, gzip } = initialJs(clientDir, manifest, modules);
    console.log(`  ${page.padEnd(7)} ${String(files.length).padStart(3)} files  ${kB(gzip).padStart(9)}`);
    for (const file of files.sort((a, b) => b.gzip - a.gzip).slice(0, 6)) {
      console.log(`            ${kB(file.gzip).padStart(9)}  ${file.file}`);
    }
  }
  console.log(`  budget ${kB(INITIAL_JS_BUDGET)} per page`);
  const dashboard = initialJs(clientDir, manifest, DASHBOARD_PAGE);
  console.log(
    `  the meeting dashboard (the most features on one page): ${dashboard.files.length} files, ${kB(dashboard.gzip)}`,
  );

  const { base, person, stop } = await startBenchServer(undefined, clientDir);
  const owner = await person('bundle');
  const browser = await launchBenchBrowser();
  console.log(
    '\nIn Chromium, first visit, empty cache (scripts: files, compressed bodies transferred, their headers):',
  );
  for (const encoding of ['br', 'gzip'] as const) {
    const login = await visit(browser, base, encoding, null, '/login', (page) =>
      page.getByRole('button', { name: authMessages.signInButton, exact: true }).waitFor(),
    );
    const home = await visit(browser, base, encoding, owner.accessToken, '/home', (page) =>
      page.getByRole('heading', { level: 1 }).waitFor(),
    );
    for (const [name, figures] of [
      ['/login', login],
      ['/home', home],
    ] as const) {
      console.log(
        `  ${name.padEnd(7)} ${encoding.padEnd(4)} usable: ${String(figures.usable.count).padStart(3)} files ${kB(figures.usable.bytes).padStart(9)} (+ ${kB(figures.usable.headers)} headers)` +
          `   idle: ${String(figures.idle.count).padStart(3)} files ${kB(figures.idle.bytes).padStart(9)} (+ ${kB(figures.idle.headers)} headers)`,
      );
    }
  }
  await browser.close();
  await stop();
};

/** Scripts a fresh page fetches until `usable` resolves, and until the network is idle. */
const visit = async (
  browser: Browser,
  base: string,
  encoding: 'br' | 'gzip',
  token: string | null,
  path: string,
  usable: (page: Page) => Promise<void>,
) => {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1280, height: 800 },
    // Chromium asks for br by default; a gzip-only browser gets the .gz copies.
    extraHTTPHeaders: encoding === 'gzip' ? { 'accept-encoding': 'gzip' } : {},
  });
  if (token) await context.addInitScript((value) => sessionStorage.setItem('cadence.token', value), token);
  const page = await context.newPage();
  const scripts: Promise<{ body: number; headers: number }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      request.sizes().then((sizes) => ({ body: sizes.responseBodySize, headers: sizes.responseHeadersSize })),
    );
  });
  const sum = async (list: typeof scripts) => {
    const sizes = await Promise.all(list);
    return {
      count: sizes.length,
      bytes: sizes.reduce((total, size) => total + size.body, 0),
      headers: sizes.reduce((total, size) => total + size.headers, 0),
    };
  };
  await page.goto(path);
  await usable(page);
  const atUsable = await sum([...scripts]);
  await page.waitForLoadState('networkidle');
  const atIdle = await sum(scripts);
  await context.close();
  return { usable: atUsable, idle: atIdle };
};

await main();
