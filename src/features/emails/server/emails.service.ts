import { and, eq } from 'drizzle-orm';
import { emailTemplates } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { renderEmail, templateTextError } from '../../../shared/emailRender.ts';
import {
  EMAIL_TEMPLATE_KEYS,
  EMAIL_TEMPLATES,
  EMAIL_VARIABLE_CODES,
  EMAIL_VARIABLES,
  type EmailTemplateKey,
  isEmailTemplateKey,
  sampleValues,
} from '../../../shared/emailTemplates.ts';
import { badRequest, notFound } from '../../../shared/errors.ts';
import type {
  EmailPreview,
  EmailTemplate,
  EmailVariableInfo,
  PreviewEmailTemplate,
  SaveEmailTemplate,
} from '../emails.schemas.ts';
import { templateText } from './emails.send.ts';

// Administration → Emails (decision 050): the admins of a workspace read every template with its
// default and their own text, save a custom subject and message, reset to the default, and preview
// a draft with sample values. Every call is the caller's workspace's only.

type Row = typeof emailTemplates.$inferSelect;

const toTemplate = (key: EmailTemplateKey, row: Row | undefined): EmailTemplate => {
  const definition = EMAIL_TEMPLATES[key];
  return {
    id: key,
    templateName: definition.title,
    description: definition.description,
    defaultSubject: definition.subject,
    defaultMessage: definition.message,
    customSubject: row?.subject ?? null,
    customMessage: row?.message ?? null,
    variables: [...definition.variables],
    requiredVariables: [...definition.required],
    changedAt: row?.changedAt.toISOString() ?? null,
  };
};

/** An admin's known key; anything else is 404 like a record that is not there. */
const adminKey = (ctx: TenantContext, key: string): EmailTemplateKey => {
  assertWorkspaceAdmin(ctx);
  if (!isEmailTemplateKey(key)) throw notFound();
  return key;
};

const ownRow = (ctx: TenantContext, key: EmailTemplateKey) =>
  and(eq(emailTemplates.tenantId, ctx.tenantId), eq(emailTemplates.key, key));

const readRow = async (ctx: TenantContext, key: EmailTemplateKey) =>
  (await ctx.db.select().from(emailTemplates).where(ownRow(ctx, key)))[0];

/** `GET email-templates`: every template (a fixed list in code, so one page), in one statement. */
export const listEmailTemplates = async (ctx: TenantContext): Promise<EmailTemplate[]> => {
  assertWorkspaceAdmin(ctx);
  const rows = await ctx.db.select().from(emailTemplates).where(eq(emailTemplates.tenantId, ctx.tenantId));
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return EMAIL_TEMPLATE_KEYS.map((key) => toTemplate(key, byKey.get(key)));
};

export const getEmailTemplate = async (ctx: TenantContext, id: string): Promise<EmailTemplate> => {
  const key = adminKey(ctx, id);
  return toTemplate(key, await readRow(ctx, key));
};

/** `email-variables`: every variable with its code and what it holds. */
export const listEmailVariables = (ctx: TenantContext): EmailVariableInfo[] => {
  assertWorkspaceAdmin(ctx);
  return EMAIL_VARIABLE_CODES.map((name) => ({ id: name, code: `{{${name}}}`, description: EMAIL_VARIABLES[name] }));
};

/** 400 naming the first wrong placeholder (or the missing link) of a draft's subject or message. */
const checkDraft = (key: EmailTemplateKey, draft: { customSubject?: string | null; customMessage?: string | null }) => {
  const errors: Record<string, string> = {};
  if (draft.customSubject) {
    const error = templateTextError(key, 'subject', draft.customSubject);
    if (error) errors.customSubject = error;
  }
  if (draft.customMessage) {
    const error = templateTextError(key, 'message', draft.customMessage);
    if (error) errors.customMessage = error;
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(errors, first);
};

/** `PUT email-templates/{id}`: this workspace's subject and message for that email from now on. */
export const saveEmailTemplate = async (ctx: TenantContext, id: string, body: SaveEmailTemplate) => {
  const key = adminKey(ctx, id);
  checkDraft(key, body);
  const values = {
    subject: body.customSubject ?? null,
    message: body.customMessage,
    changedAt: new Date(),
    changedBy: ctx.userId,
  };
  const [row] = await ctx.db
    .insert(emailTemplates)
    .values({ tenantId: ctx.tenantId, key, ...values })
    .onConflictDoUpdate({ target: [emailTemplates.tenantId, emailTemplates.key], set: values })
    .returning();
  return toTemplate(key, row);
};

/** `DELETE email-templates/{id}`: back to the default text (nothing to delete is fine). */
export const resetEmailTemplate = async (ctx: TenantContext, id: string) => {
  const key = adminKey(ctx, id);
  await ctx.db.delete(emailTemplates).where(ownRow(ctx, key));
  return toTemplate(key, undefined);
};

/**
 * The mail a template makes with sample values: of the draft sent (checked like a save), or of
 * what this workspace sends now where the draft leaves a part out.
 */
export const previewEmailTemplate = async (
  ctx: TenantContext,
  id: string,
  draft: PreviewEmailTemplate,
): Promise<EmailPreview> => {
  const key = adminKey(ctx, id);
  checkDraft(key, draft);
  const stored = templateText(key, await readRow(ctx, key));
  const text = {
    subject: draft.customSubject === undefined ? stored.subject : (draft.customSubject ?? EMAIL_TEMPLATES[key].subject),
    message: draft.customMessage ?? stored.message,
  };
  return renderEmail(text, sampleValues(key, ctx.publicUrl));
};
