import {
  EMAIL_TEMPLATES,
  EMAIL_VARIABLES,
  type EmailTemplateKey,
  type EmailVariable,
  LINK_VARIABLES,
} from './emailTemplates.ts';
import { messages } from './messages.ts';

// Rendering and checking of email templates (decision 050), shared by the server (sending,
// saving, previews) and the administration screen (its live preview and field errors). A
// template is plain text with `{{variable}}` placeholders: the mail's text part gets the values
// as they are, its HTML part escapes the whole template and every value, so neither an admin's
// text nor a value such as a meeting title '<b>' can add markup.

/** Subject and message lengths a template may have. */
export const EMAIL_SUBJECT_MAX = 300;
export const EMAIL_MESSAGE_MAX = 20_000;

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

export interface EmailText {
  subject: string;
  message: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const nameOf = (inner: string) => inner.trim();

const fill = (template: string, value: (name: string) => string, plain: (text: string) => string) => {
  let out = '';
  let at = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    out += plain(template.slice(at, match.index)) + value(nameOf(match[1]!));
    at = match.index + match[0].length;
  }
  return out + plain(template.slice(at));
};

const htmlValue = (name: string, value: string) =>
  LINK_VARIABLES.has(name as EmailVariable) && /^https?:\/\//.test(value)
    ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>`
    : escapeHtml(value);

/**
 * The mail of a template with these values (a missing value is blank). The subject is one line;
 * the HTML part keeps the message's line breaks and makes link variables clickable.
 */
export const renderEmail = (template: EmailText, values: Partial<Record<EmailVariable, string>>): RenderedEmail => {
  const given = (name: string) => (Object.hasOwn(values, name) ? (values[name as EmailVariable] ?? '') : '');
  const subject = fill(template.subject, given, (text) => text)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const text = fill(template.message, given, (plain) => plain);
  const body = fill(template.message, (name) => htmlValue(name, given(name)), escapeHtml);
  const html = `<div style="font-family: Arial, sans-serif; font-size: 14px; line-height: 1.5; white-space: pre-wrap">${body}</div>`;
  return { subject, text, html };
};

/** The `{{…}}` placeholders of a text, as written. */
export const placeholdersOf = (text: string) => [...text.matchAll(PLACEHOLDER)].map((match) => nameOf(match[1]!));

/**
 * What is wrong with a subject or message of a template, or null: a placeholder that is no
 * variable ('Unknown variable: {{foo}}'), a variable this email does not have, or (in the
 * message) a missing variable it needs, such as the reset link.
 */
export const templateTextError = (key: EmailTemplateKey, field: 'subject' | 'message', text: string) => {
  const definition = EMAIL_TEMPLATES[key];
  const allowed: readonly string[] = definition.variables;
  for (const name of placeholdersOf(text)) {
    if (!Object.hasOwn(EMAIL_VARIABLES, name)) return messages.emailUnknownVariable(`{{${name}}}`);
    if (!allowed.includes(name)) return messages.emailVariableNotInTemplate(`{{${name}}}`);
  }
  if (field === 'message') {
    const used = new Set(placeholdersOf(text));
    const missing = definition.required.find((name) => !used.has(name));
    if (missing) return messages.emailVariableRequired(`{{${missing}}}`);
  }
  return null;
};
