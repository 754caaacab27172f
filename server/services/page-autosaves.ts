// Autosave of the generated page form (issue 31, decision 059), as the FAQ's and glossary's
// (decision 052): while an editor types, the typed document is kept on the server for that
// editor and page, with the version they opened, and given back when they open the page again
// (after a reload, or signing out and in). It is not the draft: another editor never sees it,
// nothing is checked by the page's schema yet (typing is often half done), and a save, publish
// or restore of theirs drops it.
import { CONTENT_MESSAGES } from '../../common/content.ts';
import { MESSAGES } from '../../common/messages.ts';
import type { Database } from '../db/driver.ts';
import { createPageAutosavesRepository, type PageAutosave } from '../db/repositories/page-autosaves.ts';
import { ok, refusal, type Result } from '../refusal.ts';
import { pageEntry } from './page-registry.ts';

/** The largest typed document kept: the largest page file (features.yaml) is ~40 KB of YAML. */
export const AUTOSAVE_MAX_BYTES = 512 * 1024;

export type { PageAutosave };

export function createPageAutosaves(deps: { database: Database; now: () => Date }) {
  const repo = () => createPageAutosavesRepository(deps.database.kysely);
  return {
    /** Keeps what `username` is typing in the page; answers when it was kept. */
    async autosave(id: string, username: string, version: number, document: unknown): Promise<Result<PageAutosave>> {
      if (!pageEntry(id)) return refusal('not-found', MESSAGES.notFound);
      if (!Number.isInteger(version) || version < 1)
        return refusal('invalid', CONTENT_MESSAGES.versionRequired, { version: CONTENT_MESSAGES.versionRequired });
      if (!document || typeof document !== 'object')
        return refusal('invalid', CONTENT_MESSAGES.autosaveMissing, { document: CONTENT_MESSAGES.autosaveMissing });
      if (Buffer.byteLength(JSON.stringify(document)) > AUTOSAVE_MAX_BYTES)
        return refusal('invalid', CONTENT_MESSAGES.autosaveTooLong, { document: CONTENT_MESSAGES.autosaveTooLong });
      const row = { version, document, savedAt: deps.now().toISOString() };
      await repo().put(id, username, row);
      return ok(row);
    },
    /** This editor's autosaved typing in the page, or null. */
    findAutosave: (id: string, username: string): Promise<PageAutosave | null> => repo().find(id, username),
    clearAutosave: (id: string, username: string): Promise<boolean> => repo().clear(id, username),
  };
}
