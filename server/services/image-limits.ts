// What an uploaded image may be, shared by the server (image-queue.ts, images.ts) and the child
// process that decodes it (image-worker.ts).
import type { ACCEPTED_IMAGE_TYPES } from '../../common/constants.ts';

export type AcceptedType = (typeof ACCEPTED_IMAGE_TYPES)[number];

export const IMAGE_LIMITS = {
  /** Most pixels decoded: 24 megapixels, a 6000 x 4000 camera photo. */
  maxPixels: 24_000_000,
  /** Longest side, in pixels: a 1 x 24,000,000 strip is within the pixel count but is no photo,
   * and its rows alone cost seconds to decode. */
  maxSide: 10_000,
  /** Longest one image may take in the decoding process before it is stopped (and refused). */
  budgetMs: 5_000,
  /** Uploads waiting for the decoder beyond this are refused at once (each waits its turn). A
   * burst of honest uploads (or one form retried with its idempotency key from many tabs) fits;
   * a flood of hostile ones is refused fast, and sign-in never waits on this queue. */
  maxWaiting: 64,
  /** The decoding process's JavaScript heap, in MB (libvips' pixel memory is bounded by maxPixels). */
  heapMb: 96,
} as const;

/** The sharp format name each accepted type must decode as. */
export const SHARP_FORMAT: Record<AcceptedType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export type ImageJob = { bytes: Uint8Array; type: AcceptedType };
/** type: not an image of its declared family or damaged; dimensions: a side over maxSide;
 * pixels: over maxPixels; budget: took longer than budgetMs; busy: too many waiting. */
export type ImageRefusal = 'type' | 'dimensions' | 'pixels' | 'budget' | 'busy';
/** A re-encoded image with its size in pixels (upright). */
export type ImageJobResult =
  { ok: true; bytes: Uint8Array; width: number; height: number } | { ok: false; reason: ImageRefusal };
