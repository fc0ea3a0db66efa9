import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { runPrepared } from '../../../db/prepared.ts';
import { users } from '../../../db/schema/index.ts';
import type { TxContext, UserContext } from '../../../server/context.ts';
import { ADMIN_FLAG } from '../../../shared/constants.ts';
import { badRequest, notFound, unauthorized } from '../../../shared/errors.ts';
import type { Self, User } from '../../../shared/self.ts';
import { resolveTimezone } from '../../../shared/timezones.ts';
import { createWorkspace, findMyWorkspace, myWorkspacesJson } from '../../workspaces/server/workspaces.service.ts';
import { authMessages } from '../auth.messages.ts';
import type { GoogleSignIn, Register, ResetPassword, SignIn, SignInResult, UpdateProfile } from '../auth.schemas.ts';
import type { TwoFactorChallenge } from '../two-factor.schemas.ts';
import { resetPasswordMail, signUpAttemptMail } from './auth.mails.ts';
import type { GoogleProfile } from './google.ts';
import { consumePasswordToken, issuePasswordToken } from './password-tokens.service.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import { revokeAllSessions, revokeSession, setSessionTenant } from './tokens.service.ts';
import { isChallenge, openSessionOrChallenge } from './two-factor.gate.ts';

type Logger = Pick<FastifyBaseLogger, 'warn'>;

export const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  timezone: users.timezone,
  image: users.image,
  jobTitle: users.jobTitle,
  locale: users.locale,
  firstDayOfWeek: users.firstDayOfWeek,
  phone: users.phone,
  alternativePhone: users.alternativePhone,
  address: users.address,
  alternativeAddress: users.alternativeAddress,
  dob: users.dob,
  slack: users.slack,
};

export const findUserByEmail = async (db: Db, email: string) => {
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return row;
};

export const getUser = async (db: Db, id: string): Promise<User> => {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  if (!row) throw notFound();
  return row;
};

/** Checks Google ID tokens; null when Google sign-in is not configured. */
export type GoogleVerifier = ((credential: string) => Promise<GoogleProfile>) | null;

const verifyWithGoogle = async (google: GoogleVerifier, credential: string, log: Logger) => {
  if (!google) throw unauthorized(authMessages.googleFailed);
  try {
    return await google(credential);
  } catch (error) {
    // document 1 §8: a Google sign-in failure is logged only; the reason never reaches the client.
    log.warn({ reason: (error as Error).message }, 'Google sign-in refused');
    throw unauthorized(authMessages.googleFailed);
  }
};

/**
 * Sign-up: a new person with their first workspace, of which they are the admin. With a
 * Google token instead of a password, the token must be for the same email.
 *
 * The answer is the same whether or not the email has an account (decision 022): for a taken
 * email nothing is created and its owner gets a mail instead. A password is hashed in both
 * branches so that the time taken does not tell them apart either.
 */
export const register = async (
  ctx: TxContext,
  input: Register,
  google: GoogleVerifier,
  log: Logger,
  publicUrl: string,
) => {
  if (input.user.token) {
    const profile = await verifyWithGoogle(google, input.user.token, log);
    if (profile.email !== input.user.email) throw badRequest({ 'user.email': authMessages.googleEmailMismatch });
  }
  const received = { message: authMessages.signUpReceived };
  const passwordHash = await hashPassword(input.user.password ?? randomBytes(16).toString('hex'));
  const [user] = await ctx.db
    .insert(users)
    .values({
      email: input.user.email,
      passwordHash: input.user.password ? passwordHash : null,
      firstName: input.user.firstName,
      lastName: input.user.lastName,
      timezone: resolveTimezone(input.user.timezone),
    })
    // The unique email decides, so two sign-ups racing for one address get the same answer too.
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!user) {
    const owner = await findUserByEmail(ctx.db, input.user.email);
    if (owner) await ctx.sendMail(await signUpAttemptMail(ctx.db, owner, publicUrl));
    return received;
  }
  await createWorkspace(ctx.db, user.id, input.tenant.name);
  return received;
};

/**
 * Checks the credentials and opens a session, or answers a two-factor challenge; null when they
 * are wrong. (The tries are counted before, by the route: see auth.limits.ts.)
 */
