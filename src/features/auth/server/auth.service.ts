import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { signInFailures, users } from '../../../db/schema/index.ts';
import type { TxContext, UserContext } from '../../../server/context.ts';
import { ADMIN_FLAG, SIGN_IN_LIMIT } from '../../../shared/constants.ts';
import { conflict, notFound, tooManyRequests, unauthorized } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import { resolveTimezone } from '../../../shared/timezones.ts';
import { createWorkspace, findMyWorkspace, listMyWorkspaces } from '../../workspaces/server/workspaces.service.ts';
import type { Register, Self, SignIn, SignInResult, User } from '../auth.schemas.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import { createSession, revokeSession } from './tokens.service.ts';

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

/** Sign-up: a new person with their first workspace, of which they are the admin. */
export const register = async (ctx: TxContext, input: Register) => {
  if (await findUserByEmail(ctx.db, input.user.email)) {
    throw conflict(messages.emailTaken, { 'user.email': messages.emailTaken });
  }
  const [user] = await ctx.db
    .insert(users)
    .values({
      email: input.user.email,
      passwordHash: await hashPassword(input.user.password),
      firstName: input.user.firstName,
      lastName: input.user.lastName,
      timezone: resolveTimezone(input.user.timezone),
    })
    .returning(userColumns);
  const { isAdmin: _isAdmin, ...tenant } = await createWorkspace(ctx.db, user!.id, input.tenant.name);
  return { user: user!, tenant };
};

const recentFailures = async (db: Db, email: string, clientAddress: string) => {
  const since = new Date(Date.now() - SIGN_IN_LIMIT.windowMs);
  const [row] = await db
    .select({ n: count() })
    .from(signInFailures)
    .where(
      and(
        eq(signInFailures.email, email),
        eq(signInFailures.clientAddress, clientAddress),
        gt(signInFailures.createdAt, since),
      ),
    );
  return row?.n ?? 0;
};

/** The workspace a new session starts in: the remembered one, the only one, or none (pick one). */
const startingWorkspace = async (db: Db, userId: string, remembered: string | null | undefined) => {
  if (remembered) {
    const found = await findMyWorkspace(db, userId, remembered).catch(() => null);
    if (found) return found;
  }
  const mine = await listMyWorkspaces(db, userId);
  return mine.length === 1 ? mine[0]! : null;
};

/**
 * Checks the credentials and opens a session; null when they are wrong. It records the
 * failure and returns (rather than throws) so that the record is committed.
 */
export const signIn = async (ctx: TxContext, input: SignIn, clientAddress: string): Promise<SignInResult | null> => {
  if ((await recentFailures(ctx.db, input.email, clientAddress)) >= SIGN_IN_LIMIT.failures) {
    throw tooManyRequests(messages.tooManySignIns);
  }
  const user = await findUserByEmail(ctx.db, input.email);
  const valid = user && !user.deletedAt && (await verifyPassword(user.passwordHash, input.password));
  if (!user) await verifyPassword(await decoyHash(), input.password);
  if (!valid) {
    await ctx.db.insert(signInFailures).values({ email: input.email, clientAddress });
    return null;
  }

  const workspace = await startingWorkspace(ctx.db, user.id, input.lastTenantSelected);
  if (!workspace && (await listMyWorkspaces(ctx.db, user.id)).length === 0)
    throw unauthorized(messages.noWorkspaceLeft);
  const session = await createSession(ctx.db, {
    userId: user.id,
    tenantId: workspace?.id ?? null,
    remember: input.rememberUser,
  });
  return {
    accessToken: session.token,
    id: user.id,
    isAdmin: workspace?.isAdmin ?? ADMIN_FLAG.no,
    tenantId: workspace?.id ?? null,
    expiresAt: session.expiresAt.toISOString(),
  };
};

export const signOut = async (ctx: UserContext) => {
  await revokeSession(ctx.db, ctx.sessionId);
};

export const getSelf = async (ctx: UserContext, tenantId: string | null): Promise<Self> => {
  const user = await getUser(ctx.db, ctx.userId);
  const mine = await listMyWorkspaces(ctx.db, ctx.userId);
  const tenant = mine.find((w) => w.id === tenantId) ?? null;
  return { user, tenant, isAdmin: tenant?.isAdmin ?? ADMIN_FLAG.no, tenantCount: mine.length };
};
