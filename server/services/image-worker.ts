// The child process that decodes and re-encodes uploaded images (issue 33, decision 029). sharp
// runs here and never in the server process: libvips' work would otherwise share libuv's thread
// pool with sign-in's scrypt, and a hostile image could hold the pool (and the heap) for seconds.
// The server (image-queue.ts) sends one job at a time and kills this process when a job runs
// past its time budget; the process leaves by itself when the server goes away.
//
// Order matters for cost: the dimensions the header declares are read first (without decoding),
// and only an image within both the per-side and the pixel caps is decoded once and encoded again.
// Re-encoding drops every piece of metadata (EXIF with GPS, XMP, ICC profiles, comments) and
// anything hidden around the pixels. An animated GIF or WebP keeps its first frame only.
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { IMAGE_LIMITS, type ImageJob, type ImageJobResult, SHARP_FORMAT } from './image-limits.ts';

// One upload at a time, one libvips thread, nothing cached between unrelated uploads.
sharp.cache(false);
sharp.concurrency(1);

async function run(job: ImageJob): Promise<ImageJobResult> {
  let declared: Metadata;
  try {
    declared = await sharp(job.bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: 'type' };
  }
  if (declared.format !== SHARP_FORMAT[job.type] || !declared.width || !declared.height)
    return { ok: false, reason: 'type' };
  // For animated images `height` is one frame's: only the first frame is decoded.
  const height = declared.pageHeight ?? declared.height;
  if (declared.width > IMAGE_LIMITS.maxSide || height > IMAGE_LIMITS.maxSide)
    return { ok: false, reason: 'dimensions' };
  if (declared.width * height > IMAGE_LIMITS.maxPixels) return { ok: false, reason: 'pixels' };
  try {
    // The stored image's own size (turned upright, so a portrait photo is taller than wide).
    const { data, info } = await reencode(job);
    return { ok: true, bytes: data, width: info.width, height: info.height };
  } catch {
    // Damaged pixel data past a valid header.
    return { ok: false, reason: 'type' };
  }
}

/** Decodes the first frame (turned upright by its EXIF orientation, which is then dropped) and
 * encodes it again in the same format, reading the input top to bottom once (sequentialRead).
 * Low encoder effort for WebP and GIF: a 24-megapixel upload costs about a second of CPU. */
function reencode(job: ImageJob): Promise<{ data: Buffer; info: OutputInfo }> {
  const image = sharp(job.bytes, {
    limitInputPixels: IMAGE_LIMITS.maxPixels,
    failOn: 'error',
    pages: 1,
    sequentialRead: true,
  }).autoOrient();
  switch (job.type) {
    case 'image/png':
      return image.png().toBuffer({ resolveWithObject: true });
    case 'image/jpeg':
      return image.jpeg({ quality: 88 }).toBuffer({ resolveWithObject: true });
    case 'image/webp':
      return image.webp({ quality: 88, effort: 2 }).toBuffer({ resolveWithObject: true });
    case 'image/gif':
      return image.gif({ effort: 3 }).toBuffer({ resolveWithObject: true });
  }
}

process.on('message', (message: { id: number; job: ImageJob }) => {
  void run(message.job).then(
    (result) => process.send?.({ id: message.id, result }),
    () => process.send?.({ id: message.id, result: { ok: false, reason: 'type' } satisfies ImageJobResult }),
  );
});
// The server went away (exit, crash, kill): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
