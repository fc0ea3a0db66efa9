import { WORKSPACE_EXPORT_RETENTION_DAYS } from './constants.ts';

// Every email Cadence sends is one of these templates (decision 050): its key, its title in the
// administration, the variables its message may use, the ones it cannot do without, and its
// default subject and message. This is the one place the default texts live; a workspace may
// store a custom subject and message per key (table email_templates), checked against this list.

/** The variables a template may use (`email-variables`): `{{code}}` in a subject or message. */
export const EMAIL_VARIABLES = {
  firstName: "The recipient's first name",
  workspaceName: "The workspace's name",
  inviterName: 'The name of the person who invited or added the recipient',
  link: 'The link the email is about: to reset, set or confirm, or to open the item in Cadence',
  resetLink: 'The link to the forgot-password page',
  settingsLink: "The link to the recipient's notification settings",
  newEmail: 'The new email address of the account',
  message: 'The notification, as the bell shows it',
  itemTitle: "The action item's title",
  due: "The action item's due date ('Due: 2026-11-30' or 'No due date')",
  projectName: "The project's name",
  budgetPercent: 'How much of its budget the project has used, in percent',
  meetingTitle: "The meeting's title",
  meetingDate: 'The date of the meeting (Nov 23, 2026)',
  meetingDuration: 'How long the meeting was, in minutes',
  summary: 'The recap: attendees, KPIs, ratings, to-dos, issues, goals, headlines and timing',
} as const;

export type EmailVariable = keyof typeof EMAIL_VARIABLES;
export const EMAIL_VARIABLE_CODES = Object.keys(EMAIL_VARIABLES) as EmailVariable[];

/** Variables holding an address: a link in the HTML part of the mail. */
export const LINK_VARIABLES: ReadonlySet<EmailVariable> = new Set(['link', 'resetLink', 'settingsLink']);

export interface EmailTemplateDefinition {
  title: string;
  /** When Cadence sends it. */
  description: string;
  variables: readonly EmailVariable[];
  /** Variables the message must keep: without them the mail cannot do its job (decision 050). */
  required: readonly EmailVariable[];
  subject: string;
  message: string;
  /** The path of the sample link in a preview. */
  samplePath: string;
}

const lines = (...text: string[]) => text.join('\n');

