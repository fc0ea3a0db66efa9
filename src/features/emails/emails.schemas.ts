import { z } from 'zod';
import { EMAIL_MESSAGE_MAX, EMAIL_SUBJECT_MAX } from '../../shared/emailRender.ts';
import { EMAIL_TEMPLATE_KEYS } from '../../shared/emailTemplates.ts';
import { messages } from '../../shared/messages.ts';

// Email templates and variables (document 3 §3, §7; decision 050).

/** `email-variables`: each variable a template may use, with its code ('{{firstName}}'). */
export const ZEmailVariable = z
  .object({
    id: z.string().describe('The variable\'s name, e.g. "firstName"'),
    code: z.string().describe('How a template writes it, e.g. "{{firstName}}"'),
    description: z.string(),
  })
  .meta({ id: 'EmailVariable' });
export type EmailVariableInfo = z.infer<typeof ZEmailVariable>;

export const ZEmailTemplate = z
  .object({
    /** The template's key (the spec's id): one per kind of email. */
    id: z.enum(EMAIL_TEMPLATE_KEYS),
    templateName: z.string(),
    description: z.string(),
    defaultSubject: z.string(),
    defaultMessage: z.string(),
    /** This workspace's own subject; null sends the default subject. */
    customSubject: z.string().nullable(),
    /** This workspace's own message; null sends the default message. */
    customMessage: z.string().nullable(),
    /** The variables (names) this template accepts. */
    variables: z.array(z.string()),
    /** The variables its message must keep (its link). */
    requiredVariables: z.array(z.string()),
    changedAt: z.string().nullable(),
  })
  .meta({ id: 'EmailTemplate' });
export type EmailTemplate = z.infer<typeof ZEmailTemplate>;

export const ZEmailTemplateKey = z.object({
  id: z.string().max(100).describe('The template key, e.g. "reset-password"'),
});

const ZSubject = z
  .string()
  .trim()
  .max(EMAIL_SUBJECT_MAX, { error: messages.tooLong(EMAIL_SUBJECT_MAX) })
  .nullable()
  .transform((value) => value || null);

const ZMessage = z
  .string({ error: messages.required })
  .max(EMAIL_MESSAGE_MAX, { error: messages.tooLong(EMAIL_MESSAGE_MAX) })
  .refine((value) => value.trim().length > 0, { error: messages.required });

/**
 * `PUT email-templates/{id}`: the template with its custom message (the spec's shape; other
 * fields of it are ignored). A blank or absent subject keeps the default subject.
 */
export const ZSaveEmailTemplate = z.object({
  customMessage: ZMessage,
  customSubject: ZSubject.optional(),
});
export type SaveEmailTemplate = z.infer<typeof ZSaveEmailTemplate>;

/** A draft to preview; what is left out is the stored text (custom, else the default). */
export const ZPreviewEmailTemplate = z.object({
  customMessage: ZMessage.nullable().optional(),
  customSubject: ZSubject.optional(),
});
export type PreviewEmailTemplate = z.infer<typeof ZPreviewEmailTemplate>;

export const ZEmailPreview = z
  .object({ subject: z.string(), text: z.string(), html: z.string() })
  .meta({ id: 'EmailPreview' });
export type EmailPreview = z.infer<typeof ZEmailPreview>;
