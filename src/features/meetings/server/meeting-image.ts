import { timingSafeEqual } from 'node:crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { meetings } from '../../../db/schema/index.ts';
import { storedImage } from '../../../server/images.ts';
import { API_ROOT, MEETING_IMAGE_MAX_BYTES, MEETING_IMAGE_TYPES } from '../../../shared/constants.ts';
import { notFound } from '../../../shared/errors.ts';
import { messages } from '../../../shared/messages.ts';

// A meeting's image is stored as a data URL but never sent inside JSON (decision 039): answers
// carry `/api/v2/images/meetings/{id}/{md5 of the picture}`, which serves the bytes. The address
// changes with the picture, so it may be cached for a year; the hash in it is the capability (an
// <img> sends no bearer token): only someone given the address in an answer knows it.
// (People's photos are files with addresses of their own, decision 031.)

/** The image's address, computed by the database (the picture itself is not read into Node). */
export const meetingImageUrl: SQL<string | null> = sql<string | null>`case when ${meetings.image} is null then null
  else ${`${API_ROOT}/images/meetings/`} || ${meetings.id} || '/' || md5(${meetings.image}) end`;

const DATA_URL = /^data:(image\/[a-z+.-]+);base64,([A-Za-z0-9+/=]+)$/;
const types: ReadonlySet<string> = new Set(MEETING_IMAGE_TYPES);

/** The data URL to store for a sent image: decoded and stored as a fresh copy (decision 076), else 400/413. */
export const meetingImageToStore = async (dataUrl: string) => {
  const bytes = Buffer.from(DATA_URL.exec(dataUrl)?.[2] ?? '', 'base64');
  const image = await storedImage(bytes, {
    maxBytes: MEETING_IMAGE_MAX_BYTES,
    tooLargeMessage: messages.imageTooLarge,
    types,
    message: messages.imageWrongType,
    field: 'image',
  });
  return `data:${image.mimeType};base64,${image.bytes.toString('base64')}`;
};

/** The image at `hash`, as bytes with its type; 404 when the meeting has none or another one now. */
export const readMeetingImage = async (db: Db, id: string, hash: string): Promise<{ type: string; bytes: Buffer }> => {
  const [row] = await db
    .select({ image: meetings.image, hash: sql<string | null>`md5(${meetings.image})` })
    .from(meetings)
    .where(eq(meetings.id, id));
  const match = row?.image && row.hash ? DATA_URL.exec(row.image) : null;
  if (
    !match ||
    !(MEETING_IMAGE_TYPES as readonly string[]).includes(match[1]!) ||
    !timingSafeEqual(Buffer.from(row!.hash!), Buffer.from(hash))
  )
    throw notFound();
  return { type: match[1]!, bytes: Buffer.from(match[2]!, 'base64') };
};
