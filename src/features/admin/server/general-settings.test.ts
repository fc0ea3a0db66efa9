import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, PNG_PIXEL as PNG, signUp, uploadFile } from '../../../../test/factories.ts';
import { messages } from '../../../shared/messages.ts';
import { adminMessages } from '../admin.messages.ts';
import type { GeneralSettings } from '../admin.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

const upload = (token: string, bytes: Buffer, fileName = 'logo.png') =>
  uploadFile(app, token, 'PUT', '/general-settings/logo', bytes, fileName);

describe('general settings', () => {
  it('starts with the default colours, saves the chosen keys and resets a blank one', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    const before = await member.api.get<GeneralSettings>('/general-settings');
    expect(before.body.result).toMatchObject({ id: '1', primaryColor1: null, secondaryColor4: null, iconLogo: null });
    const saved = await admin.api.post<GeneralSettings>('/general-settings', {
      id: '1',
      primary_color1: '#0B7285',
      secondaryColor1: '#f1f3f5',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({
      primaryColor1: '#0b7285',
      secondaryColor1: '#f1f3f5',
      primaryColor2: null,
    });
    const reset = await admin.api.post<GeneralSettings>('/general-settings', { primaryColor1: '' });
    expect(reset.body.result).toMatchObject({ primaryColor1: null, secondaryColor1: '#f1f3f5' });
    expect((await member.api.get<GeneralSettings>('/general-settings')).body.result.secondaryColor1).toBe('#f1f3f5');
  });

  it('refuses a colour that is not #rrggbb and non-admins, storing nothing', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    const bad = await admin.api.post('/general-settings', { primaryColor1: 'red', primaryColor2: '#123456' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ primaryColor1: messages.colourFormat });
    const unknown = await admin.api.post('/general-settings', { tertiaryColor: '#123456' });
    expect(unknown.status).toBe(400);
    expect((await member.api.post('/general-settings', { primaryColor1: '#123456' })).status).toBe(403);
    expect((await upload(member.token, PNG)).statusCode).toBe(403);
    expect((await member.api.delete('/general-settings/logo')).status).toBe(403);
    expect((await admin.api.get<GeneralSettings>('/general-settings')).body.result.primaryColor2).toBeNull();
  });

  it('takes a real image as logo, shows it in the workspace picker, and refuses disguised or large files', async () => {
    const admin = await signUp(app);
    const saved = await upload(admin.token, PNG);
    expect(saved.statusCode).toBe(200);
    const iconLogo = saved.json().result.iconLogo as string;
    expect(iconLogo).toMatch(/^\/api\/v2\/tenants\/[\w-]+\/logo\/[0-9a-f]{64}$/);
    const picker = await admin.api.get<{ id: string; iconLogo: string | null }[]>('/tenants');
    expect(picker.body.result.find((w) => w.id === admin.tenantId)?.iconLogo).toBe(iconLogo);
    const image = await app.inject({ method: 'GET', url: iconLogo });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // Stored as a decoded copy (decision 076): a PNG still, not the same bytes.
    expect((await sharp(image.rawPayload).metadata()).format).toBe('png');

    const disguised = await upload(admin.token, Buffer.from('<svg onload="alert(1)"></svg>'), 'logo.png');
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().message).toBe(messages.photoTypeNotAllowed);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await upload(admin.token, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(adminMessages.logoTooLarge);
    expect((await admin.api.get<GeneralSettings>('/general-settings')).body.result.iconLogo).toBe(iconLogo);

    const removed = await admin.api.delete<GeneralSettings>('/general-settings/logo');
    expect(removed.body.result.iconLogo).toBeNull();
    expect((await app.inject({ method: 'GET', url: iconLogo })).statusCode).toBe(404);
  });
});
