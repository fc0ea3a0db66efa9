import { z } from 'zod';
import { LOCALES } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import { ZAdminFlag } from '../../shared/self.ts';
import { email, isoDate, onceFieldsValid, password, requiredText } from '../../shared/validation.ts';
import { ZTwoFactorChallenge } from './two-factor.schemas.ts';

/** An optional text: left out keeps the value, null or '' clears it. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: messages.tooLong(max) })
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

/** A date of birth, YYYY-MM-DD (the inputs show MM/dd/yyyy); null or '' clears it. */
const optionalDate = () =>
  z
    .union([isoDate(), z.literal(''), z.null()])
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

/** The person's fields besides names and email (the user form and Basic Info, document 3 §3). */
export const contactFields = {
  jobTitle: optionalText(100),
  timezone: z.string().max(100).optional(),
  phone: optionalText(50),
  alternativePhone: optionalText(50),
  address: optionalText(300),
  alternativeAddress: optionalText(300),
  dob: optionalDate(),
  slack: optionalText(100),
};

/** `POST register`: the person and their first workspace. */
export const ZRegister = z.object({
  user: z
    .object({
      firstName: requiredText(100),
      lastName: requiredText(100),
      email: email(),
      /** Not needed when `token` (a Google ID token) says who the person is. */
      password: password().optional(),
      /** Optional on the API; when sent it must match. */
      repeatPassword: z.string().optional(),
      token: z.string().max(5000).optional(),
      timezone: z.string().max(100).nullish(),
    })
    .refine((user) => typeof user.password === 'string' || typeof user.token === 'string', {
      path: ['password'],
      error: messages.required,
      // Report it beside the other fields' errors, not only once they are right.
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    })
    .refine((user) => user.repeatPassword === undefined || user.repeatPassword === user.password, {
      ...onceFieldsValid,
      path: ['repeatPassword'],
      error: messages.passwordsDoNotMatch,
    }),
  tenant: z.object({ name: requiredText(100) }),
});
export type Register = z.infer<typeof ZRegister>;

export const ZSignIn = z.object({
  email: email(),
  password: z.string({ error: messages.required }).min(1, { error: messages.required }).max(200),
  rememberUser: z.boolean().optional().default(false),
  /** The workspace the browser used last; used when the user still belongs to it. */
  lastTenantSelected: z.string().max(100).nullish(),
  /** The token "trust this browser" gave: no code is asked while it holds (decision 102). */
  trustedBrowser: z.string().max(200).optional(),
});
export type SignIn = z.infer<typeof ZSignIn>;

/** The login result of document 1 §3. `tenantId` is null when the user must pick a workspace. */
export const ZSignInResult = z
  .object({
    accessToken: z.string(),
    id: z.string(),
    isAdmin: ZAdminFlag,
    tenantId: z.string().nullable(),
    expiresAt: z.string(),
    /** The starting workspace requires two-factor sign-in and the person has none: enrol first. */
    twoFactorEnrolmentRequired: z.boolean().optional(),
    /** Set when "trust this browser" was asked: send it with the next sign-ins. */
    trustedBrowser: z.string().optional(),
  })
  .meta({ id: 'SignInResult' });
export type SignInResult = z.infer<typeof ZSignInResult>;

export const ZForgotPassword = z.object({ email: email() });

/** Sets a new password from an emailed link: a reset, or an invited user's first password. */
export const ZResetPassword = z
  .object({
    hash: z.string({ error: messages.required }).min(1, { error: messages.required }).max(200),
    password: password(),
    repeatPassword: z.string().optional(),
  })
  .refine((body) => body.repeatPassword === undefined || body.repeatPassword === body.password, {
    ...onceFieldsValid,
    path: ['repeatPassword'],
    error: messages.passwordsDoNotMatch,
  });
export type ResetPassword = z.infer<typeof ZResetPassword>;

export const ZMessageResult = z.object({ message: z.string() }).meta({ id: 'MessageResult' });

export const ZGoogleSignIn = z.object({
  credential: z.string().min(1).max(5000),
  rememberUser: z.boolean().optional().default(false),
  lastTenantSelected: z.string().max(100).nullish(),
  trustedBrowser: z.string().max(200).optional(),
});
export type GoogleSignIn = z.infer<typeof ZGoogleSignIn>;

/** Either a session (the person has an account) or the details to pre-fill sign-up with. */
export const ZGoogleSignInResult = z
  .object({
    session: ZSignInResult.nullable(),
    /** Set instead of `session` when the person has two-factor sign-in: send a code next. */
    twoFactor: ZTwoFactorChallenge.nullable().optional(),
    signUp: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), token: z.string() }).nullable(),
  })
  .meta({ id: 'GoogleSignInResult' });

/** What the public pages need to know about this server. */
export const ZAuthConfig = z.object({ googleClientId: z.string().nullable() }).meta({ id: 'AuthConfig' });

/** The profile fields a person edits themselves. */
export const ZUpdateProfile = z.object({
  firstName: requiredText(100).optional(),
  lastName: requiredText(100).optional(),
  // Left out: kept (a partial update); null or '': cleared.
  ...contactFields,
  locale: z.enum(LOCALES).optional(),
  firstDayOfWeek: z.number().int().min(0).max(6).optional(),
});
export type UpdateProfile = z.infer<typeof ZUpdateProfile>;
