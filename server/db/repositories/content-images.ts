// SQL for the Content area's uploaded images (issue 31, migration 021): one row per distinct
// image (its id is the SHA-256 of the stored bytes), the bytes in the row so every instance
// serves it.
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

export type StoredImage = {
  id: string;
  type: string;
  size: number;
  width: number;
  height: number;
  alt: string;
  createdAt: string;
  createdBy: string;
};
export type NewImage = Omit<StoredImage, 'createdAt' | 'createdBy'> & { bytes: Uint8Array };

const COLUMNS = [
  'id',
  'type',
  'size',
  'width',
  'height',
  'alt',
  'created_at as createdAt',
  'created_by as createdBy',
] as const;

export function createContentImagesRepository(db: Kysely<DB>) {
  return {
    /** Stores the image unless the same bytes are stored already (then the first upload's row,
     * alt text included, stays); answers the stored row. */
    async insert(image: NewImage, stamp: { at: string; username: string }): Promise<StoredImage> {
      await db
        .insertInto('content_images')
        .values({
          id: image.id,
          type: image.type,
          bytes: image.bytes,
          size: image.size,
          width: image.width,
          height: image.height,
          alt: image.alt,
          created_at: stamp.at,
          created_by: stamp.username,
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      return (await db.selectFrom('content_images').select(COLUMNS).where('id', '=', image.id).executeTakeFirst())!;
    },
    /** Every image, newest first, without the bytes (the editor's picker). */
    list: (): Promise<StoredImage[]> =>
      db.selectFrom('content_images').select(COLUMNS).orderBy('created_at', 'desc').orderBy('id').execute(),
    /** One image with its bytes, or null. */
    async bytes(id: string): Promise<{ type: string; bytes: Uint8Array } | null> {
      return (
        (await db.selectFrom('content_images').select(['type', 'bytes']).where('id', '=', id).executeTakeFirst()) ??
        null
      );
    },
  };
}
export type ContentImagesRepository = ReturnType<typeof createContentImagesRepository>;
