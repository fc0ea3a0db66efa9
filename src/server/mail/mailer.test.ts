import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workerDatabase } from '../../../test/app.ts';
import { uniqueEmail } from '../../../test/factories.ts';
import { outbox } from '../../db/schema/index.ts';
import { createMailer } from './mailer.ts';

describe('mailer without SMTP', () => {
  it('keeps the mail in the outbox, logs it by id without its address or text, and appends it to OUTBOX_FILE', async () => {
    const { db } = await workerDatabase();
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'cadence-outbox-')), 'mail.jsonl');
    const logged: unknown[] = [];
    const mailer = createMailer(undefined, { info: (entry: unknown) => void logged.push(entry), warn: () => {} }, file);
    const to = uniqueEmail('mail');

    const deliver = await mailer.enqueue(db, { to, subject: 'Hello', text: 'Body with a link' });
    expect(await db.select().from(outbox).where(eq(outbox.to, to))).toHaveLength(1);
    await deliver();

    expect(JSON.parse(readFileSync(file, 'utf8').trim())).toEqual({ to, subject: 'Hello', text: 'Body with a link' });
    expect(logged).toEqual([expect.objectContaining({ mailId: expect.any(String) })]);
    expect(JSON.stringify(logged)).not.toContain('Body with a link');
    expect(JSON.stringify(logged)).not.toContain(to);
  });
});
