import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

// The signed-in shell's and the home page's code in as few files as it allows. Left to itself
// the bundler splits what they load into some forty small files, one per set of pages sharing
// them; each is gzipped alone and none profits from the words the others repeat (/home's own
// code: 38.7 kB gzipped as 41 files, 29.0 kB as one).
//
// The shell's chunk holds what its route modules import, less what is already elsewhere: the
// entry's modules, the vendor groups' (with all they import, as they take it) and those of the
// pages kept apart (the sign-in page). A page's chunk holds what only that page reaches; what it
// shares with other pages joins the shell's chunk, which every signed-in page loads anyway. Each
// set is closed under imports (what a member imports is in it or in a set made before), so no
// two chunks import each other (test/bundle-size.test.ts checks).
//
// The lazy code that many on-demand parts share, beyond those first chunks, is one more chunk,
// 'common' (decision 140): one request where the bundler would make dozens.
//
// Libraries the app imports by name from their index module (Mantine, the icons) are followed
// to the modules that define those names: the index names every part of the library, and the
// graph alone would put all of them wherever the index is first imported.

export interface FirstLoadGroups {
  /** The signed-in shell's route modules. */
  shell: string[];
  /** A chunk per page: its route modules. */
  pages: Record<string, string[]>;
  /**
   * Route modules whose code, with all they may load later, stays out of every group: the public
   * pages (sign-in, sign-up, a shared card…), which must not load the shell's chunk.
   */
  apart: string[];
  /** The vendor groups' tests: what they match, and what that imports, is theirs. */
  vendors: RegExp[];
  /** Packages imported by name from an index module that re-exports each part. */
  indexed: string[];
  /**
   * The lazy code many on-demand parts share (pages, dialogs, sections), in one chunk named
   * 'common': the modules that at least `from` of those parts reach, of those `holds` matches
   * (the app's own code and the UI libraries; other libraries keep files of their own), less
   * what `except` matches.
   */
  common?: { from: number; holds: RegExp; except?: RegExp };
}

