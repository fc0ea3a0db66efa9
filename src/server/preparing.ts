import { createServer, type Server } from 'node:http';
import { serverMessages } from './server.messages.ts';

// While the first start builds the web client (a minute on a small machine), the port already
// answers: a page that says what is happening and looks again by itself, and a health answer
// of 503 "starting". The real server takes the port over once it is ready.

const page = () => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5">
<title>${serverMessages.preparingTitle}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid; place-items: center; color: #1a1b1e; background: #f8f9fa; }
  main { max-width: 32rem; padding: 2rem; }
  h1 { font-size: 1.5rem; margin: 0 0 0.75rem; }
  p { line-height: 1.5; margin: 0 0 0.5rem; color: #373a40; }
</style>
</head>
<body><main><h1>${serverMessages.preparingTitle}</h1><p>${serverMessages.preparingText}</p><p>${serverMessages.preparingReload}</p></main></body>
</html>`;

/** Answers every request on `port` until the returned function closes it (then the port is free). */
export const servePreparing = async (port: number, host: string): Promise<() => Promise<void>> => {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    response.setHeader('retry-after', '5');
    response.setHeader('cache-control', 'no-store');
    if (path.startsWith('/api/') || request.method !== 'GET') {
      response.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ status: 'fail', message: serverMessages.preparingTitle, state: 'starting' }));
      return;
    }
    response.writeHead(503, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
};
