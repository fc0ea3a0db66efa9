import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarYear } from '../../../../test/annual-fixtures.ts';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, signUp } from '../../../../test/factories.ts';
import { connect, eventually, listen, settle } from '../../../../test/realtime.ts';

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

describe('administration in real time', () => {
  it("sends new colours and changed quarters to the workspace's members only", async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    const outsider = await signUp(app);
    const watcher = await connect(baseUrl, member.token);
    const stranger = await connect(baseUrl, outsider.token);

    await admin.api.post('/general-settings', { primaryColor1: '#0b7285' });
    await eventually(() => watcher.received.some((m) => (m as { type: string }).type === 'generalSettings.changed'));
    const colours = watcher.received.find((m) => (m as { type: string }).type === 'generalSettings.changed') as {
      data: { primaryColor1: string };
    };
    expect(colours.data.primaryColor1).toBe('#0b7285');

    const year = new Date().getUTCFullYear() + 1;
    await admin.api.post('/annuals', calendarYear(year));
    await eventually(() => watcher.received.some((m) => (m as { type: string }).type === 'quarters.changed'));
    await settle();
    expect(stranger.received).toEqual([]);
    watcher.socket.close();
    stranger.socket.close();
  });
});
