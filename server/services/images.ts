// Decides whether uploaded bytes are an image we accept, by their content, never by the file
// name or the type the browser declared.
import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';

export type CheckedImage = { bytes: Uint8Array; type: string; sha256: string };

export async function checkImage(bytes: Uint8Array): Promise<{ ok: true; image: CheckedImage } | { ok: false; message: string }> {
  if (bytes.byteLength === 0) return { ok: false, message: MESSAGES.imageRequired };
  if (bytes.byteLength > MAX_IMAGE_BYTES) return { ok: false, message: MESSAGES.imageTooLarge };
  const detected = await fileTypeFromBuffer(bytes);
  const type = detected?.mime;
  if (!type || !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type)) {
    return { ok: false, message: MESSAGES.imageType };
  }
  return { ok: true, image: { bytes, type, sha256: createHash('sha256').update(bytes).digest('hex') } };
}