export const signIn = async (
  ctx: TxContext,
  input: SignIn & { userAgent?: string | undefined },
): Promise<SignInResult | TwoFactorChallenge | null> => {
  const user = await findUserByEmail(ctx.db, input.email);
  const valid = user && !user.deletedAt && (await verifyPassword(user.passwordHash, input.password));
  if (!user) await verifyPassword(await decoyHash(), input.password);
  if (!valid) return null;
  return openSessionOrChallenge(ctx.db, user.id, { ...input, method: 'password' });
};

/** Google sign-in: a session for a known email, or the details to pre-fill sign-up with. */
export const signInWithGoogle = async (
  ctx: TxContext,
  input: GoogleSignIn & { userAgent?: string | undefined },
  google: GoogleVerifier,
  log: Logger,
) => {
  const profile = await verifyWithGoogle(google, input.credential, log);
  const user = await findUserByEmail(ctx.db, profile.email);
  if (user && !user.deletedAt) {
    const opened = await openSessionOrChallenge(ctx.db, user.id, { ...input, method: 'google' });
    return isChallenge(opened) ? { session: null, twoFactor: opened, signUp: null } : { session: opened, signUp: null };
  }
  return { session: null, signUp: { ...profile, token: input.credential } };
};

export const signOut = async (ctx: UserContext) => {
  await revokeSession(ctx.db, ctx.sessionId);
  ctx.disconnect({ sessionId: ctx.sessionId });
};

/** GET /self runs on every page load: one prepared statement (decision 040). */
const selfQuery = (db: Db) =>
  db
    .select({ ...userColumns, workspaces: myWorkspacesJson })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.deletedAt)));

export const getSelf = async (
  ctx: UserContext,
  tenantId: string | null,
  twoFactorRequiredIn: string | null = null,
): Promise<Self> => {
  const [row] = await runPrepared(ctx.db, 'cadence_self', selfQuery, { userId: ctx.userId });
  if (!row) throw notFound();
  const { workspaces, ...user } = row;
  const tenant = workspaces.find((w) => w.id === tenantId) ?? null;
  const blockedBy = twoFactorRequiredIn ? workspaces.find((w) => w.id === twoFactorRequiredIn) : undefined;
  return {
    user,
    tenant,
    isAdmin: tenant?.isAdmin ?? ADMIN_FLAG.no,
    tenantCount: workspaces.length,
    ...(blockedBy ? { twoFactorRequiredBy: { id: blockedBy.id, name: blockedBy.name } } : {}),
  };
};

/**
 * Mails a reset link when the email belongs to someone; answers the same either way so the
 * answer does not tell who has an account. (Requests are limited by the route.)
 */
export const requestPasswordReset = async (ctx: TxContext, email: string, publicUrl: string) => {
  const user = await findUserByEmail(ctx.db, email);
  if (user && !user.deletedAt) {
    const token = await issuePasswordToken(ctx.db, user.id, 'reset');
    await ctx.sendMail(await resetPasswordMail(ctx.db, user, publicUrl, token));
  }
  return { message: authMessages.resetRequested };
};

/** Sets the password from an emailed link; every signed-in session of the user ends. */
export const resetPassword = async (ctx: TxContext, input: ResetPassword) => {
  const { userId, purpose } = await consumePasswordToken(ctx.db, input.hash);
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), changedAt: new Date() })
    .where(eq(users.id, userId));
  await revokeAllSessions(ctx.db, userId);
  ctx.disconnect({ userId });
  return { message: purpose === 'reset' ? authMessages.passwordReset : authMessages.passwordSet };
};

/** A person's own profile; a time zone outside the list becomes the default one. */
export const updateProfile = async (ctx: UserContext, patch: UpdateProfile): Promise<User> => {
  const { timezone, ...rest } = patch;
  await ctx.db
    .update(users)
    .set({ ...rest, ...(timezone === undefined ? {} : { timezone: resolveTimezone(timezone) }), changedAt: new Date() })
    .where(eq(users.id, ctx.userId));
  return getUser(ctx.db, ctx.userId);
};

/** Moves the caller's session into one of their workspaces. */
export const switchWorkspace = async (ctx: TxContext & { userId: string }, sessionId: string, tenantId: string) => {
  const workspace = await findMyWorkspace(ctx.db, ctx.userId, tenantId);
  await setSessionTenant(ctx.db, sessionId, tenantId);
  return { tenantId: workspace.id, isAdmin: workspace.isAdmin };
};
