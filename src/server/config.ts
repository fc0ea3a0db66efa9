import path from 'node:path';
import { z } from 'zod';
import { RATE_LIMITS, type RateLimit, SESSION_CACHE } from '../shared/constants.ts';
import type { BackupScheduleConfig } from './backup/backup.schedule.ts';
import { DEFAULT_RETENTION } from './backup/retention.ts';

/** Configuration from the environment; see the table in README.md. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Set: use this PostgreSQL server. Unset: the embedded database in `dataDir`. */
  databaseUrl: string | undefined;
  /** Honour X-Forwarded-For (only behind a proxy you control). */
  trustProxy: boolean;
  /** The address people reach Cadence at, used in links sent by email. */
  publicUrl: string;
  smtpUrl: string | undefined;
  logLevel: string;
  /** Where the built client is served from. */
  clientDir: string;
  /** Development and browser tests: also append every mail to this file as a JSON line. */
  outboxFile: string | undefined;
  /** Set: the Google sign-in button shows, and Google ID tokens for this client id are accepted. */
  googleClientId: string | undefined;
  /** OpenID Connect sign-in through Google and Microsoft Entra ID (decision 103); each null when not configured. */
  oidc: OidcConfig;
  /** On PostgreSQL, how long a new instance reads every session through (decision 058). */
  sessionCacheWarmUpMs: number;
  /** Slack (decision 051): null when SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_SIGNING_SECRET are not set. */
  slack: SlackConfig | null;
  /**
   * The limits of sign-in, sign-up, password reset, adding people and API token calls (README, "Limits"). Null only
   * for a script that makes accounts itself (seed:demo): nothing is counted then.
   */
  authLimits: AuthLimits | null;
  /** Scheduled backups (BACKUP_DIR, decision 091); null when BACKUP_DIR is not set. */
  backups: BackupScheduleConfig | null;
  /** WEBHOOKS_ALLOW_PRIVATE: webhooks may reach private, loopback and link-local addresses (decision 097). */
  webhooksAllowPrivate: boolean;
}

/** A provider configured by the environment (decision 103). */
export interface OidcEnvProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface OidcConfig {
  google: OidcEnvProvider | null;
  /** `tenant`: 'common', 'organizations' or one directory's id (multi-tenant issuers carry {tenantid}). */
  microsoft: (OidcEnvProvider & { tenant: string }) | null;
  /** SSO_ALLOW_PRIVATE_ISSUERS: workspace providers may be on private or loopback addresses, and plain http there. */
  allowPrivateIssuers: boolean;
}

/** The public auth calls' limits: per account (or email) and per client address. */
export type AuthLimits = Record<AuthLimitName, RateLimit>;

/** Each limit's environment variable (its maximum; the window is fixed). */
export const AUTH_LIMIT_VARIABLES = {
  signInPerAccount: 'LIMIT_SIGN_IN_PER_ACCOUNT',
  signInPerAddress: 'LIMIT_SIGN_IN_PER_ADDRESS',
  registerPerEmail: 'LIMIT_SIGN_UP_PER_EMAIL',
  registerPerAddress: 'LIMIT_SIGN_UP_PER_ADDRESS',
  resetRequestPerEmail: 'LIMIT_RESET_REQUEST_PER_EMAIL',
  resetRequestPerAddress: 'LIMIT_RESET_REQUEST_PER_ADDRESS',
  resetPasswordPerAddress: 'LIMIT_RESET_PASSWORD_PER_ADDRESS',
  apiTokenCalls: 'LIMIT_API_TOKEN_CALLS',
} as const;
export type AuthLimitName = keyof typeof AUTH_LIMIT_VARIABLES;

const limitMax = (name: string) => {
  const error = `${name} must be a whole number from 1 to 1000000`;
  return z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error }).int({ error }).min(1, { error }).max(1_000_000, { error }).optional(),
  );
};
const LimitEnv = z.object(
  Object.fromEntries(Object.values(AUTH_LIMIT_VARIABLES).map((name) => [name, limitMax(name)])) as Record<
    (typeof AUTH_LIMIT_VARIABLES)[AuthLimitName],
    ReturnType<typeof limitMax>
  >,
);

/** The Slack app this server installs into workspaces (README: Slack). */
export interface SlackConfig {
  clientId: string;
  clientSecret: string;
  signingSecret: string;
  /** The Web API's base, ending in '/' (https://slack.com/api/; a local stand-in in tests). */
  apiUrl: string;
  /** Slack's OAuth v2 authorize page. */
  authorizeUrl: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const postgresUrl = z.string().refine(
  (value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
    } catch {
      return false;
    }
  },
  { error: 'DATABASE_URL must look like postgres://user@host:5432/database' },
);

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''], { error: 'must be true or false' })
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

const keepCount = (name: string) => {
  const error = `${name} must be a whole number from 0 to 1000`;
  return z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error }).int({ error }).min(0, { error }).max(1000, { error }).optional(),
  );
};

