import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from '../db/client.ts';
import { adminRoutes } from '../features/admin/server/admin.routes.ts';
// Agency tools
import { agencyRoutes } from '../features/agency/server/agency.routes.ts';
import { registerAuthLifecycle } from '../features/auth/server/auth.lifecycle.ts';
import { authRoutes } from '../features/auth/server/auth.routes.ts';
import type { GoogleVerifier } from '../features/auth/server/auth.service.ts';
import { type GoogleKeySource, googleKeysFromWeb, verifyGoogleIdToken } from '../features/auth/server/google.ts';
import { passkeysRoutes } from '../features/auth/server/passkeys.routes.ts';
import { createSessionCache, type SessionCache } from '../features/auth/server/session-cache.ts';
import { ssoRoutes } from '../features/auth/server/sso.routes.ts';
import { resolveToken } from '../features/auth/server/tokens.service.ts';
import { registerBoardsLifecycle } from '../features/boards/server/boards.lifecycle.ts';
import { boardsRoutes } from '../features/boards/server/boards.routes.ts';
import { calendarRoutes } from '../features/calendar/server/calendar.routes.ts';
import { digestRoutes } from '../features/digests/server/digests.routes.ts';
// Email templates
import { emailRoutes } from '../features/emails/server/emails.routes.ts';
import { homeRoutes } from '../features/home/server/home.routes.ts';
import { cadenceImportRoutes } from '../features/imports/server/cadence-import.routes.ts';
import { importsRoutes } from '../features/imports/server/imports.routes.ts';
import { kpiFeedRoutes } from '../features/kpis/server/feeds.routes.ts';
import { registerKpisLifecycle } from '../features/kpis/server/kpis.lifecycle.ts';
import { kpisRoutes } from '../features/kpis/server/kpis.routes.ts';
import { kpiReminderRoutes } from '../features/kpis/server/reminders.routes.ts';
import { liveRoutes } from '../features/live/server/live.routes.ts';
import { mcpRoutes } from '../features/mcp/server/mcp.routes.ts';
import { teamFilesRoutes } from '../features/meetings/server/files.routes.ts';
import { meetingFoldersRoutes } from '../features/meetings/server/folders.routes.ts';
import { meetingRoomRules } from '../features/meetings/server/meetings.rooms.ts';
import { meetingsRoutes } from '../features/meetings/server/meetings.routes.ts';
import { sessionsRoutes } from '../features/meetings/server/sessions.routes.ts';
import { notificationsRoutes } from '../features/notifications/server/notifications.routes.ts';
// Org chart and vision board
import { orgChartRoutes } from '../features/orgchart/server/orgchart.routes.ts';
import { osHealthRoutes } from '../features/os-health/server/os-health.routes.ts';
import { peopleRoutes } from '../features/people/server/people.routes.ts';
import { selfRoutes } from '../features/people/server/self.routes.ts';
import { peopleToolsRoutes } from '../features/people-tools/server/people-tools.routes.ts';
import { proposalsRoutes } from '../features/proposals/server/proposals.routes.ts';
import { quartersRoutes } from '../features/quarters/server/quarters.routes.ts';
import { exportsRoutes } from '../features/reports/server/exports.routes.ts';
import { reportsRoutes } from '../features/reports/server/reports.routes.ts';
import { settingsRoutes } from '../features/settings/server/settings.routes.ts';
// Slack
import { createSlackServer, type SlackServer, slackRoutes } from '../features/slack/server/slack.routes.ts';
import { tasksRoutes } from '../features/tasks/server/tasks.routes.ts';
import { timeRoutes } from '../features/time/server/time.routes.ts';
import { checkApiTokenCall, isApiTokenSecret, resolveApiToken } from '../features/tokens/server/tokens.auth.ts';
import { tokensRoutes } from '../features/tokens/server/tokens.routes.ts';
import { WORKSPACE_SECRET, workspaceSecretSealer } from '../features/vault/server/vault.keys.ts';
import { registerVaultLifecycle } from '../features/vault/server/vault.lifecycle.ts';
import { vaultRoutes } from '../features/vault/server/vault.routes.ts';
import { visionRoutes } from '../features/vision/server/vision.routes.ts';
import { isPrivateUrl } from '../features/webhooks/server/webhooks.destination.ts';
import { enqueueWebhookEvents } from '../features/webhooks/server/webhooks.outbox.ts';
import { webhooksRoutes } from '../features/webhooks/server/webhooks.routes.ts';
import { workspacesRoutes } from '../features/workspaces/server/workspaces.routes.ts';
import {
  API_ROOT,
  BODY_LIMIT_BYTES,
  FRAME_ORIGINS,
  GOOGLE_SIGN_IN_ORIGIN,
  MAX_PARAM_LENGTH,
  REQUEST_ID_HEADER,
  SESSION_CACHE,
} from '../shared/constants.ts';
import { installErrorMessages } from '../shared/validation.ts';
import { registerAfterReply } from './after-reply.ts';
import { backupSourceOf, registerBackupRoutes } from './backup/backup.routes.ts';
import type { BackupHealth } from './backup/backup.schedule.ts';
import type { Config } from './config.ts';
import { registerEventSink } from './event-sinks.ts';
import { registerHealth } from './health.ts';
import { registerInputChecks } from './input.ts';
import { lifecycle } from './lifecycle.ts';
import type { Mailer } from './mail/mailer.ts';
import { openApiTransform, openApiTransformObject } from './openapi.ts';
import { nullableEnumsAllowNull } from './openapi-nullable.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerClient } from './plugins/client.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/errors.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { createRealtime, type Realtime } from './realtime/io.ts';
import { ensureSecrets, type VaultKeyring } from './secrets.ts';
import { registerTransactions } from './transaction.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    realtime: Realtime;
    /** Resolved sessions and answers built from them (decisions 058 and 066). */
    sessionCache: SessionCache;
    mailer: Mailer;
    /** Verifies Google ID tokens; null when GOOGLE_CLIENT_ID is not set. */
    google: GoogleVerifier;
    /** The password vault's master keys (never in the database). */
    vaultKeyring: VaultKeyring;
    /** Slack: the SDK client and the relay of notifications and recaps. */
    slack: SlackServer;
  }
}

