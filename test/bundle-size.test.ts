import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_PAGE,
  FIRST_PAGES,
  INITIAL_JS_BUDGET,
  initialJs,
  kB,
  type Manifest,
  readManifest,
} from '../scripts/initial-js.ts';

// The JavaScript a first visit to /login and /home loads before the page is usable, gzipped,
// counted from a fresh build's manifest (scripts/initial-js.ts says what counts). The build
// goes to a temporary directory, so the test needs no earlier `vite build` and leaves dist/
// alone: about 15 s on two cores.

let clientDir: string;
let manifest: Manifest;
/** The source modules in each output file. */
const modulesOf = new Map<string, string[]>();

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'cadence-bundle-'));
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const result = await build({
    mode: 'production',
    configFile: path.resolve(import.meta.dirname, '..', 'vite.config.ts'),
    logLevel: 'silent',
    // Source maps do not change the scripts' bytes; without them the build is quicker.
    build: { outDir: clientDir, emptyOutDir: true, sourcemap: false },
  }).finally(() => {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  });
  manifest = readManifest(clientDir);
  for (const output of Array.isArray(result) ? result : [result]) {
    if (!('output' in output)) continue;
    for (const chunk of output.output) if (chunk.type === 'chunk') modulesOf.set(chunk.fileName, chunk.moduleIds);
  }
}, 300_000);

afterAll(() => {
  if (clientDir) rmSync(clientDir, { recursive: true, force: true });
});

describe('the initial JavaScript of the first pages', () => {
  for (const [page, modules] of Object.entries(FIRST_PAGES)) {
    it(`${page} stays within the budget`, () => {
      const { files, gzip } = initialJs(clientDir, manifest, modules);
      const largest = [...files]
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 8)
        .map((file) => `${kB(file.gzip)} ${file.file}`)
        .join(', ');
      expect(gzip, `${page}: ${files.length} files, ${kB(gzip)} gzipped; largest: ${largest}`).toBeLessThanOrEqual(
        INITIAL_JS_BUDGET,
      );
    });
  }

  it('has no chunks that import each other in a circle', () => {
    // The shell's and the pages' chunks are chosen by hand (scripts/first-load-chunks.ts): each
    // must only import chunks that do not import it back, or a page could run a module before
    // what it needs.
    const state = new Map<string, 'visiting' | 'done'>();
    const cycles: string[] = [];
    const visit = (key: string, path: string[]) => {
      if (state.get(key) === 'done') return;
      if (state.get(key) === 'visiting') {
        cycles.push([...path.slice(path.indexOf(key)), key].join(' → '));
        return;
      }
      state.set(key, 'visiting');
      for (const imported of manifest[key]?.imports ?? []) visit(imported, [...path, key]);
      state.set(key, 'done');
    };
    for (const key of Object.keys(manifest)) visit(key, []);
    expect(cycles).toEqual([]);
  });

  it('loads a page made of many features in few files', () => {
    // The lazy code many parts share is one file (scripts/first-load-chunks.ts, 'common'): the
    // meeting dashboard, the page that combines the most features, loaded 126 files without it.
    const { files } = initialJs(clientDir, manifest, DASHBOARD_PAGE);
    expect(files.length).toBeLessThanOrEqual(60);
  });

  it('loads neither the shell nor the shared lazy code on the sign-in page, even after its first paint', () => {
    // The toasts and the update prompt load right after any page's first paint, the sign-in
    // page's too; the sign-in page's own parts (its other ways in, the second step) on demand.
    const chunkOf = (name: string) => Object.values(manifest).find((chunk) => chunk.name === name && !chunk.src)?.file;
    const signedIn = [chunkOf('shell'), chunkOf('common')];
    expect(signedIn.every(Boolean)).toBe(true);
    for (const part of [
      'src/client/ui/Toasts.tsx',
      'src/client/ui/AppUpdate.tsx',
      'src/features/auth/client/SignInChoices.tsx',
      'src/features/auth/client/two-factor/TwoFactorCodeStep.tsx',
    ]) {
      const { files } = initialJs(clientDir, manifest, [part]);
      expect(
        files.map((file) => file.file).filter((file) => signedIn.includes(file)),
        part,
      ).toEqual([]);
    }
  });

  it('brings the styles of every Mantine component the sign-in page and its later parts show', () => {
    // The first page loads only some of Mantine's styles (src/client/ui/firstStyles.ts); the
    // rest come with every other page (shell/WithQueries.tsx). A component used here without its
    // styles would show unstyled until the user leaves the page.
    const stylesDir = path.resolve(import.meta.dirname, '..', 'node_modules/@mantine/core/styles');
    const styled = new Set(readdirSync(stylesDir).map((file) => file.replace(/\.layer\.css$|\.css$/, '')));
    const component = /@mantine[\\/]core[\\/]esm[\\/](?:components|utils)[\\/](.+)[\\/][^\\/]+$/;
    const styles = /@mantine[\\/]core[\\/]styles[\\/](.+)\.layer\.css$/;
    for (const part of [
      'src/features/auth/client/LoginPage.tsx',
      'src/client/ui/Toasts.tsx',
      'src/client/ui/AppUpdate.tsx',
      'src/features/auth/client/SignInChoices.tsx',
      'src/features/auth/client/two-factor/TwoFactorCodeStep.tsx',
    ]) {
      const ids = initialJs(clientDir, manifest, [part]).files.flatMap((file) => modulesOf.get(file.file) ?? []);
      const loaded = new Set(ids.flatMap((id) => styles.exec(id)?.[1] ?? []));
      // A component's styles are named after its folder, or the nearest folder above it that has some.
      const used = new Set(
        ids.flatMap((id) => {
          const folders = component.exec(id)?.[1]?.split(/[\\/]/) ?? [];
          return folders.reverse().find((folder) => styled.has(folder)) ?? [];
        }),
      );
      expect(used.size, part).toBeGreaterThan(0);
      expect(
        [...used].filter((name) => !loaded.has(name)),
        part,
      ).toEqual([]);
    }
  });

  it('builds no schema on home or on the meeting dashboard', () => {
    // zod builds each schema when its module runs; the forms that check input load their own
    // (decision 143). A constant a screen takes from a schema module brings them all back.
    const schemas = /\.schemas\.ts$|[\\/]shared[\\/]validation\.ts$/;
    for (const [page, modules] of [
      ['/home', FIRST_PAGES['/home']!],
      ['the meeting dashboard', DASHBOARD_PAGE],
    ] as const) {
      const { files } = initialJs(clientDir, manifest, modules);
      const found = files.flatMap((file) => modulesOf.get(file.file) ?? []).filter((id) => schemas.test(id));
      expect(found, page).toEqual([]);
    }
  });

  it('keeps heavy libraries out of the first pages', () => {
    // These load with the screens that use them (calendar, editor, charts, drag-and-drop, live
    // updates, schemas), never with the entry or the first pages' route chunks.
    const heavy =
      /@fullcalendar|@tiptap|prosemirror|recharts|@hello-pangea[\\/]dnd|socket\.io-client|engine\.io-client|zod[\\/]v4[\\/](classic|core[\\/]schemas)/;
    expect(modulesOf.size).toBeGreaterThan(0);
    for (const [page, modules] of Object.entries(FIRST_PAGES)) {
      const { files } = initialJs(clientDir, manifest, modules);
      const found = files.flatMap((file) => modulesOf.get(file.file) ?? []).filter((id) => heavy.test(id));
      expect(found, page).toEqual([]);
    }
  });
});
