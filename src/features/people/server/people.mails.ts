import type { Db } from '../../../db/client.ts';
import { composeMail } from '../../emails/server/emails.send.ts';

// The emails of this area, from their templates (decision 050): account mails, so the
// templates of the person's workspace.

interface Person {
  id: string;
  email: string;
  firstName: string;
}

/** Sent to the NEW address: the change happens only when its owner opens the link. */
export const confirmEmailMail = (db: Db, person: Person, newEmail: string, publicUrl: string, token: string) =>
  composeMail(db, { accountOf: person.id }, 'confirm-email', newEmail, {
    firstName: person.firstName,
    newEmail,
    link: `${publicUrl}/confirm-email?hash=${token}`,
  });

/** Sent to the OLD address when a change is asked for, so a hijacked session cannot do it unseen. */
export const emailChangeRequestedMail = (db: Db, person: Person, newEmail: string) =>
  composeMail(db, { accountOf: person.id }, 'email-change-requested', person.email, {
    firstName: person.firstName,
    newEmail,
  });

/** Sent to the OLD address once the change is done. */
export const emailChangedMail = (db: Db, person: Person, newEmail: string) =>
  composeMail(db, { accountOf: person.id }, 'email-changed', person.email, { firstName: person.firstName, newEmail });
