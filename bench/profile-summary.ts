import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';

// `node --import tsx bench/profile-summary.ts <file.cpuprofile>`: where the server's CPU time
// went in a V8 profile (BENCH_PROFILE=1 npm run bench:load writes one into bench/profiles/).
// Prints self time by package (node_modules/<name>, Cadence's own src/, node internals, GC,
// idle) and the functions with the most self time, as shares of the busy (non-idle) time.
// A browser profile (bench/live-room.ts with BENCH_PROFILE=1) names the built chunks: their frames
// are mapped through the build's hidden source maps (CLIENT_DIR, default dist/client) to the
// original files, so packages and Cadence's own files show as they do for the server.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
if (!file) throw new Error('usage: bench/profile-summary.ts <file.cpuprofile>');
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;

const clientDir = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');
const maps = new Map<string, SourceMapConsumer | null>();
/** A built chunk's frame as the original file (node_modules/… or src/…), line and name. */
const original = (frame: ProfileNode['callFrame']): ProfileNode['callFrame'] => {
  const asset = /\/assets\/[^/?#]+\.js/.exec(frame.url)?.[0];
  if (!asset) return frame;
  if (!maps.has(asset)) {
    const file = path.join(clientDir, `${asset}.map`);
    maps.set(asset, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null);
  }
  const found = maps.get(asset)?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!found?.source) return frame;
  return {
    functionName: found.name ?? frame.functionName,
    url: `/${found.source.replace(/^(\.\.\/)+/, '')}`,
    lineNumber: (found.line ?? 1) - 1,
    columnNumber: found.column ?? 0,
  };
};
for (const node of profile.nodes) node.callFrame = original(node.callFrame);

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map<number, number>();
profile.samples.forEach((id, index) => {
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});

/** The bucket a frame's time counts in: a package, Cadence's own code, node, or V8's own entries. */
const packageOf = ({ url, functionName }: ProfileNode['callFrame']) => {
  if (!url) return `(${functionName || 'anonymous'})`;
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [first, second] = url.slice(modules + 'node_modules/'.length).split('/');
    return first?.startsWith('@') ? `${first}/${second}` : first!;
  }
  if (url.startsWith('node:')) return 'node (internals)';
  const src = url.indexOf('/src/');
  return src >= 0
    ? `cadence ${url
        .slice(src + 1)
        .split('/')
        .slice(0, 3)
        .join('/')}`
    : url;
};

const add = (map: Map<string, number>, key: string, micros: number) => map.set(key, (map.get(key) ?? 0) + micros);
const packages = new Map<string, number>();
const functions = new Map<string, number>();
let total = 0;
let idle = 0;
for (const [id, micros] of selfMicros) {
  const node = byId.get(id)!;
  total += micros;
  if (node.callFrame.functionName === '(idle)') {
    idle += micros;
    continue;
  }
  add(packages, packageOf(node.callFrame), micros);
  const where = node.callFrame.url ? `${path.basename(node.callFrame.url)}:${node.callFrame.lineNumber + 1}` : '';
  add(functions, `${node.callFrame.functionName || '(anonymous)'} ${where} [${packageOf(node.callFrame)}]`, micros);
}
const busy = total - idle;
const rows = (map: Map<string, number>, count: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => ({
      name,
      ms: Math.round(micros / 1000),
      share: `${((micros / busy) * 100).toFixed(1)} %`,
    }));

console.log(
  `${path.basename(file)}: ${(total / 1e6).toFixed(1)} s profiled, busy ${(busy / 1e6).toFixed(1)} s ` +
    `(${((busy / total) * 100).toFixed(0)} %), idle ${(idle / 1e6).toFixed(1)} s`,
);
console.log('Self time by package:');
console.table(rows(packages, 20));
console.log('Functions with the most self time:');
console.table(rows(functions, 30));
