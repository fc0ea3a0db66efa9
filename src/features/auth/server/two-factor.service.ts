import { and, eq, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  memberships,
  tenants,
  trustedBrowsers,
  twoFactorChallenges,
  twoFactorRecoveryCodes,
  twoFactorSecrets,
  users,
} from '../../../db/schema/index.ts';
import type { TenantContext, UserContext } from '../../../server/context.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import type { VaultKeyring } from '../../../server/secrets.ts';
import { badRequest, conflict, notFound } from '../../../shared/errors.ts';
import { twoFactorMessages } from '../two-factor.messages.ts';
import { TWO_FACTOR, type TwoFactorStatus } from '../two-factor.schemas.ts';
import { verifyPassword } from './passwords.ts';
import { hashRecoveryCode, newRecoveryCode, newTotpSecret, sealTotpSecret, totpUri } from './totp.ts';
import { checkCode, useSecondFactor } from './two-factor.verify.ts';

// Settings → Security: turning two-factor sign-in on and off, recovery codes; Administration:
// requiring it in a workspace (decision 102). Each call is one transaction (the route's).

const wrongCode = () => badRequest({ code: twoFactorMessages.wrongCode }, twoFactorMessages.wrongCode);

const secretsRow = async (db: Db, userId: string) => {
  const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId)).for('update');
  return row;
};

export const twoFactorStatus = async (ctx: UserContext): Promise<TwoFactorStatus> => {
  const [row] = await ctx.db
    .select({
      enabled: sql<boolean>`exists (select 1 from ${twoFactorSecrets} where ${twoFactorSecrets.userId} = ${ctx.userId} and ${twoFactorSecrets.enabledAt} is not null)`,
      left: sql<number>`(select count(*)::int from ${twoFactorRecoveryCodes} where ${twoFactorRecoveryCodes.userId} = ${ctx.userId} and ${twoFactorRecoveryCodes.usedAt} is null)`,
    })
    .from(users)
    .where(eq(users.id, ctx.userId));
  const requiredBy = await ctx.db
    .select({ name: tenants.name })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(and(eq(memberships.userId, ctx.userId), eq(memberships.disabled, false), eq(tenants.requireTwoFactor, true)))
    .orderBy(tenants.name);
  return {
    enabled: row?.enabled ?? false,
    recoveryCodesLeft: row?.enabled ? (row.left ?? 0) : 0,
    requiredBy: requiredBy.map((w) => w.name),
  };
};

/** A new secret waiting for its first code; starting again replaces a pending one. */
export const startEnrolment = async (ctx: UserContext, keyring: VaultKeyring) => {
  const existing = await secretsRow(ctx.db, ctx.userId);
  if (existing?.enabledAt) throw conflict(twoFactorMessages.alreadyEnabled);
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, ctx.userId));
  if (!user) throw notFound();
  const secret = newTotpSecret();
  const sealed = sealTotpSecret(keyring, ctx.userId, secret);
  await ctx.db
    .insert(twoFactorSecrets)
    .values({ userId: ctx.userId, ...sealed, enabledAt: null, lastUsedStep: null })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { ...sealed, lastUsedStep: null, createdAt: new Date() },
    });
  return { secret: secret.base32, uri: totpUri(secret, user.email) };
};

/** Ten new recovery codes in place of the old ones; the codes themselves, shown once. */
const replaceRecoveryCodes = async (db: Db, userId: string) => {
  const codes = Array.from({ length: TWO_FACTOR.recoveryCodeCount }, newRecoveryCode);
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return { recoveryCodes: codes };
};

/** The first right code turns it on and answers the recovery codes. */
export const confirmEnrolment = async (ctx: UserContext, keyring: VaultKeyring, code: string) => {
  const row = await secretsRow(ctx.db, ctx.userId);
  if (row?.enabledAt) throw conflict(twoFactorMessages.alreadyEnabled);
  if (!row) throw conflict(twoFactorMessages.noEnrolment);
  if ((await checkCode(ctx.db, keyring, row, code, Date.now())) === null) throw wrongCode();
  await ctx.db.update(twoFactorSecrets).set({ enabledAt: new Date() }).where(eq(twoFactorSecrets.userId, ctx.userId));
  return replaceRecoveryCodes(ctx.db, ctx.userId);
};

