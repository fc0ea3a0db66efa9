import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMeeting, type SignedUp, signUp } from '../../../../test/factories.ts';
import { webhooksTestbed } from '../../../../test/webhooks-fixtures.ts';
import { verifySignature } from '../../../server/signing.ts';
import type { WebhookPayload, WebhookWithSecret } from '../webhooks.schemas.ts';
import { sealClearSecrets } from './webhooks.secrets.ts';

const bed = webhooksTestbed();

const rowsOf = async <T>(query: SQL) => ((await bed.app.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** A webhook of a new workspace told of new to-dos, and a to-do made there. */
const subscribedWorkspace = async () => {
  const admin = await signUp(bed.app);
  const meeting = await createMeeting(admin);
  const made = await admin.api.post<WebhookWithSecret>('/webhooks', { url: bed.receiver.url, kinds: ['task.created'] });
  expect(made.status).toBe(201);
  const addTodo = async () =>
    expect(
      (await admin.api.post('/tasks', { title: 'Sealed', type: '4', userId: admin.userId, meetingIds: [meeting.id] }))
        .status,
    ).toBe(201);
  return { admin, hook: made.body.result, addTodo };
};

/** The signature of the last delivery the bed.receiver got for `admin`'s workspace. */
const lastDeliveryFor = (admin: SignedUp) => {
  const request = bed.receiver.received
    .filter((one) => (JSON.parse(one.body) as WebhookPayload).workspace.id === admin.tenantId)
    .at(-1);
  expect(request).toBeDefined();
  return { signature: request!.headers['cadence-signature'] as string, body: request!.body };
};

describe('signing secrets at rest', () => {
  it('are sealed: the webhook row holds no copy of the secret, and a vault key rotation keeps it signing', async () => {
    const { admin, hook, addTodo } = await subscribedWorkspace();
    const [row] = await rowsOf<{ text: string; secret: string | null; sealed: string | null }>(
      sql`select row_to_json(w)::text as text, secret, encode(sealed_secret, 'hex') as sealed from webhooks w where id = ${hook.id}`,
    );
    expect(row!.secret).toBeNull();
    expect(row!.sealed).toMatch(/^[0-9a-f]{80,}$/);
    expect(row!.text).not.toContain(hook.secret);
    expect(row!.sealed).not.toContain(Buffer.from(hook.secret).toString('hex'));

    // A new workspace key re-seals the secret; the bed.receiver's secret still verifies.
    expect((await admin.api.post('/vault/rotate-key', {})).status).toBe(200);
    const [after] = await rowsOf<{ sealed: string }>(
      sql`select encode(sealed_secret, 'hex') as sealed from webhooks where id = ${hook.id}`,
    );
    expect(after!.sealed).not.toBe(row!.sealed);
    await addTodo();
    await bed.deliverAll();
    const { signature, body } = lastDeliveryFor(admin);
    expect(verifySignature(hook.secret, signature, body)).toBe(true);
  });

  it('saved in clear by an earlier version are sealed at the start (main.ts) and keep signing', async () => {
    const { admin, hook, addTodo } = await subscribedWorkspace();
    await bed.app.database.db.execute(
      sql`update webhooks set secret = 'whsec_saved_in_clear', sealed_secret = null where id = ${hook.id}`,
    );
    await addTodo();
    // Nothing is signed with a secret that is not sealed yet: the delivery waits.
    await bed.deliverAll();
    expect(bed.receiver.received.some((one) => one.body.includes(admin.tenantId))).toBe(false);

    expect(await sealClearSecrets(bed.app.database.db, bed.app.vaultKeyring)).toBeGreaterThanOrEqual(1);
    const [row] = await rowsOf<{ secret: string | null; sealed: boolean }>(
      sql`select secret, sealed_secret is not null as sealed from webhooks where id = ${hook.id}`,
    );
    expect(row).toEqual({ secret: null, sealed: true });
    await bed.deliverAll();
    const { signature, body } = lastDeliveryFor(admin);
    expect(verifySignature('whsec_saved_in_clear', signature, body)).toBe(true);
    expect(verifySignature(hook.secret, signature, body)).toBe(false);
  });
});
