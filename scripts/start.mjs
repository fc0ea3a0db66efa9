import { compiledServer } from './server-build.mjs';

// `npm start`: the compiled server (dist/server, decision 130) when it is newer than every
// source it was built from, else the TypeScript sources through tsx, seconds slower. Both run
// in this process, with its arguments.

const server = compiledServer();
if (server.fresh) {
  // Stack traces name the TypeScript sources and their lines.
  process.setSourceMapsEnabled(true);
  await import(server.url);
} else {
  process.stderr.write(
    'dist/server is missing or older than the server sources: running them through tsx, a slower start (`npm run build:server` compiles them).\n',
  );
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/server/main.ts');
}
