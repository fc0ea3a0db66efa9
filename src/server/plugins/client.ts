import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages.ts';

/**
 * Serves the built React client and answers unknown paths: an API path gets a 404 envelope,
 * any other GET gets index.html so that the client's router shows the page (or its 404 page).
 */
export const registerClient = async (app: FastifyInstance, clientDir: string) => {
  const hasClient = existsSync(`${clientDir}/index.html`);
  if (hasClient) {
    await app.register(fastifyStatic, { root: clientDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (
      hasClient &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !path.startsWith('/socket.io')
    ) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ status: 'fail', message: messages.routeNotFound(request.method, path) });
  });
};
