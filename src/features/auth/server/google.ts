import { createPublicKey, type JsonWebKey, verify } from 'node:crypto';

// Verifies a Google ID token (the `credential` the Google button gives the browser) without a
// third-party library: RS256 signature against Google's published keys, then issuer,
// audience, expiry and a verified email.

export interface GoogleProfile {
  email: string;
  firstName: string;
  lastName: string;
}

/** Returns Google's current signing keys (JWKS `keys`). Injected in tests. */
export type GoogleKeySource = () => Promise<JsonWebKey[]>;

export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
const ISSUERS = new Set(['accounts.google.com', 'https://accounts.google.com']);

/** Fetches the keys, keeping them for the time Google's Cache-Control allows. */
export const googleKeysFromWeb = (url = GOOGLE_JWKS_URL): GoogleKeySource => {
  let cache: { keys: JsonWebKey[]; until: number } | undefined;
  return async () => {
    if (cache && cache.until > Date.now()) return cache.keys;
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`Google keys: HTTP ${response.status}`);
    const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1] ?? 3600);
    const { keys } = (await response.json()) as { keys: JsonWebKey[] };
    cache = { keys, until: Date.now() + maxAge * 1000 };
    return keys;
  };
};

const decodePart = <T>(part: string): T => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as T;

/** The person behind a valid ID token for our client id; throws with the reason otherwise. */
export const verifyGoogleIdToken = async (
  credential: string,
  clientId: string,
  keys: GoogleKeySource,
): Promise<GoogleProfile> => {
  const parts = credential.split('.');
  if (parts.length !== 3) throw new Error('not a JWT');
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodePart<{ alg?: string; kid?: string }>(headerPart);
  if (header.alg !== 'RS256') throw new Error(`unexpected algorithm ${header.alg}`);
  const jwk = (await keys()).find((key) => (key as { kid?: string }).kid === header.kid);
  if (!jwk) throw new Error('unknown signing key');
  const signed = verify(
    'RSA-SHA256',
    Buffer.from(`${headerPart}.${payloadPart}`),
    createPublicKey({ key: jwk, format: 'jwk' }),
    Buffer.from(signaturePart, 'base64url'),
  );
  if (!signed) throw new Error('bad signature');

  const claims = decodePart<{
    iss?: string;
    aud?: string;
    exp?: number;
    email?: string;
    email_verified?: boolean;
    given_name?: string;
    family_name?: string;
  }>(payloadPart);
  if (!claims.iss || !ISSUERS.has(claims.iss)) throw new Error('wrong issuer');
  if (claims.aud !== clientId) throw new Error('wrong audience');
  if (!claims.exp || claims.exp * 1000 < Date.now()) throw new Error('expired');
  if (!claims.email || claims.email_verified !== true) throw new Error('no verified email');
  return {
    email: claims.email.toLowerCase(),
    firstName: claims.given_name ?? '',
    lastName: claims.family_name ?? '',
  };
};
