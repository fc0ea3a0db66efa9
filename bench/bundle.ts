// Initial JavaScript of the built client: the entry script and every chunk index.html
// preloads, gzipped — the figure ARCHITECTURE.md budgets at 200 kB. Run after `npm run build`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist', 'client');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1] as string);
let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(join(dist, file))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} kB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} kB  initial JS, gzipped (budget 200 kB)`);
