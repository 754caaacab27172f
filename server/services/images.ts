// Decides whether uploaded bytes are an image we accept, by their content, never by the file
// name or the type the browser declared, and re-encodes it so what we keep is only pixels.
//
// Order matters for cost: size and the magic bytes here (no decoding), then, in the decoding
// process behind the image queue (image-queue.ts, image-worker.ts, decision 029), the dimensions
// the header declares (each side at most 10,000 px, at most 24 megapixels), and only then one
// bounded decode and encode with sharp, within a time budget. The stored type stays the family
// that was sent: a PNG stays a PNG, a JPEG a JPEG.
import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { createImageQueue } from './image-queue.ts';
import { type AcceptedType, IMAGE_LIMITS, type ImageRefusal } from './image-limits.ts';

/** Most pixels we decode: 24 megapixels, a 6000 x 4000 camera photo. */
export const MAX_IMAGE_PIXELS = IMAGE_LIMITS.maxPixels;

export type CheckedImage = { bytes: Uint8Array; type: AcceptedType; sha256: string; width: number; height: number };
export type ImageCheck = { ok: true; image: CheckedImage } | { ok: false; message: string };

/** What each refusal of the decoder tells the visitor. */
const REFUSAL_MESSAGES: Record<ImageRefusal, string> = {
  type: MESSAGES.imageType,
  dimensions: MESSAGES.imageDimensions,
  pixels: MESSAGES.imagePixels,
  budget: MESSAGES.imageTooComplex,
  busy: MESSAGES.rateLimited,
};

/** One decoder for the whole process: uploads take their turn. */
const queue = createImageQueue();

/** Starts the decoding process before the first upload needs it (see image-queue.ts). */
export const warmImageDecoder = () => queue.warm();

const isAccepted = (type: string | undefined): type is AcceptedType =>
  (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type ?? '');

export async function checkImage(bytes: Uint8Array): Promise<ImageCheck> {
  if (bytes.byteLength === 0) return { ok: false, message: MESSAGES.imageRequired };
  if (bytes.byteLength > MAX_IMAGE_BYTES) return { ok: false, message: MESSAGES.imageTooLarge };
  const type = (await fileTypeFromBuffer(bytes))?.mime;
  if (!isAccepted(type)) return { ok: false, message: MESSAGES.imageType };
  const result = await queue.run({ bytes, type });
  if (!result.ok) return { ok: false, message: REFUSAL_MESSAGES[result.reason] };
  const encoded = Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength);
  const sha256 = createHash('sha256').update(encoded).digest('hex');
  return { ok: true, image: { bytes: encoded, type, sha256, width: result.width, height: result.height } };
}
