import { MEETING_IMAGE_MAX_BYTES, MEETING_IMAGE_TYPES } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';

// A meeting image is picked in the browser and sent as a data URL (document 1 §5: jpg, png or
// gif, at most 2 MB). The API keeps at most 500,000 characters for it, so a large picture is
// scaled down in a canvas before it is sent.

const MAX_DATA_URL_CHARS = 480_000;
const SCALED_SIDE = 640;

const readAsDataUrl = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

const loadImage = (src: string): Promise<HTMLImageElement> =>
  new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(messages.imageWrongType));
    image.src = src;
  });

/** The file as a data URL the API accepts, or an Error whose message the form shows. */
export const readMeetingImage = async (file: File): Promise<string> => {
  if (!(MEETING_IMAGE_TYPES as readonly string[]).includes(file.type)) throw new Error(messages.imageWrongType);
  if (file.size > MEETING_IMAGE_MAX_BYTES) throw new Error(messages.imageTooLarge);
  const dataUrl = await readAsDataUrl(file);
  if (dataUrl.length <= MAX_DATA_URL_CHARS) return dataUrl;
  const image = await loadImage(dataUrl);
  let side = SCALED_SIDE;
  for (;;) {
    const scale = Math.min(1, side / Math.max(image.naturalWidth, image.naturalHeight));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
    canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
    const scaled = canvas.toDataURL(file.type === 'image/png' ? 'image/png' : 'image/jpeg', 0.85);
    if (scaled.length <= MAX_DATA_URL_CHARS || side <= 80) return scaled;
    side = Math.round(side / 1.5);
  }
};
