import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { authSessions, emailChanges, memberships, tenants, userPhotos, users } from '../../../db/schema/index.ts';
import type { TxContext, UserContext } from '../../../server/context.ts';
import { ADMIN_FLAG, EMAIL_CHANGE_TTL_MS } from '../../../shared/constants.ts';
import { badRequest, conflict, notFound } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import { hashPassword, verifyPassword } from '../../auth/server/passwords.ts';
import { hashToken, revokeAllSessions, revokeOtherSessions, revokeSession } from '../../auth/server/tokens.service.ts';
import { peopleMessages } from '../people.messages.ts';
import type { AuthSessionRow, ChangePassword } from '../people.schemas.ts';
import { confirmEmailMail, emailChangedMail, emailChangeRequestedMail } from './people.mails.ts';

// The signed-in person's own settings: notifications, password, email, sessions, account.

/**
 * A new password (at least 8 characters, typed twice). The current one is asked for when the
 * account has one, so a forgotten open browser cannot lock its owner out. Every other session
 * ends; this one stays.
 */
export const changePassword = async (ctx: UserContext, input: ChangePassword) => {
  const [user] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, ctx.userId));
  if (!user) throw notFound();
  if (user.passwordHash !== null && !(await verifyPassword(user.passwordHash, input.currentPassword ?? '')))
    throw badRequest({ currentPassword: peopleMessages.wrongCurrentPassword }, peopleMessages.wrongCurrentPassword);
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), changedAt: new Date() })
    .where(eq(users.id, ctx.userId));
  const ended = await revokeOtherSessions(ctx.db, ctx.userId, ctx.sessionId);
  for (const { id } of ended) ctx.disconnect({ sessionId: id });
  return { message: peopleMessages.passwordChanged };
};

/**
 * Asks to change the email: the new address gets a link, the old one is told. An address in
 * use is refused with the same words whoever has it (never whose it is).
 */
export const requestEmailChange = async (ctx: UserContext, newEmail: string, publicUrl: string) => {
  const [me] = await ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, ctx.userId));
  if (!me) throw notFound();
  if (me.email === newEmail) throw badRequest({ email: peopleMessages.emailUnchanged }, peopleMessages.emailUnchanged);
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
  if (taken) throw conflict(peopleMessages.emailChangeUnavailable, { email: peopleMessages.emailChangeUnavailable });
  // One open request at a time: a new one replaces the previous link.
  await ctx.db
    .update(emailChanges)
    .set({ usedAt: new Date() })
    .where(and(eq(emailChanges.userId, ctx.userId), isNull(emailChanges.usedAt)));
  const token = randomBytes(32).toString('base64url');
  await ctx.db.insert(emailChanges).values({
    tokenHash: hashToken(token),
    userId: ctx.userId,
    newEmail,
    expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
  });
  await ctx.sendMail([
    await confirmEmailMail(ctx.db, me, newEmail, publicUrl, token),
    await emailChangeRequestedMail(ctx.db, me, newEmail),
  ]);
  return { message: peopleMessages.emailChangeSent(newEmail) };
};

/** The mailed link: the email changes now (if the address is still free), and the old one is told. */
export const confirmEmailChange = async (ctx: TxContext, token: string) => {
  const [change] = await ctx.db
    .update(emailChanges)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailChanges.tokenHash, hashToken(token)),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, new Date()),
      ),
    )
    .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
  if (!change) throw badRequest({ hash: messages.linkInvalid }, messages.linkInvalid);
  const [me] = await ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.id, change.userId), isNull(users.deletedAt)));
  if (!me) throw badRequest({ hash: messages.linkInvalid }, messages.linkInvalid);
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, change.newEmail), ne(users.id, change.userId)));
  if (taken) throw conflict(peopleMessages.emailChangeUnavailable, { email: peopleMessages.emailChangeUnavailable });
  await ctx.db.update(users).set({ email: change.newEmail, changedAt: new Date() }).where(eq(users.id, change.userId));
  await ctx.sendMail(await emailChangedMail(ctx.db, me, change.newEmail));
  return { message: peopleMessages.emailUpdated };
};

/** The person's signed-in sessions (open and not expired), newest first; at most 50. */
export const listMySessions = async (ctx: UserContext): Promise<AuthSessionRow[]> => {
  const rows = await ctx.db
    .select({
      id: authSessions.id,
      userAgent: authSessions.userAgent,
      method: authSessions.method,
      createdAt: authSessions.createdAt,
      expiresAt: authSessions.expiresAt,
    })
    .from(authSessions)
    .where(
      and(eq(authSessions.userId, ctx.userId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, new Date())),
    )
    .orderBy(desc(authSessions.createdAt), desc(authSessions.id))
    .limit(50);
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.userAgent,
    method: row.method,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    current: row.id === ctx.sessionId,
  }));
};

/** Signs out one of the person's sessions; another person's is 404. */
export const endMySession = async (ctx: UserContext, sessionId: string) => {
  const [row] = await ctx.db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, ctx.userId), isNull(authSessions.revokedAt)));
  if (!row) throw notFound();
  await revokeSession(ctx.db, sessionId);
  ctx.disconnect({ sessionId });
  return true;
};

/** Sign out everywhere: every session of the person ends, this one too. */
export const signOutEverywhere = async (ctx: UserContext) => {
  await revokeAllSessions(ctx.db, ctx.userId);
  ctx.disconnect({ userId: ctx.userId });
  return true;
};

/**
 * Deletes the account (decision 032): refused while the person is the last admin of a workspace
 * (which ones is said). Otherwise the account is marked deleted and its personal details and
 * photo are erased; the name stays for the history of its workspaces, where it shows as
 * deleted. The email is freed for a new account. Every session ends at once.
 */
export const deleteMyAccount = async (ctx: UserContext, confirmEmail: string) => {
  const [me] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, ctx.userId));
  if (!me) throw notFound();
  if (me.email !== confirmEmail)
    throw badRequest({ email: peopleMessages.deleteAccountConfirm }, peopleMessages.deleteAccountConfirm);
  // Workspaces where the person is an enabled admin and no other enabled, undeleted admin is.
  const lastAdminOf = await ctx.db
    .select({ id: tenants.id, name: tenants.name })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(
      and(
        eq(memberships.userId, ctx.userId),
        eq(memberships.isAdmin, ADMIN_FLAG.yes),
        eq(memberships.disabled, false),
        sql`not exists (select 1 from ${memberships} other inner join ${users} u on u.id = other.user_id
          where other.tenant_id = ${memberships.tenantId} and other.user_id <> ${ctx.userId}
          and other.is_admin = ${ADMIN_FLAG.yes} and other.disabled = false and u.deleted_at is null)`,
      ),
    )
    .orderBy(tenants.name);
  if (lastAdminOf.length > 0) {
    const message = peopleMessages.lastAdminOf(lastAdminOf.map((t) => t.name).join(', '));
    throw conflict(message, { account: message });
  }
  await ctx.db.delete(userPhotos).where(eq(userPhotos.userId, ctx.userId));
  await ctx.db
    .update(users)
    .set({
      deletedAt: new Date(),
      email: `deleted-${ctx.userId}@deleted.invalid`,
      passwordHash: null,
      image: null,
      phone: null,
      alternativePhone: null,
      address: null,
      alternativeAddress: null,
      dob: null,
      slack: null,
      jobTitle: null,
      changedAt: new Date(),
    })
    .where(eq(users.id, ctx.userId));
  await revokeAllSessions(ctx.db, ctx.userId);
  ctx.disconnect({ userId: ctx.userId });
  return { message: peopleMessages.accountDeleted };
};
