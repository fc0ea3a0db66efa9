import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { badRequest, payloadTooLarge } from '../shared/errors.ts';

// Every uploaded picture is decoded and stored as a fresh copy (decision 076): what cannot be
// decoded is refused, so a stored picture always draws (in a browser and in a PDF); the copy is
// at most IMAGE_MAX_SIDE on its longer side, upright, without metadata (no camera or location).

/** The longer side of a stored picture, in pixels: sharp on any screen it is shown on. */
export const IMAGE_MAX_SIDE = 1024;
/** Pictures with more pixels are refused before decoding (a few bytes can claim a huge image). */
const MAX_INPUT_PIXELS = 50_000_000;

export interface StoredImage {
  /** image/png or image/jpeg: the two every browser and the PDF exports draw. */
  mimeType: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

/**
 * Checks an upload and returns the copy to store: within `maxBytes` (else 413 with
 * `tooLargeMessage`), of one of `types` by its bytes, and decodable (else 400 with `message`).
 * A JPEG stays a JPEG, so does a WebP without transparency; anything else becomes a PNG.
 */
export const storedImage = async (
  bytes: Buffer,
  rules: {
    maxBytes: number;
    tooLargeMessage: string;
    types: ReadonlySet<string>;
    message: string;
    /** The request field the errors name: the multipart `file` unless told. */
    field?: string;
  },
): Promise<StoredImage> => {
  const field = rules.field ?? 'file';
  if (bytes.length > rules.maxBytes) throw payloadTooLarge(rules.tooLargeMessage, { [field]: rules.tooLargeMessage });
  const refused = () => badRequest({ [field]: rules.message }, rules.message);
  // The type by the bytes first: sharp would also read SVG, TIFF and others nobody allowed.
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !rules.types.has(detected.mime)) throw refused();
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { hasAlpha } = await image.metadata();
    const pipeline = image
      .rotate()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const asJpeg = detected.mime === 'image/jpeg' || (detected.mime === 'image/webp' && !hasAlpha);
    const out = asJpeg
      ? await pipeline.jpeg({ quality: 85 }).toBuffer()
      : await pipeline.png({ compressionLevel: 9 }).toBuffer();
    return { mimeType: asJpeg ? 'image/jpeg' : 'image/png', bytes: out };
  } catch {
    throw refused();
  }
};

/**
 * A stored picture as a data URL a PDF can draw, or undefined when it does not decode (a
 * picture stored before every upload was decoded): an export leaves it out instead of failing.
 */
export const drawableImage = async (bytes: Buffer): Promise<string | undefined> => {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).resize({
      width: IMAGE_MAX_SIDE,
      height: IMAGE_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const { format } = await image.metadata();
    const out = format === 'jpeg' ? await image.jpeg().toBuffer() : await image.png().toBuffer();
    return `data:image/${format === 'jpeg' ? 'jpeg' : 'png'};base64,${out.toString('base64')}`;
  } catch {
    return undefined;
  }
};
