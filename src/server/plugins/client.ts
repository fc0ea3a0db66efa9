import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { serverMessages } from '../server.messages.ts';

/**
 * Serves the built React client and answers unknown paths: an API or asset path gets a 404
 * envelope, any other GET gets index.html so that the client's router shows the page (or its 404 page).
 */
export const registerClient = async (app: FastifyInstance, clientDir: string) => {
  const hasClient = existsSync(`${clientDir}/index.html`);
  if (hasClient) {
    const assets = `${path.sep}assets${path.sep}`;
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build wrote `.br` and `.gz` beside each file (scripts/precompress.ts).
      preCompressed: true,
      // Files under /assets carry a content hash in their name: a browser keeps them for a year
      // and never asks again. index.html and the rest are checked at each load (a new build
      // names new assets).
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.includes(assets) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (
      hasClient &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !path.startsWith('/socket.io') &&
      // A chunk of an older build is gone: a 404 lets the page show its load error, where
      // index.html in its place would be run as a script.
      !path.startsWith('/assets/')
    ) {
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ status: 'fail', message: serverMessages.routeNotFound(request.method, path) });
  });
};
