// An uploaded image placed in a page's document (issue 31): a customer story's logo or photo, an
// integration's logo. The Content area uploads it (checked, re-encoded, metadata stripped) and
// fills in its address and size; the alt text is what a person who cannot see it reads, and is
// required. Width and height let the page keep the image's room before it loads.
import { z } from 'zod';
import { IMAGE_ALT_MAX, IMAGE_MESSAGES, MEDIA_PATH } from '../common/content-images.ts';

export const imageRef = z.strictObject({
  /** '/media/<sha-256>.png': the uploaded image. */
  src: z.string().regex(MEDIA_PATH, 'an uploaded image: /media/<sha-256>.<png|jpg|webp|gif>'),
  /** What the image shows, for screen readers and when it does not load. */
  alt: z
    .string({ error: IMAGE_MESSAGES.altRequired })
    .trim()
    .min(1, IMAGE_MESSAGES.altRequired)
    .max(IMAGE_ALT_MAX, IMAGE_MESSAGES.altTooLong),
  /** Its size in pixels, as stored. */
  width: z.number().int().positive().max(10_000),
  height: z.number().int().positive().max(10_000),
});
export type ImageRef = z.infer<typeof imageRef>;