interface ModuleGraph {
  getModuleIds: () => IterableIterator<string>;
  getModuleInfo: (
    id: string,
  ) => { isEntry: boolean; importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

const IMPORT_LIST = /(?:import|export)\s*(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;

/** The names a source file imports from `specifier` (type-only imports left out). */
const namesImported = (source: string, specifier: string) => {
  const names: string[] = [];
  for (const [, typeOnly, list, from] of source.matchAll(IMPORT_LIST)) {
    if (typeOnly || from !== specifier) continue;
    for (const item of list!.split(',')) {
      const words = item.trim().split(/\s+/);
      if (words[0] && words[0] !== 'type') names.push(words[0]);
    }
  }
  return names;
};

/** An index module's names → the files that define them (`import {…} from` plus `export {…}`). */
const indexOf = (file: string) => {
  const source = readFileSync(file, 'utf8');
  const fileOfLocal = new Map<string, string>();
  const exported = new Map<string, string>();
  for (const [, , list, from] of source.matchAll(IMPORT_LIST)) {
    for (const item of list!.split(',')) {
      const [name, , alias] = item.trim().split(/\s+/);
      if (!name) continue;
      // `export { default as IconBell } from './icons/IconBell.mjs'` names the file at once.
      fileOfLocal.set(alias ?? name, path.resolve(path.dirname(file), from!));
    }
  }
  for (const [, list] of source.matchAll(/export\s*\{([^}]*)\}\s*;/g)) {
    for (const item of list!.split(',')) {
      const [local, , name] = item.trim().split(/\s+/);
      if (local) exported.set(name ?? local, local);
    }
  }
  return (name: string) => fileOfLocal.get(exported.get(name) ?? name);
};

/** The modules each module needs, with indexed packages followed to the parts it names. */
const importsOf = (graph: ModuleGraph, indexed: string[]) => {
  // Each package's index module: its package.json's "module" file.
  const packageOf = new Map(
    indexed.map((name) => {
      const folder = path.resolve('node_modules', name);
      const { module } = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { module: string };
      return [path.join(folder, module), name];
    }),
  );
  const indexes = new Map<string, (name: string) => string | undefined>();
  const cache = new Map<string, string[]>();
  return (id: string): string[] => {
    const known = cache.get(id);
    if (known) return known;
    const imported = graph.getModuleInfo(id)?.importedIds ?? [];
    const result: string[] = [];
    let source: string | undefined;
    for (const dependency of imported) {
      const specifier = packageOf.get(dependency);
      if (!specifier) {
        result.push(dependency);
        continue;
      }
      let index = indexes.get(dependency);
      if (!index) {
        index = indexOf(dependency);
        indexes.set(dependency, index);
      }
      source ??= readFileSync(id.split('?')[0]!, 'utf8');
      for (const name of namesImported(source, specifier)) {
        const file = index(name);
        if (!file) throw new Error(`${name} is not in ${dependency} (scripts/first-load-chunks.ts)`);
        result.push(file);
      }
    }
    cache.set(id, result);
    return result;
  };
};

/**
 * The 'common' chunk's modules. Left to itself the bundler makes a file of each set of lazy parts
 * sharing some modules: the meeting dashboard loaded 98 files beyond the shell's, each a request
 * and a `modulepreload` link, which a network's latency makes seconds. What a first-load chunk
 * imports (by the bundler's graph, index modules included) stays out, so no first page loads it.
 */
const commonModules = (
  graph: ModuleGraph,
  { from, holds, except }: NonNullable<FirstLoadGroups['common']>,
  members: Map<string, string>,
  taken: Set<string>,
  needs: (id: string) => string[],
  closure: (roots: Iterable<string>, skip: Set<string>) => Set<string>,
) => {
  const ids = [...graph.getModuleIds()];
  const firstLoad = new Set([...taken, ...members.keys()]);
  const parts = new Set(
    ids.flatMap((id) => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []).filter((id) => !firstLoad.has(id)),
  );
  const importedFirst = new Set(
    [...firstLoad].flatMap((id) => [...(graph.getModuleInfo(id)?.importedIds ?? []), ...needs(id)]),
  );
  const reach = new Map<string, number>();
  for (const part of parts) for (const id of closure([part], firstLoad)) reach.set(id, (reach.get(id) ?? 0) + 1);
  return [...reach]
    .filter(
      ([id, count]) => count >= from && !parts.has(id) && !importedFirst.has(id) && holds.test(id) && !except?.test(id),
    )
    .map(([id]) => id);
};

/** Each chunk's modules (module id → chunk name), by the build's module graph. */
export const groupModules = (graph: ModuleGraph, groups: FirstLoadGroups) => {
  const ids = [...graph.getModuleIds()];
  const find = (route: string) => {
    const id = ids.find((candidate) => candidate.endsWith(route));
    if (!id) throw new Error(`${route} is not in the build (scripts/first-load-chunks.ts)`);
    return id;
  };
  const needs = importsOf(graph, groups.indexed);
  const closure = (roots: Iterable<string>, skip: Set<string>, later = false) => {
    const reached = new Set<string>();
    const visit = (id: string) => {
      if (reached.has(id) || skip.has(id)) return;
      reached.add(id);
      for (const imported of needs(id)) visit(imported);
      if (later) for (const imported of graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []) visit(imported);
    };
    for (const root of roots) visit(root);
    return reached;
  };
  const taken = closure(
    [
      ...ids.filter((id) => graph.getModuleInfo(id)?.isEntry),
      ...ids.filter((id) => groups.vendors.some((test) => test.test(id))),
    ],
    new Set(),
  );
  for (const id of closure(groups.apart.map(find), taken, true)) taken.add(id);
  const shell = closure(groups.shell.map(find), taken);
  for (const id of shell) taken.add(id);
  const members = new Map<string, string>();
  for (const [name, routes] of Object.entries(groups.pages)) {
    const roots = routes.map(find);
    const page = closure(roots, taken);
    const importers = new Map<string, string[]>();
    for (const id of ids)
      for (const imported of needs(id)) importers.set(imported, [...(importers.get(imported) ?? []), id]);
    // What something outside the page imports goes to the shell, until nothing changes: each
    // one moved may leave another with an importer outside.
    for (let moved = true; moved; ) {
      moved = false;
      for (const id of page) {
        if (roots.includes(id) || (importers.get(id) ?? []).every((importer) => page.has(importer))) continue;
        page.delete(id);
        shell.add(id);
        moved = true;
      }
    }
    for (const id of page) {
      members.set(id, name);
      taken.add(id);
    }
  }
  for (const id of shell) members.set(id, 'shell');
  if (groups.common)
    for (const id of commonModules(graph, groups.common, members, taken, needs, closure)) members.set(id, 'common');
  return members;
};

/**
 * The plugin that reads the module graph once it is built, and the code-splitting groups that
 * use what it found (listed after the vendor groups).
 */
export const firstLoadChunks = (groups: FirstLoadGroups) => {
  let members = new Map<string, string>();
  const plugin: Plugin = {
    name: 'cadence:first-load-chunks',
    apply: 'build',
    buildEnd() {
      members = groupModules(this, groups);
    },
  };
  const codeSplittingGroups = ['shell', ...Object.keys(groups.pages), ...(groups.common ? ['common'] : [])].map(
    (name) => ({
      name,
      test: (id: string) => members.get(id) === name,
      // Exactly the modules chosen above: what they import outside their set stays where it is.
      includeDependenciesRecursively: false,
    }),
  );
  return { plugin, groups: codeSplittingGroups };
};
