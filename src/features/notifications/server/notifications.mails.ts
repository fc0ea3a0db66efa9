import type { EmailTemplateKey, EmailValues } from '../../../shared/emailTemplates.ts';

// The e-mail copy of a notification (decision 042), from the workspace's templates (decision 050):
// what the bell says, and the link to it; kinds with a template of their own (reminders, budget
// alerts) name it and give its values.

/** A template and its values for one receiver (by first name). */
export type DraftMail = {
  [K in EmailTemplateKey]: { template: K; values: (firstName: string) => EmailValues<K> };
}[EmailTemplateKey];

/** The usual copy: the notification's text and its link. */
export const notificationMail = (message: string, publicUrl: string, link: string): DraftMail => ({
  template: 'notification',
  values: (firstName) => ({
    firstName,
    message,
    link: `${publicUrl}${link}`,
    settingsLink: `${publicUrl}/settings/profile/notifications`,
  }),
});
