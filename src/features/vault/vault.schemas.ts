import { z } from 'zod';
import {
  VAULT_ACTIVITY_PAGE,
  VAULT_AUDIT_ACTIONS,
  VAULT_FOLDERS_PAGE,
  VAULT_LIMITS,
  VAULT_PAGE,
  VAULT_REVEAL_PURPOSES,
  VAULT_SORTS,
} from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import { pageOf, pageParams, requiredText } from '../../shared/validation.ts';
import { vaultMessages } from './vault.messages.ts';

// The password vault of a meeting (document 3 §2/§3/§7, decision 045). No schema that a list
// answers with has a password field: only the reveal call returns one, for one entry.

/** Optional text: trimmed, '' and null mean none. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: messages.tooLong(max) })
    .nullish()
    .transform((value) => value || null);

/** A site's address: http(s) only ('https://' added when no scheme is typed); '' or null for none. */
export const ZSiteUrl = z
  .string()
  .trim()
  .max(2000, { error: messages.tooLong(2000) })
  .refine((value) => !/\s/.test(value), { error: vaultMessages.vaultInvalidUrl })
  .transform((value) => (value && !/^[a-z][a-z0-9+.-]*:/i.test(value) ? `https://${value}` : value))
  .pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/, error: vaultMessages.vaultInvalidUrl })]))
  .nullish()
  .transform((value) => value || null);

/** The secret itself: not trimmed (spaces may be part of it), never empty. */
const ZSecret = z
  .string({ error: messages.required })
  .min(1, { error: messages.required })
  .max(VAULT_LIMITS.password, { error: messages.tooLong(VAULT_LIMITS.password) });

const groupIds = z.array(z.uuid()).max(VAULT_LIMITS.groups);

/** A vault entry as lists show it: never its password. */
export const ZVaultEntry = z
  .object({
    id: z.string(),
    meetingId: z.string(),
    folderId: z.string().nullable(),
    account: z.string(),
    username: z.string().nullable(),
    siteUrl: z.string().nullable(),
    notes: z.string().nullable(),
    /** Restricted to groups: only the meeting's leaders and people in one of `groupIds` see it. */
    restricted: z.boolean(),
    groupIds: z.array(z.string()),
    createdAt: z.string(),
    changedAt: z.string(),
    changedBy: z.string().nullable(),
    /** The caller may reveal and copy it (a leader of the meeting, or a member in one of its groups when restricted). */
    canReveal: z.boolean(),
    /** The caller may edit and delete it (a leader of the meeting, or a workspace admin). */
    canManage: z.boolean(),
  })
  .meta({ id: 'VaultEntry' });
export type VaultEntry = z.infer<typeof ZVaultEntry>;

export const ZVaultEntryPage = pageOf(ZVaultEntry)
  .extend({
    /** The caller may add entries and folders to this vault. */
    canManage: z.boolean(),
  })
  .meta({ id: 'VaultEntryPage' });
export type VaultEntryPage = z.infer<typeof ZVaultEntryPage>;

export const ZVaultEntryQuery = z.object({
  search: z.string().trim().max(VAULT_LIMITS.search).optional(),
  groupId: z.uuid().optional(),
  /** A folder's id, or 'none' for the entries in no folder. */
  folderId: z.union([z.uuid(), z.literal('none')]).optional(),
  sort: z.enum(VAULT_SORTS).default('asc'),
  ...pageParams({ size: VAULT_PAGE.default, max: VAULT_PAGE.max }),
});
export type VaultEntryQuery = z.infer<typeof ZVaultEntryQuery>;

/** `savePassword` (document 3 §7): a new entry. */
export const ZCreateVaultEntry = z.object({
  account: requiredText(VAULT_LIMITS.account),
  username: optionalText(VAULT_LIMITS.username),
  password: ZSecret,
  siteUrl: ZSiteUrl,
  folderId: z.uuid().nullish(),
  groupIds: groupIds.optional(),
  notes: optionalText(VAULT_LIMITS.notes),
  confirmLockOut: z
    .boolean()
    .optional()
    .describe(
      'True: save even though the caller will not be able to reveal or copy the entry (not a leader of the meeting, and not in any of its groups or not in the meeting). Without it such a save is refused with 409 and nothing is written.',
    ),
});
export type CreateVaultEntry = z.infer<typeof ZCreateVaultEntry>;

