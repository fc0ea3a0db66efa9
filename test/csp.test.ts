import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { FRAME_ORIGINS } from '../src/shared/constants.ts';
import { testApp } from './app.ts';

// The CSP names its sources: no scheme wildcards (`https:`, `ws:`, `wss:`) and no `*`.

// Each test closes its servers: on PostgreSQL every server holds one of the worker pool's few
// connections for its real-time adapter (LISTEN), so servers kept to the end exhaust the pool.
const apps: FastifyInstance[] = [];
afterEach(() => Promise.all(apps.splice(0).map((app) => app.close())));

const policyOf = async (overrides: Parameters<typeof testApp>[0]) => {
  const app = await testApp(overrides);
  apps.push(app);
  const response = await app.inject({ method: 'GET', url: '/api/health' });
  const header = String(response.headers['content-security-policy']);
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return { header, directives };
};

const wildcard = /(^|\s)(\*|https?:|wss?:)(\s|;|$)/;

describe('Content-Security-Policy', () => {
  it('names only its own origin, its socket and the embedded frames, without wildcards', async () => {
    const { header, directives } = await policyOf({ publicUrl: 'https://cadence.example.org' });
    for (const [name, sources] of directives) {
      for (const source of sources) expect(source, `${name} ${source}`).not.toMatch(wildcard);
    }
    expect(header).not.toContain('*');
    expect(directives.get('connect-src')).toEqual(["'self'", 'wss://cadence.example.org']);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('frame-src')).toEqual([...FRAME_ORIGINS]);
    expect(directives.get('frame-src')).toContain('https://calendar.google.com');
    expect(directives.get('object-src')).toEqual(["'none'"]);
  });

  it('takes the socket origin from PUBLIC_URL (ws for http) and adds Google only when it is configured', async () => {
    const plain = await policyOf({ publicUrl: 'http://localhost:3000' });
    expect(plain.directives.get('connect-src')).toEqual(["'self'", 'ws://localhost:3000']);
    expect(plain.header).not.toContain('accounts.google.com');

    const google = await policyOf({ publicUrl: 'https://cadence.example.org', googleClientId: 'client.apps' });
    expect(google.directives.get('connect-src')).toEqual([
      "'self'",
      'wss://cadence.example.org',
      'https://accounts.google.com',
    ]);
    expect(google.directives.get('script-src')).toEqual(["'self'", 'https://accounts.google.com']);
    expect(google.directives.get('frame-src')).toContain('https://accounts.google.com');
    expect(google.header).not.toMatch(wildcard);
  });
});

// helmet's headers are worked out once at start (decision 040): every answer carries them,
// successes, refusals before routing and unknown routes alike.
describe('security headers', () => {
  it('come with every answer', async () => {
    const app = await testApp({});
    apps.push(app);
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/api/openapi.json' }),
      app.inject({ method: 'GET', url: '/api/v2/self' }),
      app.inject({ method: 'GET', url: '/api/v2/no-such-route' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404]);
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });
});
