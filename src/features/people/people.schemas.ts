import { z } from 'zod';
import { DIRECTORY_PAGE_SIZE, SETTINGS_PASSWORD_MIN } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import { ZPersonSummary } from '../../shared/person.ts';
import { ZAdminFlag } from '../../shared/self.ts';
import { email, onceFieldsValid, pageParams, queryFlag, requiredText } from '../../shared/validation.ts';
import { contactFields } from '../auth/auth.schemas.ts';
import { peopleMessages } from './people.messages.ts';

/** A person as the directory lists them (sorted by first name, document 2 §9). */
export const ZDirectoryUser = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    jobTitle: z.string().nullable(),
    /** The photo's URL (cacheable), or null. */
    image: z.string().nullable(),
    isAdmin: ZAdminFlag,
    /** Disabled in this workspace: shown in the deleted-user style. */
    disabled: z.boolean(),
    /** The account was deleted: shown in the deleted-user style too. */
    deleted: z.boolean(),
    groupIds: z.array(z.string()),
  })
  .meta({ id: 'DirectoryUser' });
export type DirectoryUser = z.infer<typeof ZDirectoryUser>;

export const ZDirectoryPage = z
  .object({ users: z.array(ZDirectoryUser), total: z.number() })
  .meta({ id: 'DirectoryPage' });
export type DirectoryPage = z.infer<typeof ZDirectoryPage>;

/** Who the directory lists: active people, disabled or removed ones, or everyone. */
export const DIRECTORY_STATUSES = ['active', 'disabled', 'all'] as const;
export type DirectoryStatus = (typeof DIRECTORY_STATUSES)[number];

export const ZDirectoryQuery = z.object({
  search: z.string().trim().max(100).optional(),
  /** Only the people of this group of the workspace. */
  groupId: z.uuid().optional(),
  status: z.enum(DIRECTORY_STATUSES).default('all'),
  ...pageParams({ size: DIRECTORY_PAGE_SIZE, max: 200 }),
});

/** One person with every field of the user form. */
export const ZContact = ZDirectoryUser.extend({
  timezone: z.string(),
  phone: z.string().nullable(),
  alternativePhone: z.string().nullable(),
  address: z.string().nullable(),
  alternativeAddress: z.string().nullable(),
  dob: z.string().nullable(),
  slack: z.string().nullable(),
}).meta({ id: 'Contact' });
export type Contact = z.infer<typeof ZContact>;

const groupIds = z.array(z.uuid()).max(200).optional();

/** `POST users`: a new contact (admins). */
export const ZCreateContact = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: email(),
  ...contactFields,
  groupIds,
});
export type CreateContact = z.infer<typeof ZCreateContact>;

/** `PATCH users/{id}`: the form's fields; a person's email changes only through their own settings. */
export const ZUpdateContact = z.object({
  firstName: requiredText(100).optional(),
  lastName: requiredText(100).optional(),
  ...contactFields,
  groupIds,
});
export type UpdateContact = z.infer<typeof ZUpdateContact>;

export const ZCreateContactResult = z
  .object({
    outcome: z.enum(['created', 'invited']),
    message: z.string(),
    user: ZContact.nullable(),
  })
  .meta({ id: 'CreateContactResult' });

// Groups (the group dialog calls them roles)

export const ZGroupUser = ZPersonSummary.meta({ id: 'GroupUser' });

export const ZGroup = z
  .object({
    id: z.string(),
    name: z.string(),
    changedAt: z.string(),
    changedBy: z.string().nullable(),
    userIds: z.array(z.string()),
    /** With `includeUsers=true`: the people, with their deleted flags. */
    users: z.array(ZGroupUser).optional(),
  })
  .meta({ id: 'Group' });
export type Group = z.infer<typeof ZGroup>;

export const ZGroupsQuery = z.object({
  includeUsers: queryFlag(false),
  ...pageParams({ size: 100, max: 200 }),
});
export const ZGroupsPage = z.object({ groups: z.array(ZGroup), total: z.number() }).meta({ id: 'GroupsPage' });

export const ZCreateGroup = z.object({ name: requiredText(100), userIds: z.array(z.uuid()).max(1000).optional() });
export const ZUpdateGroup = z.object({
  name: requiredText(100).optional(),
  userIds: z.array(z.uuid()).max(1000).optional(),
});
export type UpdateGroup = z.infer<typeof ZUpdateGroup>;

// Self: profile extras, notifications, security

/** The password rule of settings (document 3 §5): at least 8 characters, typed twice. */
export const settingsPassword = () =>
  z
    .string({ error: messages.required })
    .min(SETTINGS_PASSWORD_MIN, { error: peopleMessages.settingsPasswordTooShort })
    .max(200, { error: messages.tooLong(200) });

export const ZChangePassword = z
  .object({
    /** Needed when the account has a password (a Google-only account has none yet). */
    currentPassword: z.string().max(200).optional(),
    password: settingsPassword(),
    repeatPassword: z.string({ error: messages.required }).max(200),
  })
  .refine((body) => body.password === body.repeatPassword, {
    ...onceFieldsValid,
    path: ['repeatPassword'],
    error: messages.passwordsDoNotMatch,
  });
export type ChangePassword = z.infer<typeof ZChangePassword>;

export const ZUpdateEmail = z.object({ email: email() });
export const ZConfirmEmail = z.object({
  hash: z.string({ error: messages.required }).min(1, { error: messages.required }).max(200),
});

export const ZAuthSession = z
  .object({
    id: z.string(),
    userAgent: z.string().nullable(),
    /** How it signed in: 'password', 'password+code', 'password+recovery-code', 'google'… (decision 102). */
    method: z.string().nullable(),
    createdAt: z.string(),
    expiresAt: z.string(),
    current: z.boolean(),
  })
  .meta({ id: 'AuthSession' });
export type AuthSessionRow = z.infer<typeof ZAuthSession>;

export const ZDeleteAccount = z.object({ email: email() });
