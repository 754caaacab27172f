// Where a page's document takes an uploaded image (issue 31): a customer story's logo and photo,
// an integration's logo. The generic editor (page-form.tsx) draws any image reference as a picker
// with an upload field; for an item that has none yet, an empty one is put in before drawing and
// taken out again when the post is read, so the optional field stays absent until an image is
// chosen. The width and height always come from the stored image, never from the form.

/** Per page: the lists whose items take images, and under which keys. */
export const IMAGE_SLOTS: Record<string, { list: string; keys: string[] }[]> = {
  customers: [{ list: 'stories', keys: ['logo', 'photo'] }],
  integrations: [{ list: 'integrations', keys: ['logo'] }],
};

export type ImageChoice = { src: string; alt: string; width: number; height: number };
type Slot = { src?: unknown; alt?: unknown; width?: unknown; height?: unknown };

const SLOT_KEYS = ['src', 'alt', 'width', 'height'];
const EMPTY_SLOT = { src: '', alt: '', width: 0, height: 0 };

/** Whether a value is an image reference (or an empty one): the form draws it as a picker. */
export const isImageSlot = (value: unknown): value is Slot =>
  Boolean(value) &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.keys(value as object).every((key) => SLOT_KEYS.includes(key)) &&
  'width' in (value as object);

export const hasImageSlots = (pageId: string) => pageId in IMAGE_SLOTS;

/** Calls `visit` with each item of the page's image lists (the item, its list's path). */
function eachItem(pageId: string, document: unknown, visit: (item: Record<string, unknown>, keys: string[]) => void) {
  for (const { list, keys } of IMAGE_SLOTS[pageId] ?? []) {
    const items = (document as Record<string, unknown> | null)?.[list];
    if (!Array.isArray(items)) continue;
    for (const item of items) if (item && typeof item === 'object') visit(item as Record<string, unknown>, keys);
  }
}

/** A copy of the document with an empty slot wherever an item has no image yet. */
export function withImageSlots(pageId: string, document: unknown): unknown {
  if (!hasImageSlots(pageId)) return document;
  const copy = structuredClone(document);
  eachItem(pageId, copy, (item, keys) => {
    for (const key of keys) item[key] ??= { ...EMPTY_SLOT };
  });
  return copy;
}

/** Whether `path` ('stories.0.photo') is one of the page's image fields. */
export const isSlotPath = (pageId: string, path: string) =>
  (IMAGE_SLOTS[pageId] ?? []).some(({ list, keys }) => {
    const [name, index, key, ...rest] = path.split('.');
    return name === list && /^\d{1,4}$/.test(index ?? '') && keys.includes(key ?? '') && rest.length === 0;
  });

/** Settles the posted document's slots in place: an empty one removed, a chosen one filled with
 * the stored image's size. Answers the paths of slots that name no uploaded image. */
export function settleImageSlots(pageId: string, document: unknown, library: ImageChoice[]): string[] {
  const unknown: string[] = [];
  for (const { list, keys } of IMAGE_SLOTS[pageId] ?? []) {
    const items = (document as Record<string, unknown> | null)?.[list];
    if (!Array.isArray(items)) continue;
    items.forEach((item: Record<string, unknown> | null, index) => {
      if (!item || typeof item !== 'object') return;
      for (const key of keys) {
        const slot = item[key] as Slot | undefined;
        if (!slot || typeof slot !== 'object') continue;
        if (typeof slot.src !== 'string' || slot.src === '') {
          delete item[key];
          continue;
        }
        const stored = library.find((image) => image.src === slot.src);
        if (!stored) unknown.push(`${list}.${index}.${key}.src`);
        else item[key] = { src: stored.src, alt: slot.alt ?? '', width: stored.width, height: stored.height };
      }
    });
  }
  return unknown;
}

/** Puts `image` at `path` ('stories.0.photo') in the document (the path's parent must exist). */
export function placeImage(document: unknown, path: string, image: ImageChoice): boolean {
  const keys = path.split('.');
  const last = keys.pop()!;
  const parent = keys.reduce<unknown>(
    (value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
    document,
  );
  if (!parent || typeof parent !== 'object' || Array.isArray(parent)) return false;
  (parent as Record<string, unknown>)[last] = image;
  return true;
}
