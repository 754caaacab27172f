// Staff editing of the FAQ and the glossary (issue 19, decision 021). Every change is one
// transaction holding the item and its history entry (who, when, before, after); a save naming
// an older version than the stored one is refused with who changed it and when; and after every
// change every instance forgets its copies and cached pages (ContentService.invalidate()). Every
// change answers a Result (server/refusal.ts): invalid, not-found or conflict with the words the
// staff member reads.
// The steps inside each transaction are in content-edit-steps.ts, the CSV import's plan in
// glossary-import.ts.
import {
  CONTENT_MESSAGES,
  type ContentKind,
  type FaqInput,
  type GlossaryInput,
  type Publishing,
  type HistoryEntry,
  type ImportResult,
  type StaffFaq,
  type StaffGlossaryEntry,
} from '../../common/content.ts';
import type { Database } from '../db/driver.ts';
import { createRepositories, type Repositories } from '../db/repositories/index.ts';
import type { ContentService } from './site-content.ts';
import { toCsv } from './csv.ts';
import { abort, refusal, type Result, resultOf } from '../refusal.ts';
import {
  addEntryIn,
  type Change,
  checkQuestionFree,
  earlier,
  glossaryFields,
  updateEntryIn,
  updateFaqIn,
} from './content-edit-steps.ts';
import { createContentDrafts, KINDS, scheduleOf } from './content-drafts.ts';
import { createPreviewLinks, type PreviewPage, previewPage } from './content-preview.ts';
import { planImport } from './glossary-import.ts';
import { orderState, undoOrder, writeOrder } from './content-order.ts';

/** A unique index refused the write (both engines' wording). */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}

