// The Content area's images for customer stories and integrations (issue 31): an upload goes
// through the contact form's checks (services/images.ts: bytes sniffed, size and pixel caps,
// re-encoded by sharp in the decoding process, so every piece of metadata is dropped) and needs
// its alt text; it is stored by the SHA-256 of the stored bytes, served at /media/<hash>.<ext>.
// Nothing is stored unless every check passed.
import { IMAGE_ALT_MAX, IMAGE_EXTENSIONS, IMAGE_MESSAGES, MEDIA_PATH, mediaPath } from '../../common/content-images.ts';
import { MESSAGES } from '../../common/messages.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { createContentImagesRepository, type StoredImage } from '../db/repositories/content-images.ts';
import type { ImageCheck } from './images.ts';

/** An uploaded image as the editor and the API show it. */
export type ContentImage = Omit<StoredImage, 'id'> & { id: string; src: string };

/** An upload's refusal: the HTTP status its cause stands for, and the words. */
export type ImageUploadRefusal = { ok: false; status: 400 | 413 | 415 | 429; message: string; field: 'file' | 'alt' };
export type ImageUpload = { ok: true; image: ContentImage } | ImageUploadRefusal;

/** The status of each of the image check's refusals: too large in bytes or pixels 413, not an
 * accepted image 415, the decoder's queue full 429, nothing sent 400. */
const CHECK_STATUS = new Map<string, ImageUploadRefusal['status']>([
  [MESSAGES.imageRequired, 400],
  [MESSAGES.imageTooLarge, 413],
  [MESSAGES.imagePixels, 413],
  [MESSAGES.imageDimensions, 413],
  [MESSAGES.imageTooComplex, 413],
  [MESSAGES.imageType, 415],
  [MESSAGES.rateLimited, 429],
]);

const toImage = (row: StoredImage): ContentImage => ({
  ...row,
  src: mediaPath(row.id, row.type as keyof typeof IMAGE_EXTENSIONS),
});

/** The alt text trimmed, or why it is refused. */
export function checkAlt(alt: unknown): { ok: true; alt: string } | { ok: false; message: string } {
  const text = typeof alt === 'string' ? alt.trim() : '';
  if (text === '') return { ok: false, message: IMAGE_MESSAGES.altRequired };
  if (text.length > IMAGE_ALT_MAX) return { ok: false, message: IMAGE_MESSAGES.altTooLong };
  return { ok: true, alt: text };
}

export function createContentImages(deps: {
  db: Kysely<DB>;
  checkImage: (bytes: Uint8Array) => Promise<ImageCheck>;
  now?: () => Date;
}) {
  const repo = createContentImagesRepository(deps.db);
  const now = deps.now ?? (() => new Date());
  return {
    /** Checks the alt text first (no decoding for a refused upload), then the bytes; stores. */
    async upload(bytes: Uint8Array | null, alt: unknown, username: string): Promise<ImageUpload> {
      const described = checkAlt(alt);
      if (!described.ok) return { ok: false, status: 400, message: described.message, field: 'alt' };
      if (!bytes || bytes.byteLength === 0)
        return { ok: false, status: 400, message: IMAGE_MESSAGES.fileRequired, field: 'file' };
      const checked = await deps.checkImage(bytes);
      if (!checked.ok)
        return { ok: false, status: CHECK_STATUS.get(checked.message) ?? 400, message: checked.message, field: 'file' };
      const { image } = checked;
      const stored = await repo.insert(
        {
          id: image.sha256,
          type: image.type,
          bytes: image.bytes,
          size: image.bytes.byteLength,
          width: image.width,
          height: image.height,
          alt: described.alt,
        },
        { at: now().toISOString(), username },
      );
      return { ok: true, image: toImage(stored) };
    },
    list: async (): Promise<ContentImage[]> => (await repo.list()).map(toImage),
    /** The bytes behind a /media path, when its hash and extension name a stored image. */
    async file(path: string): Promise<{ type: string; bytes: Uint8Array } | null> {
      const match = MEDIA_PATH.exec(path);
      if (!match) return null;
      const found = await repo.bytes(match[1]!);
      if (!found || IMAGE_EXTENSIONS[found.type as keyof typeof IMAGE_EXTENSIONS] !== match[2]) return null;
      return found;
    },
  };
}
export type ContentImages = ReturnType<typeof createContentImages>;
