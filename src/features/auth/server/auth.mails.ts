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

/** A new account made by a workspace admin: choose a first password from the link. */
export const newAccountMail = (
  to: string,
  publicUrl: string,
  invite: { inviter: string; workspace: string; token: string },
): Mail => ({
  to,
  subject: `${invite.inviter} added you to ${invite.workspace} on Cadence`,
  text: [
    `${invite.inviter} added you to the workspace "${invite.workspace}" on Cadence.`,
    '',
    `Choose your password to get started (the link works for 7 days): ${publicUrl}/set-password?hash=${invite.token}`,
  ].join('\n'),
});

/** An existing account invited into a workspace: it joins only by accepting on /workspaces. */
export const workspaceInvitationMail = (
  to: string,
  publicUrl: string,
  invite: { inviter: string; workspace: string },
): Mail => ({
  to,
  subject: `${invite.inviter} invited you to ${invite.workspace} on Cadence`,
  text: [
    `${invite.inviter} invited you to join the workspace "${invite.workspace}" on Cadence.`,
    '',
    `Sign in and accept or decline the invitation (it stays open for 7 days): ${publicUrl}/workspaces`,
    '',
    'If you do not want to join, decline it or ignore this email: nothing changes until you accept.',
  ].join('\n'),
});

/** Someone tried to sign up with an address that already has an account (decision 022). */
export const signUpAttemptMail = (to: string, publicUrl: string): Mail => ({
  to,
  subject: 'Someone tried to sign up to Cadence with your email',
  text: [
    'Someone (perhaps you) tried to create a Cadence account with this email address, which already has one.',
    'Nothing was changed and no account was created.',
    '',
    `If it was you, sign in: ${publicUrl}/login`,
    `Forgot your password? Reset it: ${publicUrl}/forgotpassword`,
    '',
    'If it was not you, you can ignore this email.',
  ].join('\n'),
});
