// Features form a DAG (docs/architecture.md). Reads dependency-cruiser's JSON (stdin), folds the
// imports to one node per feature (src/features/<name>), and fails naming the imports of every
// cycle between features. Test files are left out: a test may drive several features at once.
import { readFileSync } from 'node:fs';

const FEATURE = /^src\/features\/([^/]+)\//;
const TEST = /\.test\.tsx?$/;
const result = JSON.parse(readFileSync(0, 'utf8'));

// Imports left out of the graph, each with its reason. The list may only shrink: an entry whose
// import is gone fails the check, so it is removed with the import. Each entry is [from, to, why].
const ALLOWED = [];
const allowed = new Map(ALLOWED.map(([from, to, reason]) => [`${from} → ${to}`, reason]));
const allowedSeen = new Set();

/** feature -> feature -> the imports that make that edge */
const edges = new Map();
for (const module of result.modules) {
  const from = FEATURE.exec(module.source)?.[1];
  if (!from || TEST.test(module.source)) continue;
  for (const dependency of module.dependencies) {
    const to = FEATURE.exec(dependency.resolved)?.[1];
    if (!to || to === from) continue;
    const line = `${module.source} → ${dependency.resolved}`;
    if (allowed.has(line)) {
      allowedSeen.add(line);
      continue;
    }
    if (!edges.has(from)) edges.set(from, new Map());
    const imports = edges.get(from).get(to) ?? [];
    imports.push(line);
    edges.get(from).set(to, imports);
  }
}

// Strongly connected components (Tarjan): each with more than one feature is a cycle.
let index = 0;
const indexOf = new Map();
const low = new Map();
const stack = [];
const components = [];
const visit = (node) => {
  indexOf.set(node, index);
  low.set(node, index++);
  stack.push(node);
  for (const next of edges.get(node)?.keys() ?? []) {
    if (!indexOf.has(next)) {
      visit(next);
      low.set(node, Math.min(low.get(node), low.get(next)));
    } else if (stack.includes(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)));
  }
  if (low.get(node) === indexOf.get(node)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component.sort());
  }
};
for (const node of edges.keys()) if (!indexOf.has(node)) visit(node);

const crossEdges = [...edges.values()].reduce((sum, targets) => sum + targets.size, 0);
const crossImports = [...edges.values()].flatMap((targets) => [...targets.values()]).flat().length;
const mutual = [];
for (const [from, targets] of edges)
  for (const to of targets.keys()) if (from < to && edges.get(to)?.has(from)) mutual.push(`${from} ↔ ${to}`);

console.log(
  `features: ${crossImports} cross-feature imports, ${crossEdges} feature edges, ${mutual.length} mutual pairs, ${components.length} cycles`,
);
const stale = [...allowed.keys()].filter((line) => !allowedSeen.has(line));
for (const line of stale)
  console.log(`\n  error allowlist-stale: ${line} is allowed but no longer imported: remove it from ALLOWED`);
if (ALLOWED.length)
  console.log(`  ${ALLOWED.length} allowed imports left out of the graph (scripts/feature-cycles.mjs)`);
if (components.length === 0) process.exit(stale.length ? 1 : 0);
for (const component of components) {
  console.log(`\n  error feature-cycle: ${component.join(', ')} import each other in a cycle:`);
  for (const from of component)
    for (const [to, imports] of edges.get(from) ?? [])
      if (component.includes(to)) for (const line of imports) console.log(`    ${line}`);
}
if (mutual.length) console.log(`\n  mutual pairs: ${mutual.join(', ')}`);
console.log(
  '\nMove the shared rule to its owner, to src/shared or src/server, or invert it with a lifecycle hook (src/server/lifecycle.ts).',
);
process.exit(1);
