import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { emailTemplates, memberships } from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import type { Mail } from '../../../server/mail/mailer.ts';
import { type EmailText, renderEmail } from '../../../shared/emailRender.ts';
import {
  EMAIL_TEMPLATES,
  type EmailTemplateKey,
  type EmailValues,
  type EmailVariable,
} from '../../../shared/emailTemplates.ts';

// How the features that send mail get it written (decision 050): the text is the workspace's
// custom template for that kind of email, else the default; the values fill its variables.

/**
 * Whose template a mail uses: a workspace's (mail about that workspace), a person's account
 * (the workspace they used last, else the first they joined), or none (the default).
 */
export type TemplateScope = { tenantId: string } | { accountOf: string } | null;

type Custom = { subject: string | null; message: string } | null | undefined;

/** A template's text: the custom subject and message over the defaults. */
export const templateText = (key: EmailTemplateKey, custom: Custom): EmailText => ({
  subject: custom?.subject ?? EMAIL_TEMPLATES[key].subject,
  message: custom?.message ?? EMAIL_TEMPLATES[key].message,
});

/** The mail to `to` of a template's text with these values. */
export const mailOf = (text: EmailText, to: string, values: Partial<Record<EmailVariable, string>>): Mail => ({
  to,
  ...renderEmail(text, values),
});

/** The workspace whose templates a person's account mail uses: one statement, also with the text. */
const accountTemplate = (db: Db, userId: string, key: EmailTemplateKey) =>
  db
    .select({ subject: emailTemplates.subject, message: emailTemplates.message })
    .from(memberships)
    .leftJoin(emailTemplates, and(eq(emailTemplates.tenantId, memberships.tenantId), eq(emailTemplates.key, key)))
    .where(and(eq(memberships.userId, userId), eq(memberships.disabled, false)))
    .orderBy(
      sql`(select max(s.created_at) from auth_sessions s
        where s.user_id = ${memberships.userId} and s.tenant_id = ${memberships.tenantId}) desc nulls last`,
      asc(memberships.createdAt),
    )
    .limit(1);

/** The text of one template in a scope (one statement; none without a scope). */
export const loadTemplateText = async (db: Db, scope: TemplateScope, key: EmailTemplateKey): Promise<EmailText> => {
  if (!scope) return templateText(key, null);
  const [row] =
    'tenantId' in scope
      ? await db
          .select({ subject: emailTemplates.subject, message: emailTemplates.message })
          .from(emailTemplates)
          .where(and(eq(emailTemplates.tenantId, scope.tenantId), eq(emailTemplates.key, key)))
      : await accountTemplate(db, scope.accountOf, key);
  return templateText(key, row?.message ? { subject: row.subject, message: row.message } : null);
};

/** One mail of a template in a scope, to `to`, with its values filled in. */
export const composeMail = async <K extends EmailTemplateKey>(
  db: Db,
  scope: TemplateScope,
  key: K,
  to: string,
  values: EmailValues<K>,
): Promise<Mail> => mailOf(await loadTemplateText(db, scope, key), to, values);

/**
 * The texts of some templates in several workspaces, for a batch of mails (one statement):
 * `textFor(tenantId, key)` answers the custom text or the default.
 */
export const loadWorkspaceTemplates = async (db: Db, tenantIds: string[], keys: EmailTemplateKey[]) => {
  const rows =
    tenantIds.length === 0 || keys.length === 0
      ? []
      : await db
          .select()
          .from(emailTemplates)
          .where(
            and(
              anyOf(emailTemplates.tenantId, tenantIds),
              sql`${emailTemplates.key} = any(${sql.param(keys)}::text[])`,
            ),
          );
  const custom = new Map(rows.map((row) => [`${row.tenantId}:${row.key}`, row]));
  return (tenantId: string, key: EmailTemplateKey) => templateText(key, custom.get(`${tenantId}:${key}`));
};
