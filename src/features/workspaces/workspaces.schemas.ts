import { z } from 'zod';
import { ZAdminFlag } from '../../shared/self.ts';
import { email, isLogoAddress, requiredText } from '../../shared/validation.ts';
import { workspacesMessages } from './workspaces.messages.ts';

/** `POST tenants` takes `tenant{name}`; the original client also sent `tenantName`. */
export const ZCreateWorkspace = z
  .object({ tenant: z.object({ name: z.string().optional() }).optional(), tenantName: z.string().optional() })
  .transform((body) => ({ name: body.tenant?.name ?? body.tenantName }))
  .pipe(z.object({ name: requiredText(100) }));

export const ZSwitchWorkspace = z.object({ id: z.uuid() });

export const ZUpdateWorkspace = z.object({
  name: requiredText(100).optional(),
  /**
   * The workspace's own stored logo (`/api/v2/tenants/{id}/logo/{hash}`, what uploading one through
   * general settings gives) or an https:// address; never another scheme (decision 077).
   */
  iconLogo: z
    .string()
    .trim()
    .max(2000)
    .refine(isLogoAddress, { error: workspacesMessages.logoNotAPicture })
    .nullable()
    .optional(),
  slackWorkspaceName: z.string().trim().max(100).nullable().optional(),
});
export type UpdateWorkspace = z.infer<typeof ZUpdateWorkspace>;

export const ZSwitchResult = z.object({ tenantId: z.string(), isAdmin: ZAdminFlag }).meta({ id: 'SwitchResult' });

/** A person as shown when adding them to a workspace. */
export const ZPerson = z
  .object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof ZPerson>;

export const ZUserLookup = z.object({ email: email() });
/**
 * The user lookup of document 1 §3, reduced to what the add-person steps need (decision 022):
 * whether the email has an account, and whether that account is in this workspace. Never a
 * name, email or id of an account outside the workspace.
 */
export const ZUserLookupResult = z
  .object({ exists: z.boolean(), existsInTenant: z.boolean() })
  .meta({ id: 'UserLookupResult' });
export type UserLookupResult = z.infer<typeof ZUserLookupResult>;

/**
 * `POST tenants/add-user`: by email (the names are needed only when the email has no account
 * yet), or an existing person by `id` (the original client's form).
 */
export const ZAddUser = z.union([
  z.object({ id: z.uuid() }),
  z.object({
    email: email(),
    firstName: requiredText(100).optional(),
    lastName: requiredText(100).optional(),
  }),
]);
export type AddUser = z.infer<typeof ZAddUser>;

/**
 * What add-user did: `added` a new account (it gets a set-password mail), or `invited` an
 * existing one, who joins only by accepting; then nothing about them is answered.
 */
export const ZAddUserResult = z
  .object({
    outcome: z.enum(['added', 'invited']),
    message: z.string(),
    person: ZPerson.nullable(),
  })
  .meta({ id: 'AddUserResult' });
export type AddUserResult = z.infer<typeof ZAddUserResult>;

/** A pending invitation, as its invitee sees it on /workspaces. */
export const ZInvitation = z
  .object({
    id: z.string(),
    workspace: z.object({ id: z.string(), name: z.string(), iconLogo: z.string().nullable() }),
    invitedBy: z.string().nullable(),
    createdAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof ZInvitation>;

/** A person of the current workspace, as pickers and the directory show them. */
export const ZWorkspacePerson = ZPerson.extend({
  image: z.string().nullable(),
  jobTitle: z.string().nullable(),
  isAdmin: ZAdminFlag,
}).meta({ id: 'WorkspacePerson' });
export type WorkspacePerson = z.infer<typeof ZWorkspacePerson>;