export function createContentEditing(deps: {
  database: Database;
  content: ContentService;
  /** Signs the preview links (TOKEN_SECRET; a key of their own is derived from it). */
  previewSecret: string;
  now?: () => Date;
}) {
  const { database, content } = deps;
  const now = deps.now ?? (() => new Date());
  const previewLinks = createPreviewLinks(deps.previewSecret, () => now().getTime());

  /** Runs the change in one transaction, then tells every instance. A unique index's refusal
   * (a race the checks before the write did not see) becomes the duplicate message. */
  async function change<T>(
    duplicate: string,
    work: (repos: Repositories, at: string) => Promise<T>,
  ): Promise<Result<T>> {
    const at = now().toISOString();
    const result = await resultOf(async () => {
      try {
        return await database.transaction((trx) => work(createRepositories(trx), at));
      } catch (error) {
        if (isUniqueViolation(error)) abort('conflict', duplicate);
        throw error;
      }
    });
    if (result.ok) await content.invalidate();
    return result;
  }
  const DUPLICATE = { faq: CONTENT_MESSAGES.duplicateQuestion, glossary: CONTENT_MESSAGES.duplicateTerm };
  const changeOf: Change = (kind, work) => change(DUPLICATE[kind], work);
  const drafts = createContentDrafts(changeOf, () => createRepositories(database.kysely), now);
  /** A new item's state: published, or a draft (scheduled or not). */
  const newState = (publishing: Publishing, at: string) => {
    const publishAt = scheduleOf(publishing, at);
    return { status: publishing.status, ...(publishAt ? { publish_at: publishAt } : {}) };
  };

  return {
    listFaqs: () => createRepositories(database.kysely).content.listStaffFaqs(),
    async faq(id: number): Promise<StaffFaq | null> {
      return await createRepositories(database.kysely).content.findFaq(id);
    },
    ...drafts,
    /** A signed link (path) that shows the item's draft on its public page, for an hour. */
    async previewLink(kind: ContentKind, id: number): Promise<Result<{ path: string; expiresAt: string }>> {
      return resultOf(async () => {
        await KINDS[kind].find(createRepositories(database.kysely), id);
        const { token, expiresAt } = previewLinks.sign(kind, id);
        return { path: `/preview/${token}`, expiresAt: expiresAt.toISOString() };
      });
    },
    /** The page a preview link shows, or its status: 404 (not a link of ours, or the item is gone), 410 (expired). */
    async preview(token: string): Promise<PreviewPage | 404 | 410> {
      const check = previewLinks.verify(token);
      if (!check.ok) return check.reason === 'expired' ? 410 : 404;
      return (await previewPage(createRepositories(database.kysely), check)) ?? 404;
    },
    addFaq: (fields: FaqInput, username: string, publishing: Publishing = { status: 'published' }) =>
      change(CONTENT_MESSAGES.duplicateQuestion, async (repos, at) => {
        const state = newState(publishing, at);
        await checkQuestionFree(repos, fields.question);
        const id = await repos.content.insertFaq(fields, { at, username }, state);
        await repos.content.addHistory({
          kind: 'faq',
          itemId: id,
          action: 'create',
          version: 1,
          username,
          at,
          before: null,
          after: fields,
        });
        return (await repos.content.findFaq(id))!;
      }),
    /** Saves live (replacing any draft), or as the draft when `publishing.status` is 'draft'. */
    updateFaq: (
      id: number,
      version: number,
      fields: FaqInput,
      username: string,
      publishing: Publishing = { status: 'published' },
    ) =>
      publishing.status === 'draft'
        ? (drafts.saveDraft('faq', id, version, fields, publishing, username) as Promise<Result<StaffFaq>>)
        : change(CONTENT_MESSAGES.duplicateQuestion, (repos, at) => {
            scheduleOf(publishing, at);
            return updateFaqIn(repos, at, username, id, version, fields, 'update');
          }),
    /** Moves the item to the trash (decision 052). */
    deleteFaq: (id: number, version: number, username: string) => drafts.trash('faq', id, version, username),
    restoreFaq: (id: number, version: number, historyId: number, username: string) =>
      change(CONTENT_MESSAGES.duplicateQuestion, async (repos, at) => {
        const fields = await earlier(repos, 'faq', id, historyId);
        const input = {
          question: String(fields.question),
          answer: String(fields.answer),
          hidden: fields.hidden === true,
        };
        return await updateFaqIn(repos, at, username, id, version, input, 'restore');
      }),
    /** The FAQ's order: its version, the ids in order, and its history with what Undo takes back. */
    faqOrder: () => orderState(createRepositories(database.kysely)),
    /** Puts the FAQ in this order, as the order's next version (decision 056); `ids` must be every
     * item's id, each once; `version`, when given, the order's version the editor read. */
    reorderFaqs: (ids: number[], username: string, version?: number, movedId?: number) =>
      change(CONTENT_MESSAGES.orderChanged, (repos, at) =>
        writeOrder(repos, at, username, ids, version, null, movedId),
      ),
    /** Moves one item a place up (-1) or down (+1); for the keyboard and the pages without JavaScript. */
    async moveFaq(id: number, by: -1 | 1, username: string, version?: number): Promise<Result<StaffFaq[]>> {
      const ids = (await createRepositories(database.kysely).content.listStaffFaqs()).map((item) => item.id);
      const from = ids.indexOf(id);
      if (from < 0) return refusal('not-found', CONTENT_MESSAGES.deletedSince);
      const to = Math.min(ids.length - 1, Math.max(0, from + by));
      ids.splice(to, 0, ...ids.splice(from, 1));
      return await this.reorderFaqs(ids, username, version, id);
    },
    /** Puts back the order before the newest change not undone yet, as the next version. */
    undoFaqOrder: (version: number, username: string) =>
      change(CONTENT_MESSAGES.orderChanged, (repos, at) => undoOrder(repos, at, username, version)),

    listGlossary: () => createRepositories(database.kysely).content.listStaffGlossary(),
    async entry(id: number): Promise<StaffGlossaryEntry | null> {
      return await createRepositories(database.kysely).content.findGlossaryEntry(id);
    },
    addEntry: (fields: GlossaryInput, username: string, publishing: Publishing = { status: 'published' }) =>
      change(CONTENT_MESSAGES.duplicateTerm, (repos, at) =>
        addEntryIn(repos, at, username, fields, 'create', newState(publishing, at)),
      ),
    /** Saves live (replacing any draft), or as the draft when `publishing.status` is 'draft'. */
    updateEntry: (
      id: number,
      version: number,
      fields: GlossaryInput,
      username: string,
      publishing: Publishing = { status: 'published' },
    ) =>
      publishing.status === 'draft'
        ? (drafts.saveDraft('glossary', id, version, fields, publishing, username) as Promise<
            Result<StaffGlossaryEntry>
          >)
        : change(CONTENT_MESSAGES.duplicateTerm, (repos, at) => {
            scheduleOf(publishing, at);
            return updateEntryIn(repos, at, username, id, version, fields, 'update');
          }),
    /** Moves the entry to the trash (decision 052). */
    deleteEntry: (id: number, version: number, username: string) => drafts.trash('glossary', id, version, username),
    restoreEntry: (id: number, version: number, historyId: number, username: string) =>
      change(CONTENT_MESSAGES.duplicateTerm, async (repos, at) => {
        const fields = await earlier(repos, 'glossary', id, historyId);
        const input = {
          category: String(fields.category),
          term: String(fields.term),
          description: String(fields.description),
        };
        return await updateEntryIn(repos, at, username, id, version, input, 'restore');
      }),
    /** Renames a category on every entry in it (each entry's history says so); all or none. */
    renameCategory: (from: string, to: string, username: string) =>
      change(CONTENT_MESSAGES.duplicateTerm, async (repos, at) => {
        const entries = await repos.content.listCategory(from);
        if (entries.length === 0) abort('not-found', CONTENT_MESSAGES.categoryMissing);
        for (const entry of entries) {
          await updateEntryIn(
            repos,
            at,
            username,
            entry.id,
            entry.version,
            { ...glossaryFields(entry), category: to },
            'update',
            // A rename is not a publish: a draft stays a draft, a waiting draft moves with it.
            entry.draft ? { draft_json: JSON.stringify({ ...entry.draft, category: to }) } : {},
          );
        }
        return { renamed: entries.length };
      }),
    history: (kind: ContentKind, id: number): Promise<HistoryEntry[]> =>
      createRepositories(database.kysely).content.listHistory(kind, id),

    /** The glossary as CSV, the table's columns (formulas neutralised, UTF-8 with BOM). */
    async exportGlossary(): Promise<string> {
      const entries = await createRepositories(database.kysely).content.listStaffGlossary();
      return toCsv(
        ['Category', 'Term', 'Description'],
        entries.map((entry) => [entry.category, entry.term, entry.description]),
      );
    },
    /** The preview (dryRun) or the import: every row added, changed, unchanged or refused. Saves
     * only when no row is refused, all rows in one transaction. */
    async importGlossary(csv: string, dryRun: boolean, username: string): Promise<Result<ImportResult>> {
      if (dryRun)
        return resultOf(async () => ({
          saved: false,
          rows: (await planImport(createRepositories(database.kysely), csv)).rows,
        }));
      return await change(CONTENT_MESSAGES.duplicateTerm, async (repos, at) => {
        const { rows, targets } = await planImport(repos, csv);
        if (rows.some((row) => row.outcome === 'refuse')) return { saved: false, rows };
        for (const row of rows) {
          const fields = { category: row.category, term: row.term, description: row.description };
          if (row.outcome === 'add') await addEntryIn(repos, at, username, fields, 'import');
          const target = targets.get(row.line);
          if (row.outcome === 'change' && target)
            await updateEntryIn(repos, at, username, target.id, target.version, fields, 'import');
        }
        return { saved: true, rows };
      });
    },
  };
}
export type ContentEditing = ReturnType<typeof createContentEditing>;
