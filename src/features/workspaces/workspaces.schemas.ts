import { z } from 'zod';
import { email, requiredText } from '../../shared/validation.ts';

export const ZAdminFlag = z.enum(['0', '1']);

export const ZWorkspace = z.object({
  id: z.string(),
  name: z.string(),
  iconLogo: z.string().nullable(),
  slackWorkspaceName: z.string().nullable(),
});
export type Workspace = z.infer<typeof ZWorkspace>;

/** A workspace as one of its members sees it in the picker. */
export const ZMyWorkspace = ZWorkspace.extend({ isAdmin: ZAdminFlag });
export type MyWorkspace = z.infer<typeof ZMyWorkspace>;

/** `POST tenants` takes `tenant{name}`; the original client also sent `tenantName`. */
export const ZCreateWorkspace = z
  .object({ tenant: z.object({ name: z.string().optional() }).optional(), tenantName: z.string().optional() })
  .transform((body) => ({ name: body.tenant?.name ?? body.tenantName }))
  .pipe(z.object({ name: requiredText(100) }));

export const ZSwitchWorkspace = z.object({ id: z.uuid() });

export const ZUpdateWorkspace = z.object({
  name: requiredText(100).optional(),
  iconLogo: z.string().max(2000).nullable().optional(),
  slackWorkspaceName: z.string().trim().max(100).nullable().optional(),
});
export type UpdateWorkspace = z.infer<typeof ZUpdateWorkspace>;

export const ZSwitchResult = z.object({ tenantId: z.string(), isAdmin: ZAdminFlag });

/** A person as shown when adding them to a workspace. */
export const ZPerson = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() });
export type Person = z.infer<typeof ZPerson>;

export const ZUserLookup = z.object({ email: email() });
/** The user lookup result of document 1 §3. */
export const ZUserLookupResult = z.object({
  exists: z.boolean(),
  existsInTenant: z.boolean(),
  user: ZPerson.nullable(),
});
export type UserLookupResult = z.infer<typeof ZUserLookupResult>;

/**
 * `POST tenants/add-user`: an existing person by `id` (found through the lookup), or a new
 * one by email and name.
 */
export const ZAddUser = z.union([
  z.object({ id: z.uuid() }),
  z.object({ email: email(), firstName: requiredText(100), lastName: requiredText(100) }),
]);
export type AddUser = z.infer<typeof ZAddUser>;

/** A person of the current workspace, as pickers and the directory show them. */
export const ZWorkspacePerson = ZPerson.extend({
  image: z.string().nullable(),
  jobTitle: z.string().nullable(),
  isAdmin: ZAdminFlag,
});
export type WorkspacePerson = z.infer<typeof ZWorkspacePerson>;
