import { appendFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /**
   * Records the mail in the outbox inside the caller's transaction, so a failed request sends
   * nothing; the returned function delivers it once the transaction has committed.
   */
  enqueue(db: Db, mail: Mail): Promise<() => Promise<void>>;
}

const FROM = 'Cadence <no-reply@cadence.local>';

/**
 * SMTP when `smtpUrl` is set; otherwise the outbox table is the mailbox and a log line tells.
 * With `outboxFile`, every delivered mail is also appended to that file as one JSON line, so
 * that browser tests and developers can follow emailed links.
 */
export const createMailer = (
  smtpUrl: string | undefined,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  outboxFile?: string,
): Mailer => {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async enqueue(db, mail) {
      const [row] = await db.insert(outbox).values(mail).returning({ id: outbox.id });
      return async () => {
        if (outboxFile) await appendFile(outboxFile, `${JSON.stringify(mail)}\n`).catch(() => {});
        if (!transport) {
          // The outbox row has the address; the log keeps no personal data.
          log.info({ mailId: row!.id }, 'mail kept in the outbox (no SMTP_URL)');
          return;
        }
        try {
          await transport.sendMail({ from: FROM, ...mail });
        } catch (err) {
          log.warn({ err, mailId: row!.id }, 'mail could not be sent');
        }
      };
    },
  };
};
