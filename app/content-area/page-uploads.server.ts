// The images of a page editor's post (issue 31): each file chosen in an image field is uploaded
// through the Content area's image service (the contact form's checks, alt text required) and
// placed in the typed document; then every image field is settled (image-slots.ts). A refused
// upload comes back at its field, with everything typed kept; nothing is stored.
import { IMAGE_MESSAGES } from '../../common/content-images.ts';
import type { AppContext } from '../lib/app-context.ts';
import type { ContentPost } from '../lib/content-area.server.ts';
import { fieldName } from './page-form-data.ts';
import { hasImageSlots, isSlotPath, placeImage, settleImageSlots } from './image-slots.ts';

type Taken =
  { ok: true; notice: string | null } | { ok: false; status: number; message: string; errors: Record<string, string> };

const UPLOAD_PREFIX = 'u.';

export async function takeUploads(
  app: AppContext,
  pageId: string,
  document: unknown,
  post: ContentPost,
  username: string,
): Promise<Taken> {
  if (!hasImageSlots(pageId)) return { ok: true, notice: null };
  const service = app.services.contentImages;
  const library = await service.list();
  let notice: string | null = null;
  for (const [name, file] of post.form?.entries() ?? []) {
    if (!name.startsWith(UPLOAD_PREFIX) || typeof file === 'string' || file.size === 0) continue;
    const path = name.slice(UPLOAD_PREFIX.length);
    if (!isSlotPath(pageId, path)) return { ok: false, status: 400, message: 'Unknown image field.', errors: {} };
    const alt = post.values[fieldName([...path.split('.'), 'alt'])];
    const result = await service.upload(new Uint8Array(await file.arrayBuffer()), alt, username);
    if (!result.ok) {
      settleImageSlots(pageId, document, library);
      return {
        ok: false,
        status: result.status,
        message: result.message,
        errors: { [`${path}.${result.field}`]: result.message },
      };
    }
    placeImage(document, path, {
      src: result.image.src,
      alt: result.image.alt,
      width: result.image.width,
      height: result.image.height,
    });
    library.unshift(result.image);
    notice = IMAGE_MESSAGES.uploaded;
  }
  const unknown = settleImageSlots(pageId, document, library);
  if (unknown.length > 0)
    return {
      ok: false,
      status: 400,
      message: IMAGE_MESSAGES.unknownImage,
      errors: Object.fromEntries(unknown.map((path) => [path, IMAGE_MESSAGES.unknownImage])),
    };
  return { ok: true, notice };
}
