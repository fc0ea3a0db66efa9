import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// The JavaScript a first visit to a page loads before the page is usable, read from the build's
// manifest (`build.manifest` in vite.config.ts): the entry and everything it imports statically,
// plus the page's lazy route modules (every level of nested routes the path matches) and their
// static imports. Dynamic imports made later (the calendar, the editor, the socket client) are
// not counted: they load after the first paint. The size test and `npm run bench:bundle` share it.

/** Initial JS allowed per page, gzipped (ARCHITECTURE: "initial JS ≤ 150 kB gzipped"). */
export const INITIAL_JS_BUDGET = 150 * 1024;

/** The source of the app's entry, as the manifest names it. */
const ENTRY = 'index.html';

/**
 * The lazy route modules a first load of each page fetches (see src/client/router.tsx), or the
 * chunks that hold them: the signed-in shell's route modules are in the chunk named 'shell', the
 * home page's in 'home' (vite.config.ts).
 */
export const FIRST_PAGES: Record<string, string[]> = {
  '/login': ['src/features/auth/client/LoginPage.tsx'],
  '/home': ['src/client/shell/WithQueries.tsx', 'shell', 'home'],
};

/** The page that combines the most features (the meeting dashboard): its code, in files, is watched too. */
export const DASHBOARD_PAGE = [
  'src/client/shell/WithQueries.tsx',
  'shell',
  'src/client/shell/MeetingDashboardRoute.tsx',
];

/** The manifest's key of a module, or of the chunk so named. */
const keyOf = (manifest: Manifest, moduleOrChunk: string) =>
  moduleOrChunk in manifest
    ? moduleOrChunk
    : (Object.keys(manifest).find((key) => manifest[key]!.name === moduleOrChunk && !manifest[key]!.src) ??
      moduleOrChunk);

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const readManifest = (clientDir: string): Manifest =>
  JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;

/** A chunk's key and every key it imports statically, transitively. */
const withStaticImports = (manifest: Manifest, key: string, into: Set<string>) => {
  if (into.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest: was it renamed? (scripts/initial-js.ts)`);
  into.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, into);
};

export interface InitialJs {
  files: { file: string; bytes: number; gzip: number }[];
  gzip: number;
}

/** The JS files a first load of the page made of these lazy modules fetches, gzipped (level 9, as served). */
export const initialJs = (clientDir: string, manifest: Manifest, lazyModules: string[]): InitialJs => {
  const keys = new Set<string>();
  withStaticImports(manifest, ENTRY, keys);
  for (const module of lazyModules) withStaticImports(manifest, keyOf(manifest, module), keys);
  const files = [...keys]
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const body = readFileSync(path.join(clientDir, file));
      return { file, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length };
    });
  return { files, gzip: files.reduce((sum, file) => sum + file.gzip, 0) };
};

export const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