export interface AppDeps {
  database: Database;
  config: Config;
  mailer: Mailer;
  /** Google's signing keys; the web by default, local keys in tests. */
  googleKeys?: GoogleKeySource;
  /** A pino logger; none in tests unless they read the log. */
  logger?: FastifyBaseLogger;
  /** The vault's master keys; by default VAULT_MASTER_KEY or the key file in DATA_DIR. */
  vaultKeyring?: VaultKeyring;
  /** Scheduled backups' state, for GET /api/health (main.ts makes it when BACKUP_DIR is set). */
  backupHealth?: () => BackupHealth;
}

installErrorMessages();

/**
 * The Content-Security-Policy: named sources only, no scheme wildcards. The socket is the app's
 * own origin (its ws/wss form, for browsers whose 'self' does not cover WebSockets); frames are
 * the few embeds of FRAME_ORIGINS; Google's sign-in script, frame and styles only when configured.
 */
export const cspDirectives = (config: Pick<Config, 'publicUrl' | 'googleClientId'>) => {
  const publicUrl = new URL(config.publicUrl);
  const socketOrigin = `${publicUrl.protocol === 'https:' ? 'wss:' : 'ws:'}//${publicUrl.host}`;
  const google = config.googleClientId ? [GOOGLE_SIGN_IN_ORIGIN] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...google],
    // Mantine sets style attributes at run time; scripts stay strict.
    styleSrc: ["'self'", "'unsafe-inline'", ...google],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'", socketOrigin, ...google],
    fontSrc: ["'self'", 'data:'],
    frameSrc: [...FRAME_ORIGINS, ...google],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    upgradeInsecureRequests: null,
  };
};

/** The whole server, without listening: tests drive it with `app.inject`. */
/**
 * What features do when another's records come and go (src/server/lifecycle.ts): wired once,
 * at load, so that jobs and scripts that run services see the same handlers as requests.
 */
registerAuthLifecycle(lifecycle);
registerBoardsLifecycle(lifecycle);
registerKpisLifecycle(lifecycle);
registerVaultLifecycle(lifecycle);
// Outbound webhooks (decision 097): the transactions' events written to their outbox before the commit.
registerEventSink(enqueueWebhookEvents);

