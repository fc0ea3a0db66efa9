import { z } from 'zod';
import { messages } from '../../shared/messages.ts';

// Two-factor sign-in (decision 102): shapes and limits both sides share.

export const TWO_FACTOR = {
  digits: 6,
  periodSeconds: 30,
  /** Codes of the step before and after the current one are accepted too. */
  window: 1,
  recoveryCodeCount: 10,
  challengeTtlMs: 5 * 60 * 1000,
  trustedBrowserTtlMs: 30 * 24 * 3600 * 1000,
  issuer: 'Cadence',
} as const;

/** How a session was opened, as the sessions list names it. */
export const SIGN_IN_METHODS = [
  'password',
  'password+code',
  'recovery-code',
  'trusted-browser',
  'google',
  'google+code',
] as const;

/** A code from the app (digits, spaces allowed) or a recovery code (letters, digits, dashes). */
const code = () =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(40, { error: messages.tooLong(40) });

const ZPasswordInput = z.string({ error: messages.required }).min(1, { error: messages.required }).max(200);

/** The sign-in's second step. */
export const ZTwoFactorSignIn = z.strictObject({
  challenge: z.string({ error: messages.required }).min(1, { error: messages.required }).max(200),
  code: code(),
  trustBrowser: z.boolean().optional().default(false),
});
export type TwoFactorSignIn = z.infer<typeof ZTwoFactorSignIn>;

/** What a first factor answers when a code is needed: no token, only the challenge. */
export const ZTwoFactorChallenge = z
  .object({
    twoFactorRequired: z.literal(true),
    challenge: z.string().meta({ description: 'Opaque, single use, valid until `expiresAt`' }),
    expiresAt: z.string(),
  })
  .meta({ id: 'TwoFactorChallenge' });
export type TwoFactorChallenge = z.infer<typeof ZTwoFactorChallenge>;

export const ZTwoFactorStatus = z
  .object({
    enabled: z.boolean(),
    recoveryCodesLeft: z.number().int(),
    /** Names of the caller's workspaces that require two-factor sign-in. */
    requiredBy: z.array(z.string()),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

export const ZTwoFactorEnrolment = z
  .object({
    secret: z.string().meta({ description: 'Base32, for typing into an app' }),
    uri: z.string().meta({ description: 'otpauth:// URI, the QR code’s content' }),
  })
  .meta({ id: 'TwoFactorEnrolment' });

export const ZTwoFactorCode = z.strictObject({ code: code() });
export const ZTwoFactorDisable = z.strictObject({ password: ZPasswordInput, code: code() });

export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) }).meta({ id: 'RecoveryCodes' });

export const ZTwoFactorPolicy = z
  .object({
    required: z.boolean(),
    /** Members (not disabled) without two-factor sign-in. */
    membersWithout: z.number().int(),
  })
  .meta({ id: 'TwoFactorPolicy' });
export const ZSaveTwoFactorPolicy = z.strictObject({ required: z.boolean() });
