import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

// Stand-ins of an OpenID Connect provider for the single sign-on tests (decision 103), on
// 127.0.0.1 at a free port. `startOidcProvider` is a real one (panva's oidc-provider) whose
// development login page takes any login: the login is the account's email. `startForgingIssuer`
// is a bare issuer that answers the token request with an ID token made to order (expired,
// signed by a key it never published…), which a real provider will not do.

export interface StandinAccount {
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
}

export interface OidcStandin {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claims of a login (an email); unknown logins are verified emails named Ada Lovelace. */
  accounts: Map<string, StandinAccount>;
  close: () => Promise<void>;
}

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** The body of `PUT /workspaces/{id}/sso` that makes this stand-in a workspace's provider for `domain`. */
export const settingsFor = (provider: OidcStandin, domain: string, extra: Record<string, unknown> = {}) => ({
  displayName: 'Acme ID',
  issuer: provider.issuer,
  clientId: provider.clientId,
  clientSecret: provider.clientSecret,
  allowedDomains: [domain],
  joinOnFirstSignIn: false,
  requireSso: false,
  ...extra,
});

/** A real OpenID provider: code flow with PKCE required, consent granted without asking. */
export const startOidcProvider = async (redirectUris: string[]): Promise<OidcStandin> => {
  const accounts = new Map<string, StandinAccount>();
  const server = createServer();
  const issuer = await listen(server);
  const clientId = 'cadence-test-client';
  const clientSecret = 'cadence-test-secret-0123456789abcdef';
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    pkce: { required: () => true },
    // Put the email in the ID token itself, as Google, Entra ID and Keycloak do.
    conformIdTokenClaims: false,
    cookies: { keys: ['oidc-standin-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => {
        const account = accounts.get(id) ?? {};
        return {
          sub: id,
          email: id,
          email_verified: account.emailVerified ?? true,
          given_name: account.givenName ?? 'Ada',
          family_name: account.familyName ?? 'Lovelace',
        };
      },
    }),
    // The test client is first-party: no consent page.
    loadExistingGrant: async (ctx) => {
      const { Grant } = ctx.oidc.provider;
      const clientId = ctx.oidc.client!.clientId;
      const existing = ctx.oidc.session!.grantIdFor(clientId);
      if (existing) return Grant.find(existing);
      const grant = new Grant({ clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  server.on('request', provider.callback());
  return { issuer, clientId, clientSecret, accounts, close: () => closeServer(server) };
};

/** What the forging issuer puts in the next ID token. */
export interface Forgery {
  /** Seconds from now; negative: already expired. */
  expiresIn?: number;
  /** Signed by a key the JWKS does not hold. */
  wrongKey?: boolean;
  /** A nonce other than the one the authorization request sent. */
  nonce?: string;
  claims?: Record<string, unknown>;
}

export interface ForgingIssuer extends OidcStandin {
  /** The ID token the next token request gets. */
  forge: (forgery: Forgery) => void;
}

const bodyOf = async (request: IncomingMessage) => {
  let body = '';
  for await (const chunk of request) body += chunk;
  return new URLSearchParams(body);
};

/** A minimal issuer: discovery, JWKS, an authorize that approves at once, a token endpoint that forges. */
export const startForgingIssuer = async (): Promise<ForgingIssuer> => {
  const accounts = new Map<string, StandinAccount>();
  const good = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(good.publicKey)), kid: 'good', alg: 'RS256', use: 'sig' };
  const clientId = 'cadence-forged-client';
  const clientSecret = 'cadence-forged-secret';
  let forgery: Forgery = {};
  const nonces = new Map<string, string>();
  const server = createServer();
  const issuer = await listen(server);
  server.on('request', async (request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    if (url.pathname === '/.well-known/openid-configuration')
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
      });
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const code = `code-${nonces.size + 1}`;
      nonces.set(code, url.searchParams.get('nonce') ?? '');
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: back.href });
      return response.end();
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      const form = await bodyOf(request);
      const code = form.get('code') ?? '';
      const email = 'forged@example.test';
      const now = Math.floor(Date.now() / 1000);
      const expiresIn = forgery.expiresIn ?? 600;
      const idToken = await new SignJWT({
        iss: issuer,
        aud: form.get('client_id') ?? clientId,
        sub: email,
        iat: expiresIn < 0 ? now + expiresIn - 600 : now,
        exp: now + expiresIn,
        email,
        email_verified: true,
        nonce: forgery.nonce ?? nonces.get(code) ?? '',
        ...forgery.claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'good' })
        .sign(forgery.wrongKey ? stranger.privateKey : good.privateKey);
      return json(200, { access_token: 'forged-access', token_type: 'Bearer', expires_in: 600, id_token: idToken });
    }
    json(404, { error: 'not_found' });
  });
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    forge: (next) => {
      forgery = next;
    },
    close: () => closeServer(server),
  };
};

/** A browser's cookies for one host, enough for the provider's login (paths are ignored). */
export const cookieJar = () => {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    take: (setCookie: string[] | string | undefined) => {
      for (const line of [setCookie ?? []].flat()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        const name = pair!.slice(0, at).trim();
        const value = pair!.slice(at + 1);
        if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
  };
};

/**
 * Signs `login` in at the provider, as a browser would, from the authorization URL Cadence
 * redirected to; returns the URL the provider sends the browser back to (Cadence's callback).
 */
export const signInAtProvider = async (authorizationUrl: string, login: string): Promise<URL> => {
  const jar = cookieJar();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${url} with ${response.status}: ${await response.text()}`);
    const next = new URL(location, url);
    if (next.pathname.endsWith('/api/v2/auth/sso/callback')) return next;
    if (next.pathname.startsWith('/interaction/')) {
      // The development login form: any login, any password.
      const posted = await fetch(next, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
      });
      jar.take(posted.headers.getSetCookie());
      const resumed = posted.headers.get('location');
      if (!resumed) throw new Error(`the provider's login answered ${posted.status}: ${await posted.text()}`);
      url = new URL(resumed, next).href;
      continue;
    }
    url = next.href;
  }
  throw new Error('the provider redirected too many times');
};
