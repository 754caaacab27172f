// The images a page document names (issue 31, decision 059): every `src` in it, wherever it sits.
// A save may only name an uploaded image that is stored (/media/<hash>.<ext> with a row in
// content_images of that type) or one of the build's own assets a seed document in content/
// already uses; the form offers nothing else, and the API refuses anything else with a 400 at
// the field. The image purge (page-image-purge.ts) reads the same walk to keep what is named.
import type { Kysely } from 'kysely';
import { IMAGE_EXTENSIONS, IMAGE_MESSAGES, MEDIA_PATH } from '../../common/content-images.ts';
import type { DB } from '../db/schema.ts';
import { PAGE_FILES, type PageFile, seedOf } from './page-registry.ts';

export type NamedImage = { path: string; src: string };

/** Every string `src` in a document, with its field's path ('integrations.0.logo.src'). */
export function imagesIn(document: unknown, path: string[] = [], found: NamedImage[] = []): NamedImage[] {
  if (Array.isArray(document)) document.forEach((item, index) => imagesIn(item, [...path, String(index)], found));
  else if (document && typeof document === 'object')
    for (const [key, value] of Object.entries(document)) {
      if (key === 'src' && typeof value === 'string') found.push({ path: [...path, key].join('.'), src: value });
      else imagesIn(value, [...path, key], found);
    }
  return found;
}

let seedAssets: Set<string> | undefined;
/** The build's own images the seed documents use (none today: stories and integrations start bare). */
function assetsOfSeeds(): Set<string> {
  seedAssets ??= new Set(
    (Object.keys(PAGE_FILES) as PageFile[]).flatMap((file) =>
      imagesIn(seedOf(file))
        .map((image) => image.src)
        .filter((src) => !MEDIA_PATH.test(src)),
    ),
  );
  return seedAssets;
}

/** The content image id behind a /media path (any extension), or null. */
export const mediaIdOf = (src: string) => MEDIA_PATH.exec(src)?.[1] ?? null;

/** The fields whose `src` names neither a stored image nor a seed's asset, each with why. */
export async function unstoredImages(db: Kysely<DB>, document: unknown): Promise<Record<string, string>> {
  const named = imagesIn(document);
  const ids = [...new Set(named.map((image) => mediaIdOf(image.src)).filter((id): id is string => id !== null))];
  const stored =
    ids.length === 0
      ? new Map<string, string>()
      : new Map(
          (await db.selectFrom('content_images').select(['id', 'type']).where('id', 'in', ids).execute()).map(
            (row) => [row.id, IMAGE_EXTENSIONS[row.type as keyof typeof IMAGE_EXTENSIONS]] as const,
          ),
        );
  const refused: Record<string, string> = {};
  for (const { path, src } of named) {
    const match = MEDIA_PATH.exec(src);
    if (match ? stored.get(match[1]!) === match[2] : assetsOfSeeds().has(src)) continue;
    refused[path] = IMAGE_MESSAGES.unknownImage;
  }
  return refused;
}
