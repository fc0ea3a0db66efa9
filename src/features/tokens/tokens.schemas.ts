import { z } from 'zod';
import { messages } from '../../shared/messages.ts';
import { ZPersonSummary } from '../../shared/person.ts';
import { isoDate, requiredText } from '../../shared/validation.ts';
import { tokensMessages } from './tokens.messages.ts';

// API tokens' wire shapes and their scopes (decision 093), for the server and the client alike.

/** The areas a token may read or write; each gives the scopes `{area}:read` and `{area}:write`. */
export const TOKEN_AREAS = ['meetings', 'tasks', 'boards', 'kpis', 'goals', 'people', 'time', 'reports'] as const;
export type TokenArea = (typeof TOKEN_AREAS)[number];

/** Scopes that no area choice includes: each must be ticked on its own. */
export const SENSITIVE_SCOPES = ['vault:reveal', 'admin:read', 'admin:write'] as const;

export const TOKEN_SCOPES = [
  ...TOKEN_AREAS.flatMap((area) => [`${area}:read`, `${area}:write`] as const),
  ...SENSITIVE_SCOPES,
] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Every token's secret starts so: the server tells it from a session token, people recognise it. */
export const TOKEN_PREFIX = 'cad_';

/** Whether `granted` allow `required`: a write scope allows the reads of its area too. */
export const scopeAllows = (granted: readonly string[], required: TokenScope): boolean =>
  granted.includes(required) ||
  (required.endsWith(':read') && granted.includes(`${required.slice(0, -':read'.length)}:write`));

export const TOKEN_KINDS = ['personal', 'workspace'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

const ZScope = z.enum(TOKEN_SCOPES, { error: tokensMessages.unknownScope });

export const ZCreateToken = z.strictObject({
  name: requiredText(100),
  scopes: z
    .array(ZScope, {
      error: (issue) => (issue.input === undefined ? messages.required : tokensMessages.scopeRequired),
    })
    .min(1, { error: tokensMessages.scopeRequired })
    .max(TOKEN_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, { error: tokensMessages.duplicateScope }),
  /** The last day the token works (in the creator's time zone); null or absent: no expiry. */
  expiresOn: isoDate().nullish(),
});
export type CreateToken = z.infer<typeof ZCreateToken>;

export const ZApiToken = z
  .object({
    id: z.uuid(),
    kind: z.enum(TOKEN_KINDS),
    name: z.string(),
    /** The secret's first characters and an ellipsis: the only form of it shown after creation. */
    masked: z.string(),
    scopes: z.array(z.string()),
    expiresAt: z.string().nullable().meta({ description: 'When it stops working (ISO instant), or null' }),
    expired: z.boolean(),
    lastUsedAt: z.string().nullable(),
    lastUsedAddress: z.string().nullable(),
    createdAt: z.string(),
    createdBy: ZPersonSummary.nullable(),
  })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof ZApiToken>;

/** `GET api-token`: the token a call is made with, and the person it acts as. */
export const ZCurrentToken = z
  .object({
    id: z.uuid(),
    kind: z.enum(TOKEN_KINDS),
    name: z.string(),
    scopes: z.array(z.string()),
    expiresAt: z.string().nullable(),
    tenantId: z.uuid(),
    /** Whom the token acts as: its person, or a workspace token's service account. */
    person: ZPersonSummary,
  })
  .meta({ id: 'CurrentApiToken' });
export type CurrentToken = z.infer<typeof ZCurrentToken>;

export const ZCreatedToken = ZApiToken.extend({
  secret: z.string().meta({ description: 'The token itself: shown this once, never again' }),
}).meta({ id: 'CreatedApiToken' });
export type CreatedToken = z.infer<typeof ZCreatedToken>;

export const ZTokenId = z.strictObject({ id: z.uuid({ error: messages.notFound }) });
