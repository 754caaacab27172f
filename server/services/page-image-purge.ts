// Unused content images deleted (issue 31, decision 059): an uploaded image that no page document
// names any more — not the published version, not a draft, not any version in the history (a
// restore must still find its images), not an editor's autosave — and that was uploaded more than
// IMAGE_PURGE_DAYS ago, so an upload not yet saved into a page is never taken. `npm run
// data:purge` (its dry run counts) and the server's daily retention run call it; /media then
// answers 404 for what went. The names are read from the documents' JSON here, the same on both
// engines. A save naming an image deleted meanwhile is refused by the image check (page-images.ts).
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { imagesIn, mediaIdOf } from './page-images.ts';

/** How long an uploaded image nothing names is kept (the Content trash's 30 days). */
export const IMAGE_PURGE_DAYS = 30;

const idsIn = (json: string | null, into: Set<string>) => {
  if (json === null) return;
  for (const { src } of imagesIn(JSON.parse(json) as unknown)) {
    const id = mediaIdOf(src);
    if (id) into.add(id);
  }
};

/** The ids of every content image some page document names, in any of its states. */
export async function namedImageIds(db: Kysely<DB>): Promise<Set<string>> {
  const named = new Set<string>();
  for (const row of await db.selectFrom('page_documents').select(['document', 'draft_json']).execute()) {
    idsIn(row.document, named);
    idsIn(row.draft_json, named);
  }
  for (const row of await db.selectFrom('page_document_history').select('document').execute())
    idsIn(row.document, named);
  const autosaves = await db.selectFrom('content_autosaves').select('fields_json').where('kind', '=', 'page').execute();
  for (const row of autosaves) idsIn(row.fields_json, named);
  return named;
}

/** Deletes (with `dryRun`, only counts) the images uploaded before `cutoff` that nothing names. */
export async function purgeUnusedImages(db: Kysely<DB>, cutoff: string, dryRun = false): Promise<number> {
  const named = await namedImageIds(db);
  const old = await db.selectFrom('content_images').select('id').where('created_at', '<', cutoff).execute();
  const unused = old.map((row) => row.id).filter((id) => !named.has(id));
  if (dryRun || unused.length === 0) return unused.length;
  let deleted = 0;
  // In slices: a long IN list is one statement per few hundred ids on either engine.
  for (let start = 0; start < unused.length; start += 500) {
    const result = await db
      .deleteFrom('content_images')
      .where('id', 'in', unused.slice(start, start + 500))
      .where('created_at', '<', cutoff)
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

/** The cutoff for `now`: IMAGE_PURGE_DAYS before it. */
export const imagePurgeCutoff = (now = new Date()) =>
  new Date(now.getTime() - IMAGE_PURGE_DAYS * 86_400_000).toISOString();
