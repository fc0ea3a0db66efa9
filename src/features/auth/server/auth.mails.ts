import type { Db } from '../../../db/client.ts';
import { composeMail } from '../../emails/server/emails.send.ts';

// The emails of this area, from their templates (decision 050). Links go to the client's pages,
// which post the hash back. Account mails use the templates of the person's workspace.

interface Person {
  id: string;
  email: string;
  firstName: string;
}

export const resetPasswordMail = (db: Db, person: Person, publicUrl: string, token: string) =>
  composeMail(db, { accountOf: person.id }, 'reset-password', person.email, {
    firstName: person.firstName,
    link: `${publicUrl}/forgotpassword?hash=${token}`,
  });

/** A new account made by a workspace admin: choose a first password from the link. */
export const newAccountMail = (
  db: Db,
  tenantId: string,
  person: Omit<Person, 'id'>,
  publicUrl: string,
  invite: { inviter: string; workspace: string; token: string },
) =>
  composeMail(db, { tenantId }, 'set-password', person.email, {
    firstName: person.firstName,
    inviterName: invite.inviter,
    workspaceName: invite.workspace,
    link: `${publicUrl}/set-password?hash=${invite.token}`,
  });

/** Someone tried to sign up with an address that already has an account (decision 022). */
export const signUpAttemptMail = (db: Db, person: Person, publicUrl: string) =>
  composeMail(db, { accountOf: person.id }, 'sign-up-attempt', person.email, {
    firstName: person.firstName,
    link: `${publicUrl}/login`,
    resetLink: `${publicUrl}/forgotpassword`,
  });
