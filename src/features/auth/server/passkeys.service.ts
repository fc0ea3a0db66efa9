import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, count, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { passkeyChallenges, passkeys, users } from '../../../db/schema/index.ts';
import type { TxContext, UserContext } from '../../../server/context.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../../shared/errors.ts';
import type { SignInResult } from '../auth.schemas.ts';
import { passkeysMessages } from '../passkeys.messages.ts';
import {
  type AddPasskey,
  PASSKEYS_MAX,
  type Passkey,
  type PasskeyCeremony,
  type PasskeySignIn,
} from '../passkeys.schemas.ts';
import { openSession } from './two-factor.gate.ts';

// Passkeys (decision 104): WebAuthn registration and sign-in with @simplewebauthn/server. The
// relying party is the server's public address: its host name is the RP ID, its origin the only
// origin a ceremony may come from. A passkey asks for user verification (fingerprint, face, PIN),
// so it proves two factors at once and its sign-in opens a session without a TOTP code.

const CEREMONY_TTL_MS = 5 * 60 * 1000;
type Purpose = 'register' | 'sign-in';

interface RelyingParty {
  id: string;
  origin: string;
}

const relyingPartyOf = (publicUrl: string): RelyingParty => {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin };
};

/** The user handle a passkey stores: the person's id as its 16 bytes, never their email. */
const userHandleOf = (userId: string) => Buffer.from(userId.replaceAll('-', ''), 'hex');

const toPasskey = (row: typeof passkeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  backedUp: row.backedUp,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const saveChallenge = async (db: Db, challenge: string, purpose: Purpose, userId: string | null) => {
  const now = Date.now();
  // Ceremonies left unfinished are cleared by the next ones.
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, new Date(now - CEREMONY_TTL_MS)));
  const [row] = await db
    .insert(passkeyChallenges)
    .values({ challenge, purpose, userId, expiresAt: new Date(now + CEREMONY_TTL_MS) })
    .returning({ id: passkeyChallenges.id });
  return row!.id;
};

/** Uses a challenge up (once, before it expires), for its purpose and person; throws otherwise. */
const takeChallenge = async (db: Db, id: string, purpose: Purpose, userId: string | null) => {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.id, id),
        eq(passkeyChallenges.purpose, purpose),
        userId ? eq(passkeyChallenges.userId, userId) : isNull(passkeyChallenges.userId),
        gt(passkeyChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  if (!row) throw badRequest({ challengeId: passkeysMessages.requestExpired }, passkeysMessages.requestExpired);
  return row.challenge;
};

export const listPasskeys = async (ctx: UserContext): Promise<Passkey[]> =>
  (await ctx.db.select().from(passkeys).where(eq(passkeys.userId, ctx.userId)).orderBy(desc(passkeys.createdAt))).map(
    toPasskey,
  );

export const registrationOptions = async (ctx: UserContext): Promise<PasskeyCeremony> => {
  const rp = relyingPartyOf(ctx.publicUrl);
  const [person] = await ctx.db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, ctx.userId));
  const existing = await ctx.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, ctx.userId));
  if (existing.length >= PASSKEYS_MAX) throw conflict(passkeysMessages.tooMany(PASSKEYS_MAX));
  const options = await generateRegistrationOptions({
    rpName: 'Cadence',
    rpID: rp.id,
    userName: person!.email,
    userDisplayName: `${person!.firstName} ${person!.lastName}`.trim() || person!.email,
    userID: userHandleOf(ctx.userId),
    attestationType: 'none',
    // The same authenticator twice would be two rows for one key.
    excludeCredentials: existing.map((key) => ({ id: key.credentialId, transports: key.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const challengeId = await saveChallenge(ctx.db, options.challenge, 'register', ctx.userId);
  return { challengeId, options: options as unknown as Record<string, unknown> };
};

export const addPasskey = async (ctx: UserContext, input: AddPasskey): Promise<Passkey> => {
  const rp = relyingPartyOf(ctx.publicUrl);
  const expectedChallenge = await takeChallenge(ctx.db, input.challengeId, 'register', ctx.userId);
  const verification = await verifyRegistrationResponse({
    response: input.response as RegistrationResponseJSON,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified || !verification.registrationInfo)
    throw badRequest({ response: passkeysMessages.notVerified }, passkeysMessages.notVerified);
  const { credential, credentialBackedUp } = verification.registrationInfo;
  const [{ total }] = (await ctx.db
    .select({ total: count() })
    .from(passkeys)
    .where(eq(passkeys.userId, ctx.userId))) as [{ total: number }];
  if (total >= PASSKEYS_MAX) throw conflict(passkeysMessages.tooMany(PASSKEYS_MAX));
  const [row] = await ctx.db
    .insert(passkeys)
    .values({
      userId: ctx.userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      backedUp: credentialBackedUp,
      name: input.name,
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  if (!row) throw conflict(passkeysMessages.alreadyRegistered);
  return toPasskey(row);
};

export const removePasskey = async (ctx: UserContext, id: string) => {
  const [row] = await ctx.db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, ctx.userId)))
    .returning({ id: passkeys.id });
  if (!row) throw notFound(passkeysMessages.notFound);
  return true;
};

/** Sign-in's options: no list of keys, so the browser offers the passkeys it holds for this site. */
export const signInOptions = async (ctx: TxContext): Promise<PasskeyCeremony> => {
  const rp = relyingPartyOf(ctx.publicUrl);
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
  const challengeId = await saveChallenge(ctx.db, options.challenge, 'sign-in', null);
  return { challengeId, options: options as unknown as Record<string, unknown> };
};

/** A session for the passkey's person; 401 for a key no one registered or an answer that does not verify. */
export const signInWithPasskey = async (
  ctx: TxContext,
  input: PasskeySignIn & { userAgent?: string | undefined },
): Promise<SignInResult> => {
  const rp = relyingPartyOf(ctx.publicUrl);
  const expectedChallenge = await takeChallenge(ctx.db, input.challengeId, 'sign-in', null);
  const [key] = await ctx.db
    .select({ passkey: passkeys })
    .from(passkeys)
    .innerJoin(users, and(eq(users.id, passkeys.userId), isNull(users.deletedAt)))
    .where(eq(passkeys.credentialId, input.response.id));
  if (!key) throw unauthorized(passkeysMessages.unknownPasskey);
  const { passkey } = key;
  // The authenticator names whose key it used: it must be the person the key was registered to.
  const handle = input.response.response.userHandle;
  if (handle && !Buffer.from(handle, 'base64url').equals(userHandleOf(passkey.userId)))
    throw unauthorized(passkeysMessages.notVerified);
  const verification = await verifyAuthenticationResponse({
    response: input.response as AuthenticationResponseJSON,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw unauthorized(passkeysMessages.notVerified);
  await ctx.db
    .update(passkeys)
    .set({
      counter: verification.authenticationInfo.newCounter,
      backedUp: verification.authenticationInfo.credentialBackedUp,
      lastUsedAt: new Date(),
    })
    .where(eq(passkeys.id, passkey.id));
  return openSession(ctx.db, passkey.userId, {
    method: 'passkey',
    rememberUser: input.rememberUser,
    lastTenantSelected: input.lastTenantSelected,
    userAgent: input.userAgent,
  });
};
