import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Meeting, MeetingPage } from '../src/features/meetings/meetings.schemas.ts';
import { messages } from '../src/shared/messages.ts';
import { testApp } from './app.ts';
import { client, createMeeting, signUp } from './factories.ts';

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
    expect(picture.rawPayload.equals(PNG)).toBe(true);

    // Another picture: a new address; the old one is gone.
    const other = Buffer.concat([PNG, Buffer.from([0])]);
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
