import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The server compiled ahead (decision 130): src/server/main.ts and everything it imports from
// src/, bundled by esbuild into plain JavaScript in dist/server, so a start loads it without
// compiling TypeScript. Packages stay in node_modules. Plain JavaScript itself: `npm start`
// reads it before anything can compile TypeScript.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_OUT = path.join(root, 'dist', 'server');
const ENTRY = path.join(root, 'src', 'server', 'main.ts');

/** The compiled server in `outDir`, and whether it is newer than every source it was built from. */
export const compiledServer = (outDir = DEFAULT_OUT) => {
  const main = path.join(outDir, 'main.js');
  const inputsFile = path.join(outDir, 'inputs.json');
  const url = pathToFileURL(main).href;
  if (!existsSync(main) || !existsSync(inputsFile)) return { fresh: false, url };
  const builtAt = statSync(main).mtimeMs;
  const inputs = /** @type {string[]} */ (JSON.parse(readFileSync(inputsFile, 'utf8')));
  const fresh = inputs.every((input) => {
    const file = path.join(root, input);
    return existsSync(file) && statSync(file).mtimeMs <= builtAt;
  });
  return { fresh, url };
};

/**
 * A source's `import.meta.url` names the source file, not the bundle chunk it ends up in: the
 * code finding files beside it (the migrations, package.json, the webhook thread's entry) finds
 * them where they are. Relative to the chunk, so a moved checkout still works.
 */
const sourceUrls = (outDir) => ({
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const relative = path.relative(outDir, args.path).split(path.sep).join('/');
      return {
        contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
});

/**
 * Builds the server into `outDir` (written beside it first, then put in place, so a start never
 * loads half a build). Returns how long it took.
 */
export const buildServer = async (outDir = DEFAULT_OUT) => {
  const began = performance.now();
  const { build } = await import('esbuild');
  const staging = `${outDir}.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const result = await build({
    entryPoints: { main: ENTRY },
    absWorkingDir: root,
    outdir: staging,
    bundle: true,
    // The dynamic imports main.ts makes after the "starting" page answers stay separate files.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [sourceUrls(staging)],
  });
  writeFileSync(path.join(staging, 'inputs.json'), JSON.stringify(Object.keys(result.metafile.inputs)));
  rmSync(outDir, { recursive: true, force: true });
  renameSync(staging, outDir);
  return performance.now() - began;
};