export const buildApp = async ({
  database,
  config,
  mailer,
  logger,
  googleKeys,
  vaultKeyring,
  backupHealth,
}: AppDeps): Promise<FastifyInstance> => {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Malformed requests answered before routing use the envelope too (decision 024).
    frameworkErrors,
    clientErrorHandler,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('mailer', mailer);
  app.decorate('vaultKeyring', vaultKeyring ?? (await ensureSecrets(config.dataDir)).vault);
  const clientId = config.googleClientId;
  const keys = googleKeys ?? googleKeysFromWeb();
  app.decorate('google', clientId ? (credential: string) => verifyGoogleIdToken(credential, clientId, keys) : null);
  registerErrorHandling(app);

  registerSecurityHeaders(app, { contentSecurityPolicy: { directives: cspDirectives(config) } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Cadence API', version: '2' },
      // Where this server is reached: the paths below start with /api.
      servers: [{ url: config.publicUrl, description: 'This Cadence server' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A session token from sign-in, or an API token (`cad_…`, decision 093) limited to its scopes: a call its scopes do not cover is 403, over its rate 429.',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: openApiTransform,
    transformObject: (documentObject) => nullableEnumsAllowNull(openApiTransformObject(documentObject)),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { public: true } }, () => app.swagger());

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  registerInputChecks(app);
  registerAfterReply(app);

  // The embedded database has one process for sure (the data lock): a session is remembered for
  // 30 s. On PostgreSQL other instances may revoke it: 5 s, every instance's cache cleared before a
  // revoking request answers, and none at all until the other instances know this one (decision 058).
  const sessionCache =
    database.kind === 'pglite'
      ? createSessionCache()
      : createSessionCache({ ttlMs: SESSION_CACHE.sharedTtlMs, activeFrom: Date.now() + config.sessionCacheWarmUpMs });
  app.decorate('sessionCache', sessionCache);
  const realtime = createRealtime(app, database, {
    resolveToken: (token) => resolveToken(database.db, token),
    rooms: meetingRoomRules,
    sessionCache,
  });
  app.decorate('realtime', realtime);
  app.addHook('preClose', () => realtime.close());
  // API tokens (decision 093) are told apart by their prefix; sockets take session tokens only.
  registerAuth(app, {
    resolveToken: (token) =>
      isApiTokenSecret(token) ? resolveApiToken(database.db, token) : resolveToken(database.db, token, sessionCache),
    checkApiTokenCall,
  });
  registerTransactions(app, { database, realtime, mailer, publicUrl: config.publicUrl });

  registerHealth(app, database, backupHealth);
  registerBackupRoutes(app, () => backupSourceOf(database, config), API_ROOT);
  await app.register(authRoutes, { prefix: API_ROOT });
  await app.register(passkeysRoutes, { prefix: API_ROOT });
  // Single sign-on (decision 103): its client secrets sealed with the vault's workspace keys.
  await app.register(ssoRoutes, {
    prefix: API_ROOT,
    secrets: workspaceSecretSealer(app.vaultKeyring, WORKSPACE_SECRET.ssoClientSecret),
    isPrivateUrl,
  });
  await app.register(workspacesRoutes, { prefix: API_ROOT });
  await app.register(settingsRoutes, { prefix: API_ROOT });
  await app.register(tokensRoutes, { prefix: API_ROOT });
  await app.register(webhooksRoutes, { prefix: API_ROOT });
  await app.register(importsRoutes, { prefix: API_ROOT });
  await app.register(homeRoutes, { prefix: API_ROOT });
  await app.register(meetingsRoutes, { prefix: API_ROOT });
  await app.register(sessionsRoutes, { prefix: API_ROOT });
  await app.register(meetingFoldersRoutes, { prefix: API_ROOT });
  await app.register(teamFilesRoutes, { prefix: API_ROOT });
  await app.register(tasksRoutes, { prefix: API_ROOT });
  await app.register(boardsRoutes, { prefix: API_ROOT });
  await app.register(kpisRoutes, { prefix: API_ROOT });
  await app.register(kpiFeedRoutes, { prefix: API_ROOT });
  await app.register(kpiReminderRoutes, { prefix: API_ROOT });
  await app.register(digestRoutes, { prefix: API_ROOT });
  // Proposed issues (decision 123)
  await app.register(proposalsRoutes, { prefix: API_ROOT });
  await app.register(liveRoutes, { prefix: API_ROOT });
  await app.register(peopleRoutes, { prefix: API_ROOT });
  await app.register(selfRoutes, { prefix: API_ROOT });
  await app.register(peopleToolsRoutes, { prefix: API_ROOT });
  await app.register(notificationsRoutes, { prefix: API_ROOT });
  await app.register(calendarRoutes, { prefix: API_ROOT });
  // Org chart and vision board
  await app.register(orgChartRoutes, { prefix: API_ROOT });
  await app.register(visionRoutes, { prefix: API_ROOT });
  // Time tracking
  await app.register(timeRoutes, { prefix: API_ROOT });
  // administration
  await app.register(quartersRoutes, { prefix: API_ROOT });
  await app.register(adminRoutes, { prefix: API_ROOT });
  // Password vault
  await app.register(vaultRoutes, { prefix: API_ROOT });
  // Reports
  await app.register(reportsRoutes, { prefix: API_ROOT });
  await app.register(exportsRoutes, { prefix: API_ROOT });
  // Operating-system health
  await app.register(osHealthRoutes, { prefix: API_ROOT });
  await app.register(cadenceImportRoutes, { prefix: API_ROOT });
  // The MCP server for AI assistants, beside the API it calls.
  await app.register(mcpRoutes);
  // Email templates
  await app.register(emailRoutes, { prefix: API_ROOT });
  // Agency tools (its shipped content is a data migration: src/server/data-migrations.ts, decision 065)
  await app.register(agencyRoutes, { prefix: API_ROOT });
  // Slack
  app.decorate('slack', createSlackServer(app));
  await app.register(slackRoutes, { prefix: API_ROOT });
  await registerClient(app, config.clientDir);
  return app;
};
