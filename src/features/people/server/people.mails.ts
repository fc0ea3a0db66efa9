import type { Mail } from '../../../server/mail/mailer.ts';

// The emails of this area.

/** Sent to the NEW address: the change happens only when its owner opens the link. */
export const confirmEmailMail = (to: string, publicUrl: string, token: string): Mail => ({
  to,
  subject: 'Confirm your new email for Cadence',
  text: [
    'Someone (hopefully you) asked to use this address for their Cadence account.',
    '',
    `Confirm it within 24 hours: ${publicUrl}/confirm-email?hash=${token}`,
    '',
    'If you did not ask for this, ignore this email: nothing changes.',
  ].join('\n'),
});

/** Sent to the OLD address when a change is asked for, so a hijacked session cannot do it unseen. */
export const emailChangeRequestedMail = (to: string, newEmail: string): Mail => ({
  to,
  subject: 'Your Cadence email is about to change',
  text: [
    `Someone signed in to your Cadence account asked to change its email to ${newEmail}.`,
    'It changes only when that address confirms it.',
    '',
    'If this was not you, change your password and sign out everywhere in your profile settings.',
  ].join('\n'),
});

/** Sent to the OLD address once the change is done. */
export const emailChangedMail = (to: string, newEmail: string): Mail => ({
  to,
  subject: 'Your Cadence email was changed',
  text: [`The email of your Cadence account is now ${newEmail}. You sign in with it from now on.`].join('\n'),
});
