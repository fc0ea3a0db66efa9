import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgChartSeatImages, orgChartSeats, tenants } from '../src/db/schema/index.ts';
import type { Meeting, MeetingPage } from '../src/features/meetings/meetings.schemas.ts';
import { orgchartMessages } from '../src/features/orgchart/orgchart.messages.ts';
import { serverMessages } from '../src/server/server.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { testApp } from './app.ts';
import { client, createMeeting, signUp, uploadFile } from './factories.ts';

// Pictures travel by address, not inside JSON (issue "The API under load", decision 039).

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

describe('pictures by address', () => {
  it('answers a meeting’s image as an address that serves the bytes, cacheable, until the image changes', async () => {
    const admin = await signUp(app);
    const meeting = await createMeeting(admin);
    expect((await admin.api.patch(`/meetings/${meeting.id}`, { image: dataUrl(PNG) })).status).toBe(200);
    const url = (await admin.api.get<Meeting>(`/meetings/${meeting.id}`)).body.result.image!;
    expect(url).toMatch(new RegExp(`^/api/v2/images/meetings/${meeting.id}/[0-9a-f]{32}$`));
    const listed = (await admin.api.get<MeetingPage>('/meetings')).body.result.items[0]!;
    expect(listed.image).toBe(url);
    expect(JSON.stringify(listed)).not.toContain('base64');

    // An <img> sends no token: the address itself is enough.
    const picture = await app.inject({ method: 'GET', url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect((await sharp(picture.rawPayload).metadata()).format).toBe('png');

    // Another picture: a new address; the old one is gone.
    const other = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    expect((await admin.api.patch(`/meetings/${meeting.id}`, { image: dataUrl(other) })).status).toBe(200);
    const next = (await admin.api.get<Meeting>(`/meetings/${meeting.id}`)).body.result.image!;
    expect(next).not.toBe(url);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: next })).statusCode).toBe(200);
    // Removed: no address.
    await admin.api.patch(`/meetings/${meeting.id}`, { image: null });
    expect((await admin.api.get<Meeting>(`/meetings/${meeting.id}`)).body.result.image).toBeNull();
    expect((await app.inject({ method: 'GET', url: next })).statusCode).toBe(404);
  });

  it('answers 404 to a guessed or malformed address, and refuses an image that is not a picture', async () => {
    const admin = await signUp(app);
    const meeting = await createMeeting(admin);
    expect((await admin.api.patch(`/meetings/${meeting.id}`, { image: dataUrl(PNG) })).status).toBe(200);
    const guessed = await client(app).get(`/api/v2/images/meetings/${meeting.id}/${'0'.repeat(32)}`);
    expect(guessed.status).toBe(404);
    expect(guessed.body.status).toBe('fail');
    // A malformed address is a 404 like any unknown path id (decision 024).
    expect((await client(app).get(`/api/v2/images/meetings/${meeting.id}/not-a-hash`)).status).toBe(404);
    expect((await client(app).get(`/api/v2/images/tenants/${meeting.id}/${'0'.repeat(32)}`)).status).toBe(404);
    // Sending an address (or anything but a picture) back as the image is refused.
    for (const image of ['/api/v2/images/meetings/x/y', dataUrl(PNG, 'image/svg+xml'), 'hello']) {
      const answer = await admin.api.patch(`/meetings/${meeting.id}`, { image });
      expect(answer.status, image).toBe(400);
      expect(answer.body.errors?.image).toBe(messages.imageWrongType);
    }
  });
});

/** Sixteen bytes that start like a PNG and are not one: the attack run's picture. */
const BROKEN_PNG = Buffer.concat([PNG.subarray(0, 8), Buffer.from('IHDRbrokenxx')]).subarray(0, 16);

/** The text a PDF shows (its streams inflated, the hex and literal strings of its text read). */
const pdfText = (pdf: Buffer) => {
  const raw = pdf.toString('latin1');
  let text = '';
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let body: string;
    try {
      body = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      body = match[1]!;
    }
    for (const piece of body.matchAll(/<([0-9a-fA-F]+)>|\(((?:[^()\\]|\\.)*)\)/g))
      text += piece[1] ? Buffer.from(piece[1], 'hex').toString('latin1') : piece[2];
  }
  return text;
};

