import { timingSafeEqual } from 'node:crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { timeAccounts } from '../../../db/schema/index.ts';
import { ACCOUNT_IMAGE, API_ROOT, MEETING_IMAGE_TYPES, PHOTO_TYPES } from '../../../shared/constants.ts';
import { notFound } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';
import { checkPhoto } from '../../people/server/photos.service.ts';

// An account's image (decision 064): the rules of a meeting's image (JPG, PNG or GIF, at most
// 2 MB, sent as a data URL the dialog scales down), its type read from the bytes by the shared
// check (checkPhoto). Stored in the account's row like a meeting's (decision 039) and never sent
// inside JSON: answers carry `/api/v2/images/time-accounts/{id}/{md5}`, cacheable for good.

const types: ReadonlySet<string> = new Set(MEETING_IMAGE_TYPES);
const DATA_URL = /^data:(image\/[a-z+.-]+);base64,([A-Za-z0-9+/=]+)$/;

/** The data URL to store for an upload: the bytes must be an image of an allowed type (400/413). */
export const checkAccountImage = async (dataUrl: string) => {
  const bytes = Buffer.from(DATA_URL.exec(dataUrl)?.[2] ?? '', 'base64');
  const image = await checkPhoto(bytes, ACCOUNT_IMAGE.maxBytes, messages.imageTooLarge, {
    types,
    message: messages.imageWrongType,
  });
  return `data:${image.mimeType};base64,${image.bytes.toString('base64')}`;
};

/** The image's address, computed by the database (the picture is not read into Node). */
export const accountImageUrl: SQL<string | null> = sql<string | null>`case when ${timeAccounts.image} is null
  then null else ${`${API_ROOT}/images/time-accounts/`} || ${timeAccounts.id} || '/' || md5(${timeAccounts.image}) end`;

/** The image at `hash`; 404 when the account has none or another one now. */
export const readAccountImage = async (db: Db, id: string, hash: string) => {
  const [row] = await db
    .select({ image: timeAccounts.image, hash: sql<string | null>`md5(${timeAccounts.image})` })
    .from(timeAccounts)
    .where(eq(timeAccounts.id, id));
  const match = row?.image && row.hash ? DATA_URL.exec(row.image) : null;
  if (
    !match ||
    !(PHOTO_TYPES as readonly string[]).includes(match[1]!) ||
    !timingSafeEqual(Buffer.from(row!.hash!), Buffer.from(hash))
  )
    throw notFound();
  return { mimeType: match[1]!, bytes: Buffer.from(match[2]!, 'base64'), hash };
};
