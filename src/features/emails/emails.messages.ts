// The emails area's user-facing texts; texts used by two areas or more are in src/shared/messages.ts.
export const emailsMessages = {
  emailTemplatesTitle: 'Emails',
  emailTemplatesIntro:
    'Every email Cadence sends for this workspace. Change its subject and message here; the variables are filled in for each recipient.',
  emailTemplatesEmpty: 'There are no email templates.',
  emailTemplateCustom: 'Custom',
  emailTemplateDefault: 'Default',
  emailTemplateEdit: 'Edit',
  emailTemplateEditOf: (title: string) => `Edit the email “${title}”`,
  emailTemplateEditTitle: (title: string) => `Email: ${title}`,
  emailTemplateSubject: 'Subject',
  emailTemplateMessage: 'Message',
  emailTemplateMessageHint: 'Plain text: line breaks are kept, HTML shows as typed.',
  emailTemplateVariables: 'Variables (click to insert at the cursor)',
  emailTemplateInsert: (code: string) => `Insert ${code}`,
  emailTemplateRequired: 'needed',
  emailTemplatePreview: 'Preview with sample values',
  emailTemplatePreviewSubject: 'Subject:',
  emailTemplateReset: 'Reset to default',
  emailTemplateResetTitle: (title: string) => `Reset “${title}” to the default?`,
  emailTemplateResetWarning:
    'The custom subject and message of this email are deleted for this workspace, and Cadence sends the default text again.',
  emailTemplateResetDone: 'The email is back to its default text.',
  emailTemplateResetConfirm: 'Reset',
} as const;