const BaseEnv = z.object({
  PORT: z.coerce
    .number({ error: 'PORT must be a whole number from 1 to 65535' })
    .int({ error: 'PORT must be a whole number from 1 to 65535' })
    .min(1, { error: 'PORT must be a whole number from 1 to 65535' })
    .max(65535, { error: 'PORT must be a whole number from 1 to 65535' })
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), postgresUrl.optional()),
  TRUST_PROXY: flag.default(false),
  WEBHOOKS_ALLOW_PRIVATE: flag.default(false),
  PUBLIC_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ error: 'PUBLIC_URL must be a URL' }).optional()),
  SMTP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ error: 'SMTP_URL must look like smtp://user:pass@host:587' }).optional(),
  ),
  OUTBOX_FILE: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  GOOGLE_CLIENT_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(200).optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(200).optional()),
  MICROSOFT_CLIENT_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(200).optional()),
  MICROSOFT_CLIENT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(200).optional()),
  MICROSOFT_TENANT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^(common|organizations|[0-9a-f-]{36}|[\w.-]+\.[a-z]{2,})$/i, {
        error: 'MICROSOFT_TENANT must be common, organizations, a directory (tenant) id or its domain',
      })
      .default('organizations'),
  ),
  SSO_ALLOW_PRIVATE_ISSUERS: flag.default(false),
  SLACK_CLIENT_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(200).optional()),
  SLACK_CLIENT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(200).optional()),
  SLACK_SIGNING_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(200).optional()),
  SLACK_API_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ error: 'SLACK_API_URL must be a URL' }).default('https://slack.com/api/'),
  ),
  SLACK_AUTHORIZE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ error: 'SLACK_AUTHORIZE_URL must be a URL' }).default('https://slack.com/oauth/v2/authorize'),
  ),
  /** Where the built client is served from (default dist/client; `vite build` honours it too). */
  CLIENT_DIR: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('dist/client')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BACKUP_DIR: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  BACKUP_SCHEDULE: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'BACKUP_SCHEDULE must be a time of day such as 03:30 (24-hour)' })
      .optional(),
  ),
  BACKUP_KEEP_DAILY: keepCount('BACKUP_KEEP_DAILY'),
  BACKUP_KEEP_WEEKLY: keepCount('BACKUP_KEEP_WEEKLY'),
  BACKUP_KEEP_MONTHLY: keepCount('BACKUP_KEEP_MONTHLY'),
  BACKUP_PASSPHRASE: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(12, { error: 'BACKUP_PASSPHRASE must have at least 12 characters' }).optional(),
  ),
});
const Env = BaseEnv.extend(LimitEnv.shape);

/** Reads and checks the environment; throws a ConfigError with one readable line. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const message = issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
    throw new ConfigError(message);
  }
  const e = parsed.data;
  const slackSet = [e.SLACK_CLIENT_ID, e.SLACK_CLIENT_SECRET, e.SLACK_SIGNING_SECRET];
  if (slackSet.some(Boolean) && !slackSet.every(Boolean)) {
    throw new ConfigError('SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_SIGNING_SECRET must be set together');
  }
  if (e.GOOGLE_CLIENT_SECRET && !e.GOOGLE_CLIENT_ID)
    throw new ConfigError('GOOGLE_CLIENT_SECRET needs GOOGLE_CLIENT_ID');
  if (Boolean(e.MICROSOFT_CLIENT_ID) !== Boolean(e.MICROSOFT_CLIENT_SECRET))
    throw new ConfigError('MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET must be set together');
  if (e.BACKUP_SCHEDULE && !e.BACKUP_DIR)
    throw new ConfigError('BACKUP_SCHEDULE needs BACKUP_DIR: where to write the backups');
  const [hour, minute] = (e.BACKUP_SCHEDULE ?? '03:00').split(':').map(Number) as [number, number];
  const authLimits = Object.fromEntries(
    (Object.entries(AUTH_LIMIT_VARIABLES) as [AuthLimitName, keyof typeof e][]).map(([limit, variable]) => [
      limit,
      { max: (e[variable] as number | undefined) ?? RATE_LIMITS[limit].max, windowMs: RATE_LIMITS[limit].windowMs },
    ]),
  ) as AuthLimits;
  return {
    authLimits,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    trustProxy: e.TRUST_PROXY,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    logLevel: e.LOG_LEVEL,
    clientDir: path.resolve(e.CLIENT_DIR),
    googleClientId: e.GOOGLE_CLIENT_ID,
    oidc: {
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? {
              issuer: 'https://accounts.google.com',
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET,
            }
          : null,
      microsoft:
        e.MICROSOFT_CLIENT_ID && e.MICROSOFT_CLIENT_SECRET
          ? {
              issuer: `https://login.microsoftonline.com/${e.MICROSOFT_TENANT}/v2.0`,
              clientId: e.MICROSOFT_CLIENT_ID,
              clientSecret: e.MICROSOFT_CLIENT_SECRET,
              tenant: e.MICROSOFT_TENANT,
            }
          : null,
      allowPrivateIssuers: e.SSO_ALLOW_PRIVATE_ISSUERS,
    },
    sessionCacheWarmUpMs: SESSION_CACHE.sharedWarmUpMs,
    outboxFile: e.OUTBOX_FILE ? path.resolve(e.OUTBOX_FILE) : undefined,
    backups: e.BACKUP_DIR
      ? {
          dir: path.resolve(e.BACKUP_DIR),
          at: { hour, minute },
          keep: {
            daily: e.BACKUP_KEEP_DAILY ?? DEFAULT_RETENTION.daily,
            weekly: e.BACKUP_KEEP_WEEKLY ?? DEFAULT_RETENTION.weekly,
            monthly: e.BACKUP_KEEP_MONTHLY ?? DEFAULT_RETENTION.monthly,
          },
          passphrase: e.BACKUP_PASSPHRASE,
        }
      : null,
    slack:
      e.SLACK_CLIENT_ID && e.SLACK_CLIENT_SECRET && e.SLACK_SIGNING_SECRET
        ? {
            clientId: e.SLACK_CLIENT_ID,
            clientSecret: e.SLACK_CLIENT_SECRET,
            signingSecret: e.SLACK_SIGNING_SECRET,
            apiUrl: e.SLACK_API_URL.endsWith('/') ? e.SLACK_API_URL : `${e.SLACK_API_URL}/`,
            authorizeUrl: e.SLACK_AUTHORIZE_URL,
          }
        : null,
  };
};