export const EMAIL_TEMPLATES = {
  'reset-password': {
    title: 'Reset password',
    description: 'Sent when someone asks to reset the password of an account (Forgot password).',
    variables: ['firstName', 'link'],
    required: ['link'],
    subject: 'Reset your Cadence password',
    message: lines(
      'Someone (hopefully you) asked to reset the password of your Cadence account.',
      '',
      'Choose a new password within one hour: {{link}}',
      '',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ),
    samplePath: '/forgotpassword?hash=sample',
  },
  'set-password': {
    title: 'New account: choose a password',
    description: 'Sent when an admin adds someone who has no account yet: they choose their first password.',
    variables: ['firstName', 'inviterName', 'workspaceName', 'link'],
    required: ['link'],
    subject: '{{inviterName}} added you to {{workspaceName}} on Cadence',
    message: lines(
      '{{inviterName}} added you to the workspace "{{workspaceName}}" on Cadence.',
      '',
      'Choose your password to get started (the link works for 7 days): {{link}}',
    ),
    samplePath: '/set-password?hash=sample',
  },
  'workspace-invitation': {
    title: 'Workspace invitation',
    description: 'Sent when an admin invites someone who already has an account into this workspace.',
    variables: ['firstName', 'inviterName', 'workspaceName', 'link'],
    required: ['link'],
    subject: '{{inviterName}} invited you to {{workspaceName}} on Cadence',
    message: lines(
      '{{inviterName}} invited you to join the workspace "{{workspaceName}}" on Cadence.',
      '',
      'Sign in and accept or decline the invitation (it stays open for 7 days): {{link}}',
      '',
      'If you do not want to join, decline it or ignore this email: nothing changes until you accept.',
    ),
    samplePath: '/workspaces',
  },
  'sign-up-attempt': {
    title: 'Sign-up with an existing email',
    description: 'Sent when someone tries to sign up with an address that already has an account.',
    variables: ['firstName', 'link', 'resetLink'],
    required: ['link'],
    subject: 'Someone tried to sign up to Cadence with your email',
    message: lines(
      'Someone (perhaps you) tried to create a Cadence account with this email address, which already has one.',
      'Nothing was changed and no account was created.',
      '',
      'If it was you, sign in: {{link}}',
      'Forgot your password? Reset it: {{resetLink}}',
      '',
      'If it was not you, you can ignore this email.',
    ),
    samplePath: '/login',
  },
  'confirm-email': {
    title: 'Confirm a new email',
    description: 'Sent to the new address when someone changes the email of their account.',
    variables: ['firstName', 'newEmail', 'link'],
    required: ['link'],
    subject: 'Confirm your new email for Cadence',
    message: lines(
      'Someone (hopefully you) asked to use this address for their Cadence account.',
      '',
      'Confirm it within 24 hours: {{link}}',
      '',
      'If you did not ask for this, ignore this email: nothing changes.',
    ),
    samplePath: '/confirm-email?hash=sample',
  },
  'email-change-requested': {
    title: 'Email change requested',
    description: 'Sent to the old address when someone asks to change the email of their account.',
    variables: ['firstName', 'newEmail'],
    required: [],
    subject: 'Your Cadence email is about to change',
    message: lines(
      'Someone signed in to your Cadence account asked to change its email to {{newEmail}}.',
      'It changes only when that address confirms it.',
      '',
      'If this was not you, change your password and sign out everywhere in your profile settings.',
    ),
    samplePath: '/settings/profile',
  },
  'email-changed': {
    title: 'Email changed',
    description: 'Sent to the old address once the new one has been confirmed.',
    variables: ['firstName', 'newEmail'],
    required: [],
    subject: 'Your Cadence email was changed',
    message: 'The email of your Cadence account is now {{newEmail}}. You sign in with it from now on.',
    samplePath: '/settings/profile',
  },
  notification: {
    title: 'Notification copy',
    description: 'The email copy of a notification, for people whose notification settings ask for it.',
    variables: ['firstName', 'message', 'link', 'settingsLink'],
    required: ['link'],
    subject: '{{message}}',
    message: lines(
      'Hi {{firstName}},',
      '',
      '{{message}}.',
      '',
      'Open it in Cadence: {{link}}',
      '',
      'You get this e-mail because of your notification settings: {{settingsLink}}',
    ),
    samplePath: '/home/sample',
  },
  'task-reminder': {
    title: 'Action item reminder',
    description: "Sent daily, weekly or monthly for an open action item, by the item's reminder.",
    variables: ['firstName', 'itemTitle', 'due', 'link'],
    required: ['link'],
    subject: 'Reminder: {{itemTitle}}',
    message: lines(
      'Hi {{firstName}},',
      '',
      'This is your reminder for the action item "{{itemTitle}}".',
      '{{due}}',
      '',
      '{{link}}',
      '',
    ),
    samplePath: '/home/sample',
  },
  'budget-alert': {
    title: 'Budget alert',
    description: "Sent to a project's managers when it reaches its budget alert threshold.",
    variables: ['firstName', 'projectName', 'budgetPercent', 'link'],
    required: [],
    subject: 'Budget alert: {{projectName}} at {{budgetPercent}} %',
    message: lines(
      'Project {{projectName}} has used {{budgetPercent}} % of its budget.',
      '',
      'See its budget in Cadence under Time tracking → Accounts: {{link}}',
    ),
    samplePath: '/time-tracking?tab=accounts',
  },
  'meeting-recap': {
    title: 'Meeting recap',
    description: 'Sent to every attendee and guest when a meeting is finished.',
    variables: ['meetingTitle', 'meetingDate', 'meetingDuration', 'summary', 'link'],
    required: ['link'],
    subject: 'Recap: {{meetingTitle}}, {{meetingDate}}',
    message: lines(
      '{{meetingTitle}}, {{meetingDate}} ({{meetingDuration}} min)',
      '',
      '{{summary}}',
      '',
      'The meeting archive: {{link}}',
    ),
    samplePath: '/meeting-archives/sample',
  },
  'workspace-export': {
    title: 'Workspace export ready',
    description: 'Sent to the admin who asked for an export of the whole workspace, once its file is ready.',
    variables: ['firstName', 'workspaceName', 'link'],
    required: ['link'],
    subject: 'Your export of {{workspaceName}} is ready',
    message: lines(
      'The export of the workspace {{workspaceName}} is ready.',
      '',
      'Download it, signed in as an administrator: {{link}}',
      '',
      `The file is kept for ${WORKSPACE_EXPORT_RETENTION_DAYS} days, then removed.`,
    ),
    samplePath: '/reports',
  },
} as const satisfies Record<string, EmailTemplateDefinition>;

export type EmailTemplateKey = keyof typeof EMAIL_TEMPLATES;
export const EMAIL_TEMPLATE_KEYS = Object.keys(EMAIL_TEMPLATES) as EmailTemplateKey[];
export const isEmailTemplateKey = (key: string): key is EmailTemplateKey => Object.hasOwn(EMAIL_TEMPLATES, key);

/** A template's variables (typed per key), as a sender passes them. */
export type EmailValues<K extends EmailTemplateKey> = Record<(typeof EMAIL_TEMPLATES)[K]['variables'][number], string>;

/** The values a preview shows, for the variables a template accepts; links start at `baseUrl`. */
export const sampleValues = (key: EmailTemplateKey, baseUrl: string): Record<EmailVariable, string> => ({
  firstName: 'Alex',
  workspaceName: 'Acme Inc.',
  inviterName: 'Sam Lee',
  link: `${baseUrl}${EMAIL_TEMPLATES[key].samplePath}`,
  resetLink: `${baseUrl}/forgotpassword`,
  settingsLink: `${baseUrl}/settings/profile/notifications`,
  newEmail: 'alex.new@example.com',
  message: 'Sam Lee made you the owner of "Renew the lease"',
  itemTitle: 'Renew the lease',
  due: 'Due: 2026-11-30',
  projectName: 'Website relaunch',
  budgetPercent: '80',
  meetingTitle: 'Leadership L10',
  meetingDate: 'Nov 23, 2026',
  meetingDuration: '90',
  summary: 'Attendees: Alex Kim, Sam Lee\n\nRatings (average 9):\n  - Alex Kim: 9\n  - Sam Lee: 9',
});