describe('uploaded pictures are decoded and stored as a fresh copy (decision 076)', () => {
  it('refuses what starts like a picture but does not decode, on every upload route, and stores nothing', async () => {
    const admin = await signUp(app);
    const chart = (await admin.api.post<{ seats: { id: string }[] }>('/org-chart')).body.result;
    const seat = chart.seats[0]!.id;
    const cases = [
      { method: 'PUT', url: `/org-chart/seats/${seat}/image`, message: orgchartMessages.seatImageType },
      { method: 'PUT', url: '/self/photo', message: messages.photoTypeNotAllowed },
      { method: 'PUT', url: '/general-settings/logo', message: messages.photoTypeNotAllowed },
    ] as const;
    for (const { method, url, message } of cases) {
      const answer = await uploadFile(app, admin.token, method, url, BROKEN_PNG);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json()).toMatchObject({ status: 'fail', message, errors: { file: message } });
    }
    const meeting = await createMeeting(admin);
    const sent = await admin.api.patch(`/meetings/${meeting.id}`, { image: dataUrl(BROKEN_PNG) });
    expect(sent.status).toBe(400);
    expect(sent.body.errors?.image).toBe(messages.imageWrongType);
    expect((await admin.api.get<Meeting>(`/meetings/${meeting.id}`)).body.result.image).toBeNull();
    expect((await admin.api.get<{ image: string | null }>('/self')).body.result.image ?? null).toBeNull();
    // The chart still exports.
    const pdf = await app.inject({
      method: 'GET',
      url: '/api/v2/org-chart/export?paper=A4',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(pdf.statusCode).toBe(200);
  });

  it('stores a big photo at most 1024 pixels on its longer side, upright, without its metadata', async () => {
    const admin = await signUp(app);
    const big = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#cc3300' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret camera owner', ImageDescription: 'home address' } })
      .toBuffer();
    expect((await sharp(big).metadata()).exif).toBeDefined();
    const answer = await uploadFile(app, admin.token, 'PUT', '/self/photo', big, 'big.jpg');
    expect(answer.statusCode).toBe(200);
    const url = answer.json().result.image as string;
    const stored = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin.token}` } });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(stored.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 512]);
    expect(meta.exif).toBeUndefined();
    expect(stored.rawPayload.toString('latin1')).not.toContain('secret camera owner');
  });

  it('exports the org chart when a stored picture does not decode, leaving it out and saying so', async () => {
    const admin = await signUp(app);
    const chart = (await admin.api.post<{ seats: { id: string }[] }>('/org-chart')).body.result;
    const [first, second] = chart.seats;
    // A good picture through the API, and a broken one as stored before uploads were decoded.
    expect((await uploadFile(app, admin.token, 'PUT', `/org-chart/seats/${first!.id}/image`, PNG)).statusCode).toBe(
      200,
    );
    await app.database.db
      .insert(orgChartSeatImages)
      .values({ seatId: second!.id, mimeType: 'image/png', bytes: BROKEN_PNG, hash: 'f'.repeat(64) });
    await app.database.db
      .update(orgChartSeats)
      .set({ image: `/api/v2/org-chart/seats/${second!.id}/image/${'f'.repeat(64)}` })
      .where(eq(orgChartSeats.id, second!.id));
    // And a workspace logo that does not decode either.
    await app.database.db
      .update(tenants)
      .set({ iconLogo: dataUrl(BROKEN_PNG) })
      .where(eq(tenants.id, admin.tenantId));
    const pdf = await app.inject({
      method: 'GET',
      url: '/api/v2/org-chart/export?paper=A4',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdfText(pdf.rawPayload)).toContain(serverMessages.picturesLeftOut(2));
    // The good picture is still drawn.
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
    // Without broken pictures: no note.
    await app.database.db.delete(orgChartSeatImages).where(eq(orgChartSeatImages.seatId, second!.id));
    await app.database.db.update(tenants).set({ iconLogo: null }).where(eq(tenants.id, admin.tenantId));
    const clean = await app.inject({
      method: 'GET',
      url: '/api/v2/org-chart/export?paper=A4',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(clean.statusCode).toBe(200);
    expect(pdfText(clean.rawPayload)).not.toContain('could not be read');
  });
});
