import { existsSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { DataLockError } from '../db/data-lock.ts';
import type { BackupScheduler } from './backup/backup.schedule.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { humanDuration } from './duration.ts';
import type { JobDeps } from './jobs/jobTransaction.ts';
import { createLogger } from './logger.ts';
import { servePreparing } from './preparing.ts';

// `npm start`: checks the configuration, builds the client when it is missing or older than its
// sources, applies migrations and serves. Any failure to start is one line and exit code 1.

const newestSourceTime = async (dirs: string[]): Promise<number> => {
  let newest = 0;
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    const stat = statSync(dir);
    if (stat.isFile()) {
      newest = Math.max(newest, stat.mtimeMs);
      continue;
    }
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
};

const buildClientIfNeeded = async (config: Config, log: ReturnType<typeof createLogger>) => {
  const index = path.join(config.clientDir, 'index.html');
  const sources = ['index.html', 'vite.config.ts', 'src/client', 'src/shared', 'src/features'];
  if (existsSync(index) && statSync(index).mtimeMs >= (await newestSourceTime(sources))) return;
  const first = !existsSync(index);
  log.info(
    first
      ? 'Building the web client: the first start does this once, it takes a minute or two…'
      : 'The client sources changed since the last build: building the web client again…',
  );
  const began = Date.now();
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
  const ms = Date.now() - began;
  log.info({ ms }, `Built the web client in ${humanDuration(ms)}`);
};

/**
 * The log's destination: human lines on a terminal (pino-pretty as a stream, in this process),
 * one JSON object a line otherwise (CI, tests, a log collector).
 */
const logDestination = async (terminal: boolean) => {
  if (!terminal) return undefined;
  const { default: pretty } = await import('pino-pretty');
  // Written at once (sync): the closing "running at" line then comes after every log line before it.
  return pretty({
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    singleLine: true,
    sync: true,
  });
};

/**
 * When each step of the start ended, in ms since the process began (what `npm run bench:start`
 * reads from the debug log): where a start spends its time.
 */
const phases: Record<string, number> = {};
const mark = (phase: string) => {
  phases[phase] = Math.round(performance.now());
};

const start = async () => {
  mark('code');
  const config = loadConfig();
  const terminal = process.stdout.isTTY === true;
  const log = createLogger(config.logLevel, await logDestination(terminal));
  // LOG_LEVEL=trace lists each SQL statement (never its parameters).
  const onQuery = log.isLevelEnabled('trace') ? (sql: string) => log.trace({ sql }, 'sql') : undefined;
  // `npm start`: the port answers at once with a "starting" page while the database opens, the
  // web client builds (the first start) and migrations run; the server takes it over when ready.
  const preparing = process.argv.includes('--build-client-if-missing');
  const closePreparing = preparing
    ? await servePreparing(config.port, config.host).catch((error: Error) => {
        throw new ConfigError(`cannot listen on port ${config.port}: ${error.message}`);
      })
    : null;
  mark('preparing');
  // The rest of the server is loaded now, while the port already answers (seconds of compiling).
  const [
    { openDatabase },
    { migrate },
    { extendSessionHorizons },
    { notifyBackupFailed },
    { removeExpiredExports },
    { remindEmptyKpis },
    { sendMeetingDigests },
    { prepareProposalsBeforeSessions },
    { remindMilestonesDue },
    { remindConversationsDue },
    { sendTaskReminders },
    { makeDueOccurrences },
    { deliverDueWebhooks },
    { removeOldDeliveries },
    { sealClearSecrets },
    { senderThreadDataOf, startDeliveryThread },
    { buildApp },
    { backupSourceOf, ensureOperatorToken },
    { createBackupScheduler },
    { dataMigrations },
    { jobDepsOf },
    { startJobs },
    { createMailer },
    { ensureSecrets },
  ] = await Promise.all([
    import('../db/client.ts'),
    import('../db/migrate.ts'),
    import('../features/meetings/server/sessions.service.ts'),
    import('../features/notifications/server/server-notices.ts'),
    import('../features/reports/server/workspace-export.service.ts'),
    import('../features/kpis/server/reminders.service.ts'),
    import('../features/digests/server/digests.job.ts'),
    import('../features/proposals/server/proposals.job.ts'),
    import('../features/tasks/server/milestone-reminders.ts'),
    import('../features/people-tools/server/conversation-reminders.ts'),
    import('../features/tasks/server/reminders.service.ts'),
    import('../features/tasks/server/repeat.job.ts'),
    import('../features/webhooks/server/webhooks.delivery.ts'),
    import('../features/webhooks/server/webhooks.retention.ts'),
    import('../features/webhooks/server/webhooks.secrets.ts'),
    import('../features/webhooks/server/webhooks.sender.ts'),
    import('./app.ts'),
    import('./backup/backup.routes.ts'),
    import('./backup/backup.schedule.ts'),
    import('./data-migrations.ts'),
    import('./jobs/jobTransaction.ts'),
    import('./jobs/scheduler.ts'),
    import('./mail/mailer.ts'),
    import('./secrets.ts'),
  ]);
  mark('modules');
  // First, so a second process on the same data folder is refused at once (docs/decisions/025).
  const database = await openDatabase(config, { command: 'server', port: config.port }, onQuery).catch(
    (error: Error) => {
      if (error instanceof DataLockError) throw error;
      const where = config.databaseUrl ? new URL(config.databaseUrl).host : `${config.dataDir}/db`;
      throw new ConfigError(`cannot open the database at ${where}: ${error.message.split('\n')[0]}`);
    },
  );
  mark('database');
  if (preparing) await buildClientIfNeeded(config, log);
  mark('client');
  const secrets = await ensureSecrets(config.dataDir);
  // The operator's proof for `npm run backup` (mode 600; decision 091).
  ensureOperatorToken(config.dataDir);
  await migrate(database, { dataMigrations });
  mark('migrations');
  // Webhook secrets saved in clear by an earlier version are sealed before the first request.
  await sealClearSecrets(database.db, secrets.vault);
  mark('secrets');
  // Scheduled backups (BACKUP_DIR); a failure is told to the admins through the notifications feature.
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const backups: BackupScheduler | undefined = config.backups
    ? createBackupScheduler({
        config: config.backups,
        source: () => backupSourceOf(database, config),
        log,
        onFailure: async (reason) => {
          if (app) await notifyBackupFailed(jobDepsOf(app), reason);
        },
      })
    : undefined;
  app = await buildApp({
    database,
    config,
    mailer: createMailer(config.smtpUrl, log, config.outboxFile),
    logger: log,
    vaultKeyring: secrets.vault,
    backupHealth: backups?.health,
  });
  mark('routes');
  // Fastify compiles every route's schemas here, before the port is taken over.
  await app.ready();
  mark('ready');
  await closePreparing?.();
  await app.listen({ port: config.port, host: config.host }).catch((error: Error) => {
    throw new ConfigError(`cannot listen on port ${config.port}: ${error.message}`);
  });
  mark('listening');

  // The features' background work; the scheduler decides when it runs.
  const work = {
    extendSessionHorizons,
    removeExpiredExports,
    reminders: [
      sendTaskReminders,
      remindMilestonesDue,
      remindConversationsDue,
      remindEmptyKpis,
      prepareProposalsBeforeSessions,
      sendMeetingDigests,
    ],
    makeDueOccurrences,
    // On PostgreSQL webhooks are sent from a thread of their own (below).
    deliverWebhooks: config.databaseUrl
      ? undefined
      : (deps: JobDeps) => deliverDueWebhooks(deps, { allowPrivate: config.webhooksAllowPrivate }),
    removeOldDeliveries,
  };
  const jobDeps = jobDepsOf(app);
  const stopJobs = startJobs(database, log, work, jobDeps, { dataDir: config.dataDir });
  const stopSending = config.databaseUrl
    ? startDeliveryThread(senderThreadDataOf(config, secrets.vault), jobDeps.publish, log)
    : undefined;
  const stopBackups = backups?.start();
  const cpu = process.cpuUsage();
  log.debug({ phases, cpuMs: Math.round((cpu.user + cpu.system) / 1000) }, 'start phases');

  // The address a person opens (never 0.0.0.0), as the last line of the start.
  const running = `Cadence is running at ${config.publicUrl}`;
  if (terminal) process.stdout.write(`\n${running}\n\n`);
  else log.info({ url: config.publicUrl }, running);

  const stop = async () => {
    stopJobs();
    stopBackups?.();
    await stopSending?.();
    await app!.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
};

start().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Cadence did not start: ${error instanceof ConfigError ? message : message.split('\n')[0]}\n`);
  process.exit(1);
});
