import { spawn } from 'node:child_process';

// autocannon in a process of its own, so that the load does not compete with the server for
// the event loop (it still shares the machine's cores). Shared by `npm run bench` and the
// benches that measure a call under concurrent users.

export interface CannonResult {
  requests: { total: number; average: number };
  latency: { p50: number; p97_5: number; p99: number };
  non2xx: number;
  errors: number;
}

/** `connections` keep-alive users calling `url` for `seconds`; fails on any non-2xx answer. */
export const cannon = async (url: string, token: string, connections: number, seconds: number) => {
  const child = spawn(
    process.execPath,
    [
      'node_modules/autocannon/autocannon.js',
      '-c',
      String(connections),
      '-d',
      String(seconds),
      '-j',
      // Slow calls should show as latency, not as errors.
      '-t',
      '60',
      '-H',
      `authorization=Bearer ${token}`,
      url,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise((resolve) => child.once('exit', resolve));
  const result = JSON.parse(output) as CannonResult;
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
};