/** New recovery codes, for a current code from the app. */
export const regenerateRecoveryCodes = async (ctx: UserContext, keyring: VaultKeyring, code: string) => {
  const row = await secretsRow(ctx.db, ctx.userId);
  if (!row?.enabledAt) throw conflict(twoFactorMessages.notEnabled);
  const factor = await useSecondFactor(ctx.db, keyring, ctx.userId, code, Date.now(), { recovery: false });
  if (!factor) throw wrongCode();
  return replaceRecoveryCodes(ctx.db, ctx.userId);
};

/**
 * Turns it off with the password (when the account has one) and a code or a recovery code. The
 * secret, the recovery codes, trusted browsers and waiting sign-ins go with it.
 */
export const disableTwoFactor = async (
  ctx: UserContext,
  keyring: VaultKeyring,
  input: { password: string; code: string },
) => {
  const row = await secretsRow(ctx.db, ctx.userId);
  if (!row?.enabledAt) throw conflict(twoFactorMessages.notEnabled);
  const [user] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, ctx.userId));
  if (user?.passwordHash && !(await verifyPassword(user.passwordHash, input.password)))
    throw badRequest({ password: twoFactorMessages.wrongPassword }, twoFactorMessages.wrongPassword);
  if (!(await useSecondFactor(ctx.db, keyring, ctx.userId, input.code, Date.now()))) throw wrongCode();
  await ctx.db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, ctx.userId));
  await ctx.db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, ctx.userId));
  await ctx.db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, ctx.userId));
  await ctx.db
    .update(trustedBrowsers)
    .set({ revokedAt: new Date() })
    .where(and(eq(trustedBrowsers.userId, ctx.userId), isNull(trustedBrowsers.revokedAt)));
  return { message: twoFactorMessages.turnedOff };
};

/** Whether the workspace requires it, and how many of its members lack it (admins). */
export const getTwoFactorPolicy = async (ctx: TenantContext) => {
  assertWorkspaceAdmin(ctx);
  const [row] = await ctx.db
    .select({ required: tenants.requireTwoFactor })
    .from(tenants)
    .where(eq(tenants.id, ctx.tenantId));
  const enrolled = ctx.db
    .select({ userId: twoFactorSecrets.userId })
    .from(twoFactorSecrets)
    .where(isNotNull(twoFactorSecrets.enabledAt));
  const [count] = await ctx.db
    .select({ without: sql<number>`count(*)::int` })
    .from(memberships)
    .innerJoin(users, and(eq(users.id, memberships.userId), isNull(users.deletedAt)))
    .where(
      and(
        eq(memberships.tenantId, ctx.tenantId),
        eq(memberships.disabled, false),
        notInArray(memberships.userId, enrolled),
      ),
    );
  return { required: row?.required ?? false, membersWithout: count?.without ?? 0 };
};

/**
 * Requires two-factor sign-in, or stops requiring it. An admin who has not turned it on for
 * themselves cannot require it: they would lock themselves out of the workspace.
 */
export const saveTwoFactorPolicy = async (ctx: TenantContext, required: boolean) => {
  assertWorkspaceAdmin(ctx);
  if (required) {
    const [mine] = await ctx.db
      .select({ userId: twoFactorSecrets.userId })
      .from(twoFactorSecrets)
      .where(and(eq(twoFactorSecrets.userId, ctx.userId), isNotNull(twoFactorSecrets.enabledAt)));
    if (!mine) throw conflict(twoFactorMessages.enableYourselfFirst);
  }
  await ctx.db
    .update(tenants)
    .set({ requireTwoFactor: required, changedAt: new Date(), changedBy: ctx.userId })
    .where(eq(tenants.id, ctx.tenantId));
  return getTwoFactorPolicy(ctx);
};
