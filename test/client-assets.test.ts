import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../scripts/precompress.ts';
import { testApp } from './app.ts';

// The built client as a browser gets it: compressed once at build time, hashed assets cached for
// a year, index.html checked at every load, the app's pages answered with index.html.

const script = `export const answer = () => ${JSON.stringify('cadence '.repeat(400))};\n`;
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cadence-client-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>Cadence</title>${'<!-- x -->'.repeat(200)}`);
  writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js'), script);
  writeFileSync(path.join(dir, 'assets', 'tiny-Ef56Gh78.js'), 'export {};\n');
  precompressDir(dir);
  app = await testApp({ clientDir: dir });
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built client', () => {
  it('sends a hashed asset compressed as the browser accepts, cached for a year', async () => {
    const brotli = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

    const gzip = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a file too small to gain from compression as it is', async () => {
    const tiny = await get('/assets/tiny-Ef56Gh78.js', 'br');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};\n');
  });

  it("answers the app's pages with index.html, checked at every load", async () => {
    for (const url of ['/', '/meetings', '/chart?zoom=2']) {
      const page = await get(url, 'br');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<title>Cadence</title>');
    }
  });

  it('answers an unknown asset or API path with a 404, never index.html', async () => {
    const api = await get('/api/v2/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 'fail' });
    const asset = await get('/assets/gone-00000000.js');
    expect(asset.statusCode).toBe(404);
  });
});
