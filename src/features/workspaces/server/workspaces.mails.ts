import type { Db } from '../../../db/client.ts';
import { composeMail } from '../../emails/server/emails.send.ts';

// The emails of this area, from the workspace's templates (decision 050).

/** An existing account invited into a workspace: it joins only by accepting on /workspaces. */
export const workspaceInvitationMail = (
  db: Db,
  tenantId: string,
  person: { email: string; firstName: string },
  publicUrl: string,
  invite: { inviter: string; workspace: string },
) =>
  composeMail(db, { tenantId }, 'workspace-invitation', person.email, {
    firstName: person.firstName,
    inviterName: invite.inviter,
    workspaceName: invite.workspace,
    link: `${publicUrl}/workspaces`,
  });
