import type { Mail } from '../../../server/mail/mailer.ts';

// The emails of this area. Links go to the client's pages, which post the hash back.

export const resetPasswordMail = (to: string, publicUrl: string, token: string): Mail => ({
  to,
  subject: 'Reset your Cadence password',
  text: [
    'Someone (hopefully you) asked to reset the password of your Cadence account.',
    '',
    `Choose a new password within one hour: ${publicUrl}/forgotpassword?hash=${token}`,
    '',
    'If you did not ask for this, ignore this email: your password stays as it is.',
  ].join('\n'),
});

export const invitationMail = (
  to: string,
  publicUrl: string,
  invite: { inviter: string; workspace: string; token: string | null },
): Mail => ({
  to,
  subject: `${invite.inviter} added you to ${invite.workspace} on Cadence`,
  text: [
    `${invite.inviter} added you to the workspace "${invite.workspace}" on Cadence.`,
    '',
    invite.token
      ? `Choose your password to get started (the link works for 7 days): ${publicUrl}/set-password?hash=${invite.token}`
      : `Sign in with your usual email and password, then pick "${invite.workspace}": ${publicUrl}/login`,
  ].join('\n'),
});
