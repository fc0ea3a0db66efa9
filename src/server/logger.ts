import pino from 'pino';

// What the log keeps (README "What the log keeps"): request method, path, status and timing,
// ids, and error types with their SQL statements — never SQL parameters, tokens, passwords,
// Authorization headers, query strings or the personal data they carry.

const REDACTED = '[redacted]';

/** Keys whose values never reach the log, at the top level or one level down. */
const SECRET_KEYS = ['authorization', 'cookie', 'password', 'token', 'accessToken', 'params', 'detail'];

const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'handshake.auth',
  '*.handshake.auth',
  'auth.token',
  '*.auth.token',
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
];

/** The path only: query strings carry emails, reset hashes and feed secrets. */
const pathOf = (url: string | undefined) => (url ?? '').split('?')[0];

/** A PostgreSQL error's SQLSTATE: five characters. */
const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

/**
 * A message without the values it may quote: drizzle appends the parameters after "params:";
 * PostgreSQL ends some messages with the offending value (`invalid input syntax for type
 * integer: "…"`).
 */
const withoutValues = (message: string, fromDatabase: boolean) => {
  const text = message.replace(/\nparams: [\s\S]*$/, '');
  return fromDatabase ? text.replace(/:\s*"[\s\S]*"\s*$/, ': [value redacted]') : text;
};

/**
 * Errors as type, code, message and stack, without the values a database error carries: its
 * parameters, the value it quotes, and `detail` (where PostgreSQL repeats row values).
 */
const serializeError = (err: unknown, depth = 0): unknown => {
  if (!(err instanceof Error)) return err;
  const { code, query, constraint, table, column } = err as unknown as Record<string, unknown>;
  const fromDatabase = isSqlState(code);
  const message = withoutValues(err.message, fromDatabase);
  const names = { constraint, table, column };
  return {
    type: err.name,
    message,
    stack: err.stack?.replace(err.message, message),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof query === 'string' ? { query } : {}),
    ...Object.fromEntries(Object.entries(names).filter(([, value]) => typeof value === 'string')),
    ...(err.cause && depth < 3 ? { cause: serializeError(err.cause, depth + 1) } : {}),
  };
};

export const serializers = {
  err: serializeError,
  req: (req: { id?: string; method?: string; url?: string; ip?: string }) => ({
    id: req.id,
    method: req.method,
    url: pathOf(req.url),
    remoteAddress: req.ip,
  }),
};

/** The server's logger: pino at `level`, with the serializers and redaction above. */
export const createLogger = (level: string, destination?: pino.DestinationStream) =>
  pino({ level, serializers, redact: { paths: redactPaths, censor: REDACTED } }, destination);
