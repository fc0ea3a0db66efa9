import { randomUUID } from 'node:crypto';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from '../db/client.ts';
import { authRoutes } from '../features/auth/server/auth.routes.ts';
import { workspacesRoutes } from '../features/workspaces/server/workspaces.routes.ts';
import { toCamelKeys } from '../shared/case.ts';
import { API_ROOT, REQUEST_ID_HEADER } from '../shared/constants.ts';
import { installErrorMessages } from '../shared/validation.ts';
import type { Config } from './config.ts';
import { registerHealth } from './health.ts';
import type { Mailer } from './mail/mailer.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerClient } from './plugins/client.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { createRealtime, type Realtime } from './realtime/io.ts';
import { registerTransactions } from './transaction.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    realtime: Realtime;
    mailer: Mailer;
  }
}

export interface AppDeps {
  database: Database;
  config: Config;
  mailer: Mailer;
  /** Pino options; tests pass false. */
  logger?: boolean | { level: string };
}

installErrorMessages();

/** The whole server, without listening: tests drive it with `app.inject`. */
export const buildApp = async ({ database, config, mailer, logger = false }: AppDeps): Promise<FastifyInstance> => {
  const app = Fastify({
    logger,
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('mailer', mailer);
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes at run time; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ['https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Cadence API', version: '2' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { public: true } }, () => app.swagger());

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // Both snake_case (the original client) and camelCase keys are accepted.
  app.addHook('preValidation', async (request) => {
    if (request.body && typeof request.body === 'object') request.body = toCamelKeys(request.body);
    if (request.query && typeof request.query === 'object') request.query = toCamelKeys(request.query);
  });

  const realtime = createRealtime(app, database);
  app.decorate('realtime', realtime);
  app.addHook('preClose', () => realtime.close());
  registerAuth(app, database);
  registerTransactions(app, { database, realtime, mailer });

  registerHealth(app, database);
  await app.register(authRoutes, { prefix: API_ROOT });
  await app.register(workspacesRoutes, { prefix: API_ROOT });
  await registerClient(app, config.clientDir);
  return app;
};
