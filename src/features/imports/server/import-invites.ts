import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { invitations, memberships, users } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { ADMIN_FLAG } from '../../../shared/constants.ts';
import { badRequest } from '../../../shared/errors.ts';
import { addUserToWorkspace } from '../../workspaces/server/workspaces.service.ts';
import { importsMessages } from '../imports.messages.ts';
import { IMPORT_INVITES_MAX, type ImportOptions, type ImportPreview, INVITE } from '../imports.schemas.ts';
import type { CreatedItem } from './planners.ts';

// People an import invites (decision 126), through the workspaces feature's add-user: a new
// email gets an account and a membership (and a set-password mail), an existing account an
// invitation it accepts or declines. Neither can own the meeting's rows yet (only its leaders
// and members can), so their rows stay with the meeting leader. Undo withdraws what is unused.

export interface Invitee {
  email: string;
  firstName?: string;
  lastName?: string;
  admin?: boolean;
}

const isEmail = (text: string) => z.email().safeParse(text.trim()).success;
export const validEmail = isEmail;

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Names for a new account when the file gives none: from the address's local part ("sam.lee" → Sam Lee). */
const namesOf = (email: string) => {
  const words = email
    .split('@')[0]!
    .split(/[._+-]+/)
    .filter(Boolean)
    .map(capitalised);
  return { firstName: (words[0] ?? email).slice(0, 100), lastName: (words.slice(1).join(' ') || '-').slice(0, 100) };
};

/** The emails mapped to "invite", checked against the preview: each must be an email the workspace lacks. */
export const invitesOf = (options: ImportOptions, preview: ImportPreview) => {
  const emails = Object.entries(options.people)
    .filter(([, value]) => value === INVITE)
    .map(([source]) => source);
  for (const email of emails) {
    const person = preview.people.find((p) => p.source === email);
    if (!person || person.matched || !isEmail(email))
      throw badRequest(
        { people: importsMessages.inviteOnlyUnmatched(email) },
        importsMessages.inviteOnlyUnmatched(email),
      );
  }
  if (emails.length > IMPORT_INVITES_MAX)
    throw badRequest(
      { people: importsMessages.tooManyInvites(IMPORT_INVITES_MAX) },
      importsMessages.tooManyInvites(IMPORT_INVITES_MAX),
    );
  return emails;
};

/** The preview with the people mapped to "invite" marked, and the count of invitations. */
export const markInvites = (options: ImportOptions, preview: ImportPreview): ImportPreview => {
  const emails = new Set(invitesOf(options, preview));
  if (emails.size === 0) return preview;
  return {
    ...preview,
    people: preview.people.map((p) => (emails.has(p.source) ? { ...p, invite: true } : p)),
    invites: emails.size,
  };
};

/**
 * Invites each email not already in the workspace (disabled members included), in the caller's
 * transaction; the accounts made and invitations sent, to be recorded for Undo.
 */
export const inviteAll = async (ctx: TenantContext, invitees: Invitee[]): Promise<CreatedItem[]> => {
  if (invitees.length === 0) return [];
  const emails = invitees.map((i) => i.email.trim().toLowerCase());
  const rows = await ctx.db
    .select({ id: users.id, email: users.email, deletedAt: users.deletedAt, memberOf: memberships.tenantId })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.tenantId, ctx.tenantId)))
    .where(inArray(sql`lower(${users.email})`, emails));
  const byEmail = new Map(rows.map((row) => [row.email.toLowerCase(), row]));
  const created: CreatedItem[] = [];
  for (const invitee of invitees) {
    const email = invitee.email.trim().toLowerCase();
    const found = byEmail.get(email);
    if (found?.memberOf || found?.deletedAt) continue;
    if (found) {
      await addUserToWorkspace(ctx, { id: found.id }, ctx.publicUrl);
      const [invitation] = await ctx.db
        .select({ id: invitations.id })
        .from(invitations)
        .where(
          and(
            eq(invitations.tenantId, ctx.tenantId),
            eq(invitations.userId, found.id),
            isNull(invitations.acceptedAt),
            isNull(invitations.declinedAt),
          ),
        );
      created.push(['invitation', invitation!.id]);
      continue;
    }
    const fallback = namesOf(email);
    const added = await addUserToWorkspace(
      ctx,
      { email, firstName: invitee.firstName || fallback.firstName, lastName: invitee.lastName || fallback.lastName },
      ctx.publicUrl,
    );
    const userId = added.person!.id;
    if (invitee.admin)
      await ctx.db
        .update(memberships)
        .set({ isAdmin: ADMIN_FLAG.yes })
        .where(and(eq(memberships.tenantId, ctx.tenantId), eq(memberships.userId, userId)));
    // A file naming the same new address twice makes one account.
    byEmail.set(email, { id: userId, email, deletedAt: null, memberOf: ctx.tenantId });
    created.push(['account', userId]);
  }
  return created;
};

/**
 * Withdraws what an import's invitations left unused: open invitations are deleted, and the
 * memberships of accounts it made whose owner never chose a password are removed. Accepted or
 * declined invitations, and accounts in use, stay as they are.
 */
export const withdrawInvites = async (ctx: TenantContext, items: { entity: string; entityId: string }[]) => {
  const invitationIds = items.filter((i) => i.entity === 'invitation').map((i) => i.entityId);
  const accountIds = items.filter((i) => i.entity === 'account').map((i) => i.entityId);
  if (invitationIds.length > 0)
    await ctx.db
      .delete(invitations)
      .where(
        and(
          eq(invitations.tenantId, ctx.tenantId),
          inArray(invitations.id, invitationIds),
          isNull(invitations.acceptedAt),
          isNull(invitations.declinedAt),
        ),
      );
  if (accountIds.length === 0) return;
  const unused = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, accountIds), isNull(users.passwordHash)));
  if (unused.length === 0) return;
  const ids = unused.map((u) => u.id);
  await ctx.db.delete(memberships).where(and(eq(memberships.tenantId, ctx.tenantId), inArray(memberships.userId, ids)));
  for (const userId of ids) ctx.leaveWorkspace({ tenantId: ctx.tenantId, userId });
};
