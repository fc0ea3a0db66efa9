import { z } from 'zod';

/** The hours before a meeting date its people may get their digest (decision 125). */
export const DIGEST_HOURS = [1, 2, 3, 4, 6, 12, 24, 48, 72] as const;
export const DIGEST_HOURS_MAX = 72;
/** A meeting without a setting of its own sends the digest this many hours before each date. */
export const DIGEST_DEFAULT_HOURS = 24;

/** A meeting's before-meeting digest: null when off. */
export const ZDigestSetting = z
  .object({
    hoursBefore: z.int().min(1).max(DIGEST_HOURS_MAX).nullable(),
    /** Whether the caller may change it (the meeting's leaders and workspace admins). */
    canEdit: z.boolean(),
  })
  .meta({ id: 'DigestSetting' });
export type DigestSetting = z.infer<typeof ZDigestSetting>;

export const ZSetDigestSetting = z
  .strictObject({
    /** Hours before the meeting date starts (1–72); null turns the digest off. */
    hoursBefore: z.int().min(1).max(DIGEST_HOURS_MAX).nullable(),
  })
  .meta({ id: 'SetDigestSetting' });
export type SetDigestSetting = z.infer<typeof ZSetDigestSetting>;
