import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import {
  createMeeting,
  joinWorkspace,
  meetingNow,
  type SignedUp,
  signUp,
  startLive,
} from '../../../../test/factories.ts';
import { webhookReceiver } from '../../../../test/webhook-receiver.ts';
import { verifyCadenceSignature } from '../../../../test/webhook-verify-example.ts';
import { webhooksTestbed } from '../../../../test/webhooks-fixtures.ts';
import { signatureHeader, verifySignature } from '../../../server/signing.ts';
import type { Task } from '../../tasks/tasks.schemas.ts';
import type { WebhookDeliveryPage, WebhookPayload, WebhookWithSecret } from '../webhooks.schemas.ts';

const bed = webhooksTestbed();

const subscribe = async (admin: SignedUp, kinds: string[], url = bed.receiver.url) => {
  const made = await admin.api.post<WebhookWithSecret>('/webhooks', { url, kinds });
  expect(made.status).toBe(201);
  return made.body.result;
};

const deliveriesOf = async (admin: SignedUp, id: string) =>
  (await admin.api.get<WebhookDeliveryPage>(`/webhooks/${id}/deliveries?limit=100`)).body.result;

/** The requests the bed.receiver got for `webhook`'s workspace, parsed. */
const bodiesFor = (tenantId: string) =>
  bed.receiver.received
    .map((request) => ({ ...request, payload: JSON.parse(request.body) as WebhookPayload }))
    .filter((request) => request.payload.workspace.id === tenantId);

const todo = async (who: SignedUp, meetingId: string, extra: Record<string, unknown> = {}) => {
  const made = await who.api.post<Task>('/tasks', {
    title: 'Ship the release',
    type: '4',
    userId: who.userId,
    meetingIds: [meetingId],
    ...extra,
  });
  expect(made.status).toBe(201);
  return made.body.result;
};

describe('webhook subscriptions', () => {
  it('are for admins only, show the secret once and refuse bad input with 400', async () => {
    const admin = await signUp(bed.app);
    const member = await joinWorkspace(bed.app, admin, { firstName: 'Mo' });
    const hook = await subscribe(admin, ['task.created']);
    expect(hook.secret).toMatch(/^whsec_/);
    const listed = await admin.api.get<Record<string, unknown>[]>('/webhooks');
    expect(listed.body.result).toHaveLength(1);
    expect(JSON.stringify(listed.body.result)).not.toContain(hook.secret);
    expect((await member.api.get('/webhooks')).status).toBe(403);
    expect((await member.api.post('/webhooks', { url: bed.receiver.url, kinds: ['task.created'] })).status).toBe(403);
    for (const body of [
      { url: 'ftp://example.com', kinds: ['task.created'] },
      { url: 'https://example.com', kinds: [] },
      { url: 'https://example.com', kinds: ['task.exploded'] },
      { url: 'https://example.com', kinds: ['task.created', 'task.created'] },
      { url: 'https://example.com', kinds: ['task.created'], extra: 1 },
    ]) {
      const answer = await admin.api.post('/webhooks', body);
      expect(answer.status).toBe(400);
    }
  });

  it("another workspace's webhook and deliveries are 404 and stay as they were", async () => {
    const admin = await signUp(bed.app);
    const stranger = await signUp(bed.app);
    const hook = await subscribe(admin, ['task.created']);
    const test = await admin.api.post<{ id: string }>(`/webhooks/${hook.id}/test`);
    for (const [method, url, body] of [
      ['get', `/webhooks/${hook.id}`],
      ['patch', `/webhooks/${hook.id}`, { paused: true }],
      ['delete', `/webhooks/${hook.id}`],
      ['post', `/webhooks/${hook.id}/rotate-secret`, {}],
      ['post', `/webhooks/${hook.id}/test`],
      ['get', `/webhooks/${hook.id}/deliveries`],
      ['post', `/webhooks/${hook.id}/deliveries/${test.body.result.id}/redeliver`],
    ] as const) {
      const answer = await (stranger.api[method] as (u: string, b?: unknown) => Promise<{ status: number }>)(url, body);
      expect(answer.status, `${method} ${url}`).toBe(404);
    }
    const after = await admin.api.get<{ paused: boolean }>(`/webhooks/${hook.id}`);
    expect(after.body.result.paused).toBe(false);
    expect((await deliveriesOf(admin, hook.id)).total).toBe(1);
  });

  it('refuses private addresses unless the server allows them', async () => {
    const strict = await testApp();
    try {
      const admin = await signUp(strict);
      for (const url of [
        'http://127.0.0.1/hook',
        'http://10.1.2.3/hook',
        'http://169.254.169.254/latest',
        'http://[::1]:8080/',
        'http://localhost:3000/',
      ]) {
        const answer = await admin.api.post<unknown>('/webhooks', { url, kinds: ['task.created'] });
        expect(answer.status, url).toBe(400);
      }
      expect(
        (await admin.api.post('/webhooks', { url: 'https://hooks.example.com/in', kinds: ['task.created'] })).status,
      ).toBe(201);
    } finally {
      await strict.close();
    }
  });
});

