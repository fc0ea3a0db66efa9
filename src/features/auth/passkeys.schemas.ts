import { z } from 'zod';
import { requiredText, uuid } from '../../shared/validation.ts';

// Passkeys' wire shapes (decision 104). The browser's answers are checked for shape here and
// for meaning by the WebAuthn library on the server.

/** How many passkeys one person may keep. */
export const PASSKEYS_MAX = 20;

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);

const ZExtensionResults = z.record(z.string().max(50), z.unknown());
const ZAttachment = z.enum(['platform', 'cross-platform']).optional();

/** What the browser's `navigator.credentials.create` gave, as JSON (the WebAuthn Level 3 shape). */
export const ZRegistrationResponse = z.strictObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.strictObject({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(40_000),
    authenticatorData: base64url(20_000).optional(),
    transports: z.array(z.string().max(30)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4000).optional(),
  }),
  authenticatorAttachment: ZAttachment,
  clientExtensionResults: ZExtensionResults,
});

/** What the browser's `navigator.credentials.get` gave, as JSON. */
export const ZAuthenticationResponse = z.strictObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.strictObject({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(20_000),
    signature: base64url(2000),
    userHandle: base64url(200).optional(),
  }),
  authenticatorAttachment: ZAttachment,
  clientExtensionResults: ZExtensionResults,
});

/** A ceremony's options for the browser, and the id of its challenge to send back with the answer. */
export const ZPasskeyCeremony = z.object({
  challengeId: z.uuid(),
  options: z.record(z.string(), z.unknown()).meta({
    description: 'PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON, for the browser',
  }),
});
export type PasskeyCeremony = z.infer<typeof ZPasskeyCeremony>;

export const ZAddPasskey = z.strictObject({
  challengeId: uuid(),
  name: requiredText(100),
  response: ZRegistrationResponse,
});
export type AddPasskey = z.infer<typeof ZAddPasskey>;

export const ZPasskeySignIn = z.strictObject({
  challengeId: uuid(),
  response: ZAuthenticationResponse,
  rememberUser: z.boolean().default(false),
  lastTenantSelected: z.string().max(100).nullish(),
});
export type PasskeySignIn = z.infer<typeof ZPasskeySignIn>;

export const ZPasskey = z.object({
  id: z.uuid(),
  name: z.string(),
  backedUp: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof ZPasskey>;

export const ZPasskeyId = z.strictObject({ id: uuid() });
