import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { orgChartSeatImages, orgChartSeats } from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import { drawableImage } from '../../../server/images.ts';
import { API_ROOT, SEAT_IMAGE_MAX_BYTES, SEAT_IMAGE_TYPES } from '../../../shared/constants.ts';
import { notFound } from '../../../shared/errors.ts';
import { checkPhoto } from '../../people/server/photos.service.ts';
import { orgchartMessages } from '../orgchart.messages.ts';

// A seat's picture (someone not yet a user): jpg, png or gif up to 2 MB, the type read from the
// bytes; stored in the database and served at a URL carrying its hash (as photos, decision 031).

const types: ReadonlySet<string> = new Set(SEAT_IMAGE_TYPES);

export const checkSeatImage = (bytes: Buffer) =>
  checkPhoto(bytes, SEAT_IMAGE_MAX_BYTES, orgchartMessages.seatImageTooLarge, {
    types,
    message: orgchartMessages.seatImageType,
  });

export const seatImageUrl = (seatId: string, hash: string) => `${API_ROOT}/org-chart/seats/${seatId}/image/${hash}`;

/** Stores the picture and points the seat's `image` at it; returns its URL. */
export const saveSeatImage = async (db: Db, seatId: string, image: { mimeType: string; bytes: Buffer }) => {
  const hash = createHash('sha256').update(image.bytes).digest('hex');
  const values = { mimeType: image.mimeType, bytes: image.bytes, hash, updatedAt: new Date() };
  await db
    .insert(orgChartSeatImages)
    .values({ seatId, ...values })
    .onConflictDoUpdate({ target: orgChartSeatImages.seatId, set: values });
  const url = seatImageUrl(seatId, hash);
  await db.update(orgChartSeats).set({ image: url, changedAt: new Date() }).where(eq(orgChartSeats.id, seatId));
  return url;
};

export const removeSeatImage = async (db: Db, seatId: string) => {
  await db.delete(orgChartSeatImages).where(eq(orgChartSeatImages.seatId, seatId));
  await db.update(orgChartSeats).set({ image: null, changedAt: new Date() }).where(eq(orgChartSeats.id, seatId));
};

/** The picture behind a URL; a wrong or outdated hash is 404 like a missing picture. */
export const readSeatImage = async (db: Db, seatId: string, hash: string) => {
  const [row] = await db
    .select({ mimeType: orgChartSeatImages.mimeType, bytes: orgChartSeatImages.bytes, hash: orgChartSeatImages.hash })
    .from(orgChartSeatImages)
    .where(eq(orgChartSeatImages.seatId, seatId));
  if (!row || row.hash !== hash) throw notFound();
  return row;
};

/**
 * The pictures as data URLs pdfmake can draw, by seat (one statement), each decoded first: one
 * that does not decode is left out and counted in `leftOut`, so the export never fails on it.
 */
export const readSeatImages = async (db: Db, seatIds: string[]) => {
  const images = new Map<string, string>();
  if (seatIds.length === 0) return { images, leftOut: 0 };
  const rows = await db
    .select({
      seatId: orgChartSeatImages.seatId,
      mimeType: orgChartSeatImages.mimeType,
      bytes: orgChartSeatImages.bytes,
    })
    .from(orgChartSeatImages)
    .where(anyOf(orgChartSeatImages.seatId, seatIds));
  let leftOut = 0;
  for (const row of rows) {
    const image = await drawableImage(row.bytes);
    if (image) images.set(row.seatId, image);
    else leftOut++;
  }
  return { images, leftOut };
};
