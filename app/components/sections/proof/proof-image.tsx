// An image uploaded in the Content area (issue 31): a story's photo or logo, an integration's
// logo. Its width and height keep its room before it loads (no layout shift); its alt text is
// required by the schema. Off-screen images wait until they are needed.
import type { ImageRef } from '../../../../content/image-ref.schema.ts';

export function ProofImage({
  image,
  variant,
  eager,
}: {
  image: ImageRef;
  /** A logo sits small on a light plate; a photo fills its column. */
  variant: 'logo' | 'photo';
  /** Above the fold: loaded at once. */
  eager?: boolean;
}) {
  return (
    <img
      className="proof-image"
      data-variant={variant}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