/** A change of an entry: only the fields sent; no password keeps the current one. */
export const ZUpdateVaultEntry = ZCreateVaultEntry.partial();
export type UpdateVaultEntry = z.infer<typeof ZUpdateVaultEntry>;

export const ZRevealRequest = z.object({ purpose: z.enum(VAULT_REVEAL_PURPOSES).default('reveal') });
export const ZRevealed = z
  .object({
    password: z.string(),
    /** How long the client shows it (reveal) or keeps it on the clipboard (copy). */
    seconds: z.number(),
  })
  .meta({ id: 'VaultRevealedPassword' });
export type Revealed = z.infer<typeof ZRevealed>;

/** A folder (the spec's password group). */
export const ZVaultFolder = z
  .object({
    id: z.string(),
    meetingId: z.string(),
    name: z.string(),
    /**
     * Entries in it the caller sees (an admin: all; others: those of their groups), which are the
     * ones deleting it with its entries would delete. Hidden entries are never counted.
     */
    entryCount: z.number(),
  })
  .meta({ id: 'VaultFolder' });
export type VaultFolder = z.infer<typeof ZVaultFolder>;
export const ZVaultFolderPage = pageOf(ZVaultFolder).meta({ id: 'VaultFolderPage' });
export const ZVaultFolderQuery = z.object(
  pageParams({ size: VAULT_FOLDERS_PAGE.default, max: VAULT_FOLDERS_PAGE.max }),
);

export const ZSaveVaultFolder = z.object({ name: requiredText(VAULT_LIMITS.folderName) });

export const ZDeleteFolderQuery = z.object({
  /** What happens to its entries: kept in no folder (default), or deleted with it. */
  entries: z.enum(['keep', 'delete']).default('keep'),
});

/** One row of the vault's audit log. */
export const ZVaultAuditRow = z
  .object({
    id: z.string(),
    at: z.string(),
    action: z.enum(VAULT_AUDIT_ACTIONS),
    meetingId: z.string(),
    /** The meeting's title now, or as it was when the row was written once the meeting is deleted. */
    meetingTitle: z.string(),
    /** The meeting is deleted: the row is kept (decision 063), its vault page is gone. */
    meetingDeleted: z.boolean(),
    entryId: z.string().nullable(),
    account: z.string(),
    userId: z.string().nullable(),
    userName: z.string().nullable(),
    sessionId: z.string().nullable(),
    /** The name of the API token that acted, when one did (decision 093). */
    viaToken: z.string().nullable(),
    address: z.string().nullable(),
  })
  .meta({ id: 'VaultAuditRow' });
export type VaultAuditRow = z.infer<typeof ZVaultAuditRow>;
export const ZVaultAuditPage = pageOf(ZVaultAuditRow).meta({ id: 'VaultAuditPage' });
export type VaultAuditPage = z.infer<typeof ZVaultAuditPage>;

const auditPaging = pageParams({ size: VAULT_ACTIVITY_PAGE.default, max: VAULT_ACTIVITY_PAGE.max });

/** A meeting's vault activity (leaders and admins): all of it, one entry's history, or one person's. */
export const ZMeetingActivityQuery = z.object({
  entryId: z.uuid().optional(),
  userId: z.uuid().optional(),
  ...auditPaging,
});

/**
 * The workspace's vault activity (admins), e.g. what a departed person revealed: `action` is one
 * action or several separated by commas (`reveal,copy`: every password they saw).
 */
export const ZWorkspaceActivityQuery = z.object({
  userId: z.uuid().optional(),
  action: z
    .string()
    .transform((value) => [...new Set(value.split(','))])
    .pipe(z.array(z.enum(VAULT_AUDIT_ACTIONS)).max(VAULT_AUDIT_ACTIONS.length))
    .optional(),
  ...auditPaging,
});

export const ZRotation = z.object({ version: z.number(), entries: z.number() }).meta({ id: 'VaultKeyRotation' });
