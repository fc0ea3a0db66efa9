import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { userPhotos, users } from '../../../db/schema/index.ts';
import { type StoredImage, storedImage } from '../../../server/images.ts';
import { API_ROOT, PHOTO_TYPES } from '../../../shared/constants.ts';
import { notFound } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';

// Photos (decision 031): stored in the database, served by URL. The URL carries the SHA-256 of
// the bytes, so it changes with the photo and can be cached for good (immutable); it is handed
// out only in answers to people allowed to see the person, and nothing can be guessed from it.

const allowed = new Set<string>(PHOTO_TYPES);

/** The photo's URL for `users.image`. */
export const photoUrl = (userId: string, hash: string) => `${API_ROOT}/users/${userId}/photo/${hash}`;

/**
 * Checks an upload and returns the copy to store: within `maxBytes` (else 413 with
 * `tooLargeMessage`), an image of an allowed type (a photo's by default; others pass their own
 * types and message) that decodes (decision 076).
 */
export const checkPhoto = (
  bytes: Buffer,
  maxBytes: number,
  tooLargeMessage: string,
  only: { types: ReadonlySet<string>; message: string } = { types: allowed, message: messages.photoTypeNotAllowed },
): Promise<StoredImage> => storedImage(bytes, { maxBytes, tooLargeMessage, ...only });

/** Stores the photo and points the person's `image` at it; returns its URL. */
export const savePhoto = async (db: Db, userId: string, photo: { mimeType: string; bytes: Buffer }) => {
  const hash = createHash('sha256').update(photo.bytes).digest('hex');
  const values = { mimeType: photo.mimeType, bytes: photo.bytes, hash, updatedAt: new Date() };
  await db
    .insert(userPhotos)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userPhotos.userId, set: values });
  const url = photoUrl(userId, hash);
  await db.update(users).set({ image: url, changedAt: new Date() }).where(eq(users.id, userId));
  return url;
};

export const removePhoto = async (db: Db, userId: string) => {
  await db.delete(userPhotos).where(eq(userPhotos.userId, userId));
  await db.update(users).set({ image: null, changedAt: new Date() }).where(eq(users.id, userId));
};

/** The photo behind a URL; a wrong or outdated hash is 404 like a missing photo. */
export const readPhoto = async (db: Db, userId: string, hash: string) => {
  const [row] = await db
    .select({ mimeType: userPhotos.mimeType, bytes: userPhotos.bytes, hash: userPhotos.hash })
    .from(userPhotos)
    .where(eq(userPhotos.userId, userId));
  if (!row || row.hash !== hash) throw notFound();
  return row;
};
