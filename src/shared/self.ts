import { z } from 'zod';

// Who is signed in and where: the session's shapes, which the shell, the sign-in, the workspace
// picker and every page that asks "am I an admin here" share.

/** '1' when the person is an admin of the workspace. */
export const ZAdminFlag = z.enum(['0', '1']);

export const ZWorkspace = z
  .object({
    id: z.string(),
    name: z.string(),
    iconLogo: z.string().nullable(),
    slackWorkspaceName: z.string().nullable(),
  })
  .meta({ id: 'Workspace' });
export type Workspace = z.infer<typeof ZWorkspace>;

/** A workspace as one of its members sees it in the picker. */
export const ZMyWorkspace = ZWorkspace.extend({ isAdmin: ZAdminFlag }).meta({ id: 'MyWorkspace' });
export type MyWorkspace = z.infer<typeof ZMyWorkspace>;

export const ZUser = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    timezone: z.string(),
    /** The photo's URL (served with caching headers), or null. */
    image: z.string().nullable(),
    jobTitle: z.string().nullable(),
    locale: z.string(),
    firstDayOfWeek: z.number(),
    phone: z.string().nullable(),
    alternativePhone: z.string().nullable(),
    address: z.string().nullable(),
    alternativeAddress: z.string().nullable(),
    dob: z.string().nullable(),
    slack: z.string().nullable(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof ZUser>;

/** Who is signed in, and where. */
export const ZSelf = z
  .object({
    user: ZUser,
    tenant: ZMyWorkspace.nullable(),
    isAdmin: ZAdminFlag,
    tenantCount: z.number(),
    /**
     * The session's workspace when it requires two-factor sign-in and the person has none yet
     * (decision 102): `tenant` is null and its calls answer 403 until they enrol.
     */
    twoFactorRequiredBy: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  })
  .meta({ id: 'Self' });
export type Self = z.infer<typeof ZSelf>;
