// Decides whether uploaded bytes are an image we accept, by their content, never by the file
// name or the type the browser declared, and re-encodes it so what we keep is only pixels.
//
// Order matters for cost: size, then the magic bytes, then the dimensions the header declares
// (read without decoding, so a tiny file declaring 20000 x 20000 pixels is refused in
// milliseconds), and only then one bounded decode and encode with sharp. Re-encoding drops every
// piece of metadata (EXIF with GPS, XMP, ICC profiles, comments) and anything hidden around the
// pixels (a script appended after the image end, a polyglot's second meaning). The stored type
// stays the family that was sent: a PNG stays a PNG, a JPEG a JPEG.
//
// An animated GIF or WebP keeps its first frame only: the image illustrates a support message,
// a still shows it, and decoding one frame bounds the work however many frames a file declares.
import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';

/** Most pixels we decode: 24 megapixels, a 6000 x 4000 camera photo. */
export const MAX_IMAGE_PIXELS = 24_000_000;

// The server decodes one upload at a time per request and keeps nothing: libvips' operation
// cache would only hold on to memory between unrelated uploads.
sharp.cache(false);

type AcceptedType = (typeof ACCEPTED_IMAGE_TYPES)[number];
export type CheckedImage = { bytes: Uint8Array; type: AcceptedType; sha256: string };
export type ImageCheck = { ok: true; image: CheckedImage } | { ok: false; message: string };

/** The sharp format name each accepted type must decode as. */
const SHARP_FORMAT: Record<AcceptedType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

const isAccepted = (type: string | undefined): type is AcceptedType => (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type ?? '');

export async function checkImage(bytes: Uint8Array): Promise<ImageCheck> {
  if (bytes.byteLength === 0) return { ok: false, message: MESSAGES.imageRequired };
  if (bytes.byteLength > MAX_IMAGE_BYTES) return { ok: false, message: MESSAGES.imageTooLarge };
  const type = (await fileTypeFromBuffer(bytes))?.mime;
  if (!isAccepted(type)) return { ok: false, message: MESSAGES.imageType };

  // The header's claim, before any pixel is decoded.
  let declared: Metadata;
  try {
    declared = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, message: MESSAGES.imageType };
  }
  if (declared.format !== SHARP_FORMAT[type] || !declared.width || !declared.height) return { ok: false, message: MESSAGES.imageType };
  // For animated images `height` is one frame's: only the first frame is decoded.
  if (declared.width * (declared.pageHeight ?? declared.height) > MAX_IMAGE_PIXELS) return { ok: false, message: MESSAGES.imagePixels };

  let encoded: Buffer;
  try {
    encoded = await reencode(bytes, type);
  } catch {
    // Damaged pixel data past a valid header.
    return { ok: false, message: MESSAGES.imageType };
  }
  return { ok: true, image: { bytes: encoded, type, sha256: createHash('sha256').update(encoded).digest('hex') } };
}

/** Decodes the first frame (turned upright by its EXIF orientation, which is then dropped) and
 * encodes it again in the same format. sharp writes no metadata unless asked to. Low encoder
 * effort for WebP and GIF: a 24-megapixel upload then costs about a second of CPU, not several. */
function reencode(bytes: Uint8Array, type: AcceptedType): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', pages: 1 }).autoOrient();
  switch (type) {
    case 'image/png':
      return image.png().toBuffer();
    case 'image/jpeg':
      return image.jpeg({ quality: 88 }).toBuffer();
    case 'image/webp':
      return image.webp({ quality: 88, effort: 2 }).toBuffer();
    case 'image/gif':
      return image.gif({ effort: 3 }).toBuffer();
  }
}
