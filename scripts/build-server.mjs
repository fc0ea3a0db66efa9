import { buildServer } from './server-build.mjs';

// `npm run build:server`, and at install (`prepare`): compiles the server into dist/server. A
// failure does not fail the install: `npm start` then runs the TypeScript sources through tsx.

const required = process.argv.includes('--strict');
try {
  const ms = await buildServer();
  console.log(`Compiled the server into dist/server in ${(ms / 1000).toFixed(1)} s`);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Could not compile the server (npm start will run its sources through tsx): ${message}`);
  if (required) process.exit(1);
}
