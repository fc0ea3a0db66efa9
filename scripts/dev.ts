import { spawn } from 'node:child_process';

// `npm run dev`: the API on API_PORT (default 3000), restarted when server code changes, and
// Vite with hot reload on 5173, proxying /api and /socket.io to it.

const apiPort = process.env.API_PORT ?? process.env.PORT ?? '3000';
const children = [
  spawn(process.execPath, ['--watch', '--import', 'tsx', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.once('exit', stop);
