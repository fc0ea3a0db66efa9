import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a stand-in receiver got. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A local stand-in of a webhook receiver on 127.0.0.1: records every request and answers each
 * with the next status of `answers` (the last one repeats) after `delayMs`; `answer` sets them anew.
 */
export const webhookReceiver = async (answers: number[] = [200], delayMs = 0) => {
  const received: Received[] = [];
  let statuses = [...answers];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks).toString() });
      const status = statuses.length > 1 ? statuses.shift()! : (statuses[0] ?? 200);
      if (status >= 300 && status < 400) response.setHeader('location', `http://127.0.0.1:${port}/redirected`);
      setTimeout(() => response.writeHead(status).end(status < 300 ? 'ok' : 'no'), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    /** The statuses the next requests get. */
    answer: (next: number[]) => {
      statuses = [...next];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
