import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers, worked out once. @fastify/helmet built a new helmet middleware on every
 * request (parsing the CSP directives each time); the headers depend only on the
 * configuration, so they are computed at start and set by one hook (decision 040).
 */
export const securityHeaders = (options: Readonly<HelmetOptions>): Record<string, string> => {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(options)({} as never, recorder, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
};

export const registerSecurityHeaders = (app: FastifyInstance, options: Readonly<HelmetOptions>) => {
  const headers = securityHeaders(options);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
};