describe('deliveries', () => {
  it('sends a signed delivery of a new to-do, with the card as the API returns it', async () => {
    const admin = await signUp(bed.app);
    const meeting = await createMeeting(admin);
    const hook = await subscribe(admin, ['task.created']);
    const card = await todo(admin, meeting.id);
    const queued = await deliveriesOf(admin, hook.id);
    expect(queued.items.map((d) => [d.kind, d.status])).toEqual([['task.created', 'pending']]);
    await bed.deliverAll();
    const [request] = bodiesFor(admin.tenantId);
    expect(request).toBeDefined();
    expect(request!.payload).toMatchObject({
      kind: 'task.created',
      workspace: { id: admin.tenantId },
      data: { id: card.id, title: 'Ship the release', type: '4' },
    });
    expect(request!.headers['cadence-event-kind']).toBe('task.created');
    expect(request!.headers['cadence-event-id']).toBe(request!.payload.id);
    const signature = request!.headers['cadence-signature'] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(hook.secret, signature, request!.body)).toBe(true);
    expect(verifySignature('whsec_wrong', signature, request!.body)).toBe(false);
    expect(verifySignature(hook.secret, signature, `${request!.body} `)).toBe(false);
    // The bed.receiver's example in docs/api.md, word for word, says the same.
    const example = readFileSync('test/webhook-verify-example.ts', 'utf8').split('\n\n').slice(1).join('\n\n').trim();
    expect(readFileSync('docs/api.md', 'utf8')).toContain(example);
    expect(verifyCadenceSignature(hook.secret, signature, request!.body)).toBe(true);
    expect(verifyCadenceSignature('whsec_wrong', signature, request!.body)).toBe(false);
    const logged = (await deliveriesOf(admin, hook.id)).items[0]!;
    expect(logged).toMatchObject({ status: 'succeeded', responseStatus: 200, attempts: 1 });
    expect(logged.responseMs).toBeGreaterThanOrEqual(0);
  });

  it('verification rejects an old timestamp (no replay later)', () => {
    const body = '{"id":"x"}';
    const old = Math.floor(Date.now() / 1000) - 3600;
    expect(verifySignature('whsec_a', signatureHeader(['whsec_a'], old, body), body)).toBe(false);
    const now = Math.floor(Date.now() / 1000);
    expect(verifySignature('whsec_a', signatureHeader(['whsec_b', 'whsec_a'], now, body), body)).toBe(true);
  });

  it('tells done, solved and goal status apart, each to whom subscribed', async () => {
    const admin = await signUp(bed.app);
    const meeting = await createMeeting(admin);
    await subscribe(admin, ['task.changed', 'task.done', 'issue.solved', 'goal.statusChanged']);
    const item = await todo(admin, meeting.id);
    const issue = await todo(admin, meeting.id, { type: '2', title: 'Churn is up' });
    const goal = await todo(admin, meeting.id, { type: '1', title: 'Hire two engineers', dueDate: '2030-03-31' });
    expect((await admin.api.patch(`/tasks/${item.id}`, { title: 'Ship the release today' })).status).toBe(200);
    expect((await admin.api.patch(`/tasks/${item.id}`, { status: '1' })).status).toBe(200);
    expect((await admin.api.patch(`/tasks/${issue.id}`, { status: '1' })).status).toBe(200);
    expect((await admin.api.patch(`/tasks/${goal.id}`, { status: '2' })).status).toBe(200);
    await bed.deliverAll();
    const told = bodiesFor(admin.tenantId).map((r) => `${r.payload.kind} ${(r.payload.data as { id: string }).id}`);
    expect(told.sort()).toEqual(
      [
        `task.changed ${item.id}`,
        `task.changed ${item.id}`,
        `task.done ${item.id}`,
        `task.changed ${issue.id}`,
        `task.done ${issue.id}`,
        `issue.solved ${issue.id}`,
        `task.changed ${goal.id}`,
        `goal.statusChanged ${goal.id}`,
      ].sort(),
    );
  });

  it('tells of people added and disabled', async () => {
    const admin = await signUp(bed.app);
    await subscribe(admin, ['person.added', 'person.disabled']);
    const mo = await joinWorkspace(bed.app, admin, { firstName: 'Mo' });
    expect((await admin.api.post(`/users/${mo.userId}/disable`)).status).toBe(200);
    await bed.deliverAll();
    const told = bodiesFor(admin.tenantId).map((r) => [r.payload.kind, (r.payload.data as { id: string }).id]);
    expect(told).toContainEqual(['person.added', mo.userId]);
    expect(told).toContainEqual(['person.disabled', mo.userId]);
  });

  it('tells of a meeting started, and finished with its archive', async () => {
    const admin = await signUp(bed.app);
    await subscribe(admin, ['meeting.started', 'meeting.finished']);
    const meeting = await meetingNow(admin, [admin.userId]);
    const sessionId = await startLive(admin, meeting.id);
    expect((await admin.api.post(`/sessions/${sessionId}/finish`, {})).status).toBe(200);
    await bed.deliverAll();
    // Sent side by side, they may arrive in either order: the time of each change orders them.
    const told = bodiesFor(admin.tenantId)
      .map((r) => r.payload)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    expect(told.map((p) => p.kind)).toEqual(['meeting.started', 'meeting.finished']);
    expect(told[0]!.data).toMatchObject({ sessionId, meeting: { id: meeting.id } });
    const archive = await admin.api.get(`/sessions/${sessionId}/archive/`);
    expect(told[1]!.data).toEqual({ sessionId, archive: archive.body.result });
  });

  it('tells of a KPI value entered, not of one cleared, and nothing to a workspace with no webhook', async () => {
    const admin = await signUp(bed.app);
    const quiet = await signUp(bed.app);
    await subscribe(admin, ['kpi.valueEntered']);
    for (const who of [admin, quiet]) {
      const meeting = await createMeeting(who);
      const score = (
        await who.api.post<{ id: string }>(`/meetings/${meeting.id}/scores`, {
          title: 'Revenue',
          userId: who.userId,
          goal: '>=',
          score: '1000',
          type: 'number',
        })
      ).body.result;
      const [session] = (await who.api.get<{ id: string }[]>(`/meetings/${meeting.id}/sessions`)).body.result;
      expect((await who.api.put(`/scores/${score.id}/cells/${session!.id}`, { measured: '1,250' })).status).toBe(200);
      expect((await who.api.put(`/scores/${score.id}/cells/${session!.id}`, { measured: null })).status).toBe(200);
    }
    await bed.deliverAll();
    const told = bodiesFor(admin.tenantId).map((r) => r.payload);
    expect(told.map((p) => [p.kind, (p.data as { cell: { measured: string } }).cell.measured])).toEqual([
      ['kpi.valueEntered', '1250'],
    ]);
    expect(bodiesFor(quiet.tenantId)).toEqual([]);
  });

  it('queues in the change’s transaction: a rolled-back change sends nothing', async () => {
    const admin = await signUp(bed.app);
    const meeting = await createMeeting(admin);
    const card = await todo(admin, meeting.id);
    const hook = await subscribe(admin, ['task.changed']);
    const change = (fail: boolean) =>
      import('../../../server/jobs/jobTransaction.ts').then(({ inJobTransaction }) =>
        inJobTransaction(bed.deps, async (ctx) => {
          const { tasks } = await import('../../../db/schema/index.ts');
          const { eq } = await import('drizzle-orm');
          await ctx.db
            .update(tasks)
            .set({ title: fail ? 'Never' : 'Renamed' })
            .where(eq(tasks.id, card.id));
          ctx.publish({
            tenantId: admin.tenantId,
            type: 'task.changed',
            data: { id: card.id, action: 'updated', boardId: null },
          });
          if (fail) throw new Error('rolled back');
        }),
      );
    await expect(change(true)).rejects.toThrow('rolled back');
    expect((await deliveriesOf(admin, hook.id)).total).toBe(0);
    await change(false);
    await bed.deliverAll();
    const sent = bodiesFor(admin.tenantId);
    expect(sent.map((r) => (r.payload.data as { title: string }).title)).toEqual(['Renamed']);
  });

  it('retries with backoff until the bed.receiver succeeds, then pauses after repeated failures and tells the admins', async () => {
    const flaky = await webhookReceiver([500, 503, 200]);
    try {
      const admin = await signUp(bed.app);
      const meeting = await createMeeting(admin);
      const hook = await subscribe(admin, ['task.created'], flaky.url);
      await todo(admin, meeting.id);
      const options = { allowPrivate: true, backoffBaseMs: 0, pauseAfter: 5 };
      await bed.deliverAll(options);
      const [first] = (await deliveriesOf(admin, hook.id)).items;
      expect(first).toMatchObject({ status: 'succeeded', attempts: 3, responseStatus: 200 });
      expect(flaky.received).toHaveLength(3);
      // The same event id each time: a bed.receiver drops repeats.
      expect(new Set(flaky.received.map((r) => r.headers['cadence-event-id'])).size).toBe(1);

      // With a real backoff the next try waits: one attempt now, the retry later.
      flaky.answer([500]);
      await todo(admin, meeting.id, { title: 'Second' });
      await bed.deliverAll({ allowPrivate: true, pauseAfter: 5 });
      const [waiting] = (await deliveriesOf(admin, hook.id)).items;
      expect(waiting).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, error: 'HTTP 500' });
      expect(Date.parse(waiting!.nextAttemptAt!) - Date.now()).toBeGreaterThan(20_000);

      // Failing on and on: paused after 5 failures in a row, and the admin is told.
      await todo(admin, meeting.id, { title: 'Third' });
      await bed.deliverAll(options);
      const paused = await admin.api.get<{ paused: boolean; pausedReason: string }>(`/webhooks/${hook.id}`);
      expect(paused.body.result.paused).toBe(true);
      expect(paused.body.result.pausedReason).toContain('5 failed');
      const notices = await admin.api.get<{ items: { message: string }[] }>('/notifications');
      expect(JSON.stringify(notices.body.result)).toContain(flaky.url);
      const before = flaky.received.length;
      // Paused: nothing more is queued or sent…
      await todo(admin, meeting.id, { title: 'Fourth' });
      await bed.deliverAll(options);
      expect(flaky.received.length).toBe(before);
      // …until resumed.
      flaky.answer([200]);
      expect((await admin.api.patch(`/webhooks/${hook.id}`, { paused: false })).status).toBe(200);
      await bed.deliverAll(options);
      expect(flaky.received.length).toBeGreaterThan(before);
      const resumed = await admin.api.get<{ failuresInRow: number }>(`/webhooks/${hook.id}`);
      expect(resumed.body.result.failuresInRow).toBe(0);
    } finally {
      await flaky.close();
    }
  });

  it('sends a test, redelivers with the same event id, and signs with both secrets during a rotation', async () => {
    const admin = await signUp(bed.app);
    const hook = await subscribe(admin, ['task.created']);
    const test = await admin.api.post<{ id: string; kind: string }>(`/webhooks/${hook.id}/test`);
    expect(test.status).toBe(201);
    await bed.deliverAll();
    const rotated = await admin.api.post<WebhookWithSecret>(`/webhooks/${hook.id}/rotate-secret`, {});
    expect(rotated.status).toBe(200);
    expect(rotated.body.result.secret).not.toBe(hook.secret);
    expect(rotated.body.result.previousSecretUntil).not.toBeNull();
    const again = await admin.api.post(`/webhooks/${hook.id}/deliveries/${test.body.result.id}/redeliver`);
    expect(again.status).toBe(201);
    await bed.deliverAll();
    const [first, second] = bodiesFor(admin.tenantId);
    expect(first!.payload.kind).toBe('webhook.test');
    expect(second!.body).toBe(first!.body);
    const header = second!.headers['cadence-signature'] as string;
    expect(header.split(',').filter((part) => part.startsWith('v1='))).toHaveLength(2);
    expect(verifySignature(hook.secret, header, second!.body)).toBe(true);
    expect(verifySignature(rotated.body.result.secret, header, second!.body)).toBe(true);
    const log = await deliveriesOf(admin, hook.id);
    expect(log.total).toBe(2);
    expect(log.items.every((d) => d.status === 'succeeded')).toBe(true);
    const paged = await admin.api.get<WebhookDeliveryPage>(`/webhooks/${hook.id}/deliveries?limit=1&offset=1`);
    expect(paged.body.result).toMatchObject({ total: 2, offset: 1 });
    expect(paged.body.result.items).toHaveLength(1);
  });
});
