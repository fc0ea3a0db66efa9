import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The one signature of Cadence's signed HTTP bodies (decision 097): HMAC-SHA256 with a shared secret
// over `<unix seconds>.<body>`, in a `Cadence-Signature: t=<unix seconds>,v1=<hex>` header. Outbound
// webhook deliveries are signed this way (while a rotated-out secret still signs, a second `v1=`
// follows, so a receiver with either secret accepts it); values pushed into a KPI are checked this way.

export const SECRET_PREFIX = 'whsec_';

export const newSecret = (prefix: string = SECRET_PREFIX) => prefix + randomBytes(32).toString('base64url');

export const signatureOf = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The header's value for a body sent at `timestamp` (unix seconds), signed by each secret. */
export const signatureHeader = (secrets: readonly string[], timestamp: number, body: string) =>
  [`t=${timestamp}`, ...secrets.map((secret) => `v1=${signatureOf(secret, timestamp, body)}`)].join(',');

/**
 * What a receiver does (docs/api.md shows the same): `valid` when one `v1` signature matches and
 * the timestamp is within `toleranceSeconds` of now, so a captured request cannot be replayed
 * later; `stale` for a missing or distant timestamp; `mismatch` otherwise.
 */
export const checkSignature = (
  secret: string,
  header: string,
  body: string,
  { now = Date.now(), toleranceSeconds = 300 } = {},
): 'valid' | 'stale' | 'mismatch' => {
  const parts = header.split(',').map((part) => part.trim().split('=', 2) as [string, string?]);
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > toleranceSeconds) return 'stale';
  const expected = Buffer.from(signatureOf(secret, timestamp, body), 'hex');
  const matches = parts.some(([key, value]) => {
    if (key !== 'v1' || !value || !/^[0-9a-f]{64}$/.test(value)) return false;
    return timingSafeEqual(Buffer.from(value, 'hex'), expected);
  });
  return matches ? 'valid' : 'mismatch';
};

/** Whether a request's signature is valid (see `checkSignature`). */
export const verifySignature = (...args: Parameters<typeof checkSignature>): boolean =>
  checkSignature(...args) === 'valid';
