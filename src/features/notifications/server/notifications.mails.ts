import type { Mail } from '../../../server/mail/mailer.ts';

// The e-mail copy of a notification (decision 042): what the bell says, and the link to it.

export type MailText = Omit<Mail, 'to'>;

export const notificationMail = (firstName: string, message: string, publicUrl: string, link: string): MailText => ({
  subject: message,
  text: [
    `Hi ${firstName},`,
    '',
    `${message}.`,
    '',
    `Open it in Cadence: ${publicUrl}${link}`,
    '',
    `You get this e-mail because of your notification settings: ${publicUrl}/settings/profile/notifications`,
  ].join('\n'),
});
