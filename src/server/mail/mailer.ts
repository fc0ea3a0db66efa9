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
   * Records the mail (or several, in one statement) in the outbox inside the caller's
   * transaction, so a failed request sends nothing; the returned function delivers them once the
   * transaction has committed.
   */
  enqueue(db: Db, mail: Mail | readonly Mail[]): Promise<() => Promise<void>>;
}

const FROM = 'Cadence <no-reply@cadence.local>';
const INSERT_CHUNK = 5000;

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
      const mails = Array.isArray(mail) ? (mail as readonly Mail[]) : [mail as Mail];
      const rows: { id: string }[] = [];
      // One INSERT per INSERT_CHUNK mails (its parameters stay under PostgreSQL's 65,535).
      for (let at = 0; at < mails.length; at += INSERT_CHUNK)
        rows.push(
          ...(await db
            .insert(outbox)
            .values(mails.slice(at, at + INSERT_CHUNK))
            .returning({ id: outbox.id })),
        );
      const deliverOne = async (one: Mail, mailId: string | undefined) => {
        if (outboxFile) await appendFile(outboxFile, `${JSON.stringify(one)}\n`).catch(() => {});
        if (!transport) {
          // The outbox row has the address; the log keeps no personal data.
          log.info({ mailId }, 'mail kept in the outbox (no SMTP_URL)');
          return;
        }
        try {
          await transport.sendMail({ from: FROM, ...one });
        } catch (err) {
          log.warn({ err, mailId }, 'mail could not be sent');
        }
      };
      return async () => {
        for (const [i, one] of mails.entries()) await deliverOne(one, rows[i]?.id);
      };
    },
  };
};
