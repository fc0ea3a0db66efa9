import { z } from 'zod';
import { messages } from '../../shared/messages.ts';
import { email, requiredText } from '../../shared/validation.ts';
import { ssoMessages } from './sso.messages.ts';

// Single sign-on through OpenID Connect (decision 103): shared by the server's routes and the client.

/** A provider a button can start: 'google', 'microsoft', or a workspace's id. */
export const ZSsoProvider = z.object({ id: z.string(), name: z.string() }).meta({ id: 'SsoProvider' });
export type SsoProvider = z.infer<typeof ZSsoProvider>;

export const ZSsoProviders = z.object({ providers: z.array(ZSsoProvider) }).meta({ id: 'SsoProviders' });

/** Finding a workspace's provider from a work email or a workspace link. */
export const ZSsoDiscoverQuery = z.strictObject({
  email: email().optional(),
  workspace: z.uuid({ error: messages.notFound }).optional(),
});
export const ZSsoDiscovered = z.object({ provider: ZSsoProvider.nullable() }).meta({ id: 'SsoDiscovered' });

/** A same-origin path only: never another site, never a protocol-relative or backslashed URL. */
export const isSameOriginPath = (value: string) => /^\/(?![/\\])[^\s\\]*$/.test(value) && value.length <= 500;

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

export const ZSsoStartQuery = z.strictObject({
  provider: z.union([z.enum(['google', 'microsoft']), z.uuid()], { error: ssoMessages.unknownProvider }),
  returnTo: z.string().max(500).refine(isSameOriginPath, { error: messages.invalidValue }).optional(),
  remember: booleanQuery.optional(),
});

/** What the provider sends back (any of it may be missing or forged). */
export const ZSsoCallbackQuery = z
  .object({
    state: z.string().max(200).optional(),
    code: z.string().max(4000).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(1000).optional(),
    iss: z.string().max(500).optional(),
    session_state: z.string().max(500).optional(),
  })
  // Providers add parameters of their own; they are ignored.
  .passthrough();

export const ZSsoComplete = z.strictObject({
  code: requiredText(200),
  /** The browser's "trust this browser" token (decision 102), as password sign-in sends it. */
  trustedBrowser: z.string().max(200).optional(),
});

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { error: ssoMessages.badDomain });

/** A workspace's provider as an admin sets it. The secret left out keeps the saved one. */
export const ZSsoSettingsInput = z.strictObject({
  displayName: requiredText(60),
  issuer: z.url({ error: messages.invalidUrl }).max(500, { error: messages.tooLong(500) }),
  clientId: requiredText(300),
  clientSecret: z
    .string()
    .max(1000, { error: messages.tooLong(1000) })
    .optional(),
  allowedDomains: z.array(domain).min(1, { error: messages.required }).max(20),
  joinOnFirstSignIn: z.boolean(),
  requireSso: z.boolean(),
});
export type SsoSettingsInput = z.infer<typeof ZSsoSettingsInput>;

export const ZSsoSettings = z
  .object({
    configured: z.boolean(),
    displayName: z.string(),
    issuer: z.string(),
    clientId: z.string(),
    hasClientSecret: z.boolean(),
    allowedDomains: z.array(z.string()),
    joinOnFirstSignIn: z.boolean(),
    requireSso: z.boolean(),
    /** To register with the provider. */
    redirectUrl: z.string(),
    /** A link that starts this workspace's sign-in. */
    signInUrl: z.string(),
  })
  .meta({ id: 'SsoSettings' });
export type SsoSettings = z.infer<typeof ZSsoSettings>;

export const ZWorkspaceId = z.strictObject({ id: z.uuid({ error: messages.notFound }) });
