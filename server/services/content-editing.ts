// Staff editing of the FAQ and the glossary (issue 19, decision 021). Every change is one
// transaction holding the item and its history entry (who, when, before, after); a save naming
// an older version than the stored one is refused with who changed it and when; and after every
// change every instance forgets its copies and cached pages (ContentService.invalidate()). Every
// change answers a Result (server/refusal.ts): invalid, not-found or conflict with the words the
// staff member reads.
import {
  CONTENT_LIMITS,
  CONTENT_MESSAGES,
  type ContentKind,
  type FaqInput,
  type GlossaryInput,
  type HistoryEntry,
  IMPORT_MAX_ROWS,
  type ImportResult,
  type ImportRow,
  type StaffFaq,
  type StaffGlossaryEntry,
} from '../../common/content.ts';
import type { Database } from '../db/driver.ts';
import { createRepositories, type Repositories } from '../db/repositories/index.ts';
import type { ContentService } from './site-content.ts';
import { parseCsv } from './csv-parse.ts';
import { toCsv } from './csv.ts';
import { abort, refusal, type Result, resultOf } from '../refusal.ts';

const faqFields = (item: StaffFaq) => ({ question: item.question, answer: item.answer, hidden: item.hidden });
const glossaryFields = (item: StaffGlossaryEntry) => ({
  category: item.category,
  term: item.term,
  description: item.description,
});

/** A unique index refused the write (both engines' wording). */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}

export function createContentEditing(deps: { database: Database; content: ContentService; now?: () => Date }) {
  const { database, content } = deps;
  const now = deps.now ?? (() => new Date());

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

  /** Why a versioned write touched nothing: the item is gone, or someone saved it since. */
  function stale(current: { version: number; updatedBy: string | null; updatedAt: string | null } | null): never {
    if (!current) abort('not-found', CONTENT_MESSAGES.deletedSince);
    abort('conflict', CONTENT_MESSAGES.changedSince(current.updatedBy ?? 'the seed', current.updatedAt ?? 'the start'));
  }

  async function checkQuestionFree(repos: Repositories, question: string, id?: number) {
    const other = await repos.content.findFaqByQuestion(question);
    if (other && other.id !== id) abort('conflict', CONTENT_MESSAGES.duplicateQuestion);
  }
  async function checkTermFree(repos: Repositories, category: string, term: string, id?: number) {
    const other = await repos.content.findGlossaryTerm(category, term);
    if (other && other.id !== id) abort('conflict', CONTENT_MESSAGES.duplicateTerm);
  }

  async function faqOrThrow(repos: Repositories, id: number) {
    const item = await repos.content.findFaq(id);
    if (!item) abort('not-found', CONTENT_MESSAGES.deletedSince);
    return item;
  }
  async function entryOrThrow(repos: Repositories, id: number) {
    const item = await repos.content.findGlossaryEntry(id);
    if (!item) abort('not-found', CONTENT_MESSAGES.deletedSince);
    return item;
  }

  /** The fields an earlier history entry holds, for a restore. */
  async function earlier(repos: Repositories, kind: ContentKind, id: number, historyId: number) {
    const entry = (await repos.content.listHistory(kind, id)).find((candidate) => candidate.id === historyId);
    const fields = entry?.after ?? entry?.before;
    if (!fields) abort('not-found', CONTENT_MESSAGES.noSuchVersion);
    return fields as Record<string, unknown>;
  }

  async function updateFaqIn(
    repos: Repositories,
    at: string,
    username: string,
    id: number,
    version: number,
    fields: FaqInput,
    action: 'update' | 'restore',
  ) {
    const before = await faqOrThrow(repos, id);
    if (before.version !== version) stale(before);
    await checkQuestionFree(repos, fields.question, id);
    if (!(await repos.content.updateFaq(id, version, fields, { at, username }))) stale(await repos.content.findFaq(id));
    await repos.content.addHistory({
      kind: 'faq',
      itemId: id,
      action,
      version: version + 1,
      username,
      at,
      before: faqFields(before),
      after: fields,
    });
    return (await repos.content.findFaq(id))!;
  }

  async function updateEntryIn(
    repos: Repositories,
    at: string,
    username: string,
    id: number,
    version: number,
    fields: GlossaryInput,
    action: 'update' | 'restore' | 'import',
  ) {
    const before = await entryOrThrow(repos, id);
    if (before.version !== version) stale(before);
    await checkTermFree(repos, fields.category, fields.term, id);
    if (!(await repos.content.updateGlossaryEntry(id, version, fields, { at, username })))
      stale(await repos.content.findGlossaryEntry(id));
    await repos.content.addHistory({
      kind: 'glossary',
      itemId: id,
      action,
      version: version + 1,
      username,
      at,
      before: glossaryFields(before),
      after: fields,
    });
    return (await repos.content.findGlossaryEntry(id))!;
  }

  async function addEntryIn(
    repos: Repositories,
    at: string,
    username: string,
    fields: GlossaryInput,
    action: 'create' | 'import',
  ) {
    await checkTermFree(repos, fields.category, fields.term);
    const id = await repos.content.insertGlossaryEntry(fields, { at, username });
    await repos.content.addHistory({
      kind: 'glossary',
      itemId: id,
      action,
      version: 1,
      username,
      at,
      before: null,
      after: fields,
    });
    return (await repos.content.findGlossaryEntry(id))!;
  }

  /** What importing each CSV row would do, checked against the stored glossary and the rows before it. */
  async function planImport(
    repos: Repositories,
    csv: string,
  ): Promise<{ rows: ImportRow[]; targets: Map<number, StaffGlossaryEntry> }> {
    let records: string[][];
    try {
      records = parseCsv(csv);
    } catch (error) {
      abort('invalid', (error as Error).message);
    }
    const header = (records.shift() ?? []).map((cell) => cell.trim().toLowerCase());
    const offset = header[0] === 'id' ? 1 : 0;
    if (header.slice(offset).join(',') !== 'category,term,description') abort('invalid', CONTENT_MESSAGES.importHeader);
    const data = records
      .map((cells, index) => ({ cells, line: index + 2 }))
      .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
    if (data.length === 0) abort('invalid', CONTENT_MESSAGES.importEmpty);
    if (data.length > IMPORT_MAX_ROWS) abort('invalid', CONTENT_MESSAGES.importTooLarge);

    const stored = await repos.content.listStaffGlossary();
    const byKey = new Map(
      stored.map((entry) => [`${entry.category.toLowerCase()}|${entry.term.toLowerCase()}`, entry]),
    );
    const seen = new Set<string>();
    const targets = new Map<number, StaffGlossaryEntry>();
    const rows = data.map(({ cells, line }): ImportRow => {
      const [category = '', term = '', description = ''] = cells
        .slice(offset)
        .map(unescapeFormula)
        .map((cell) => cell.trim());
      const row = { line, category, term, description };
      const refuse = (message: string): ImportRow => ({ ...row, outcome: 'refuse', message });
      if (cells.length - offset !== 3) return refuse('A row needs exactly three cells: category, term, description.');
      for (const [label, value, max] of [
        ['Category', category, CONTENT_LIMITS.category],
        ['Term', term, CONTENT_LIMITS.term],
        ['Description', description, CONTENT_LIMITS.description],
      ] as const) {
        if (!value) return refuse(CONTENT_MESSAGES.required(label));
        if (value.length > max) return refuse(CONTENT_MESSAGES.tooLong(label, max));
      }
      const key = `${category.toLowerCase()}|${term.toLowerCase()}`;
      if (seen.has(key)) return refuse('This term is already on an earlier row in this category.');
      seen.add(key);
      const existing = byKey.get(key);
      if (!existing) return { ...row, outcome: 'add', message: null };
      if (existing.category === category && existing.term === term && existing.description === description)
        return { ...row, outcome: 'unchanged', message: null };
      targets.set(line, existing);
      return { ...row, outcome: 'change', message: null };
    });
    return { rows, targets };
  }

  return {
    listFaqs: () => createRepositories(database.kysely).content.listStaffFaqs(),
    async faq(id: number): Promise<StaffFaq | null> {
      return await createRepositories(database.kysely).content.findFaq(id);
    },
    addFaq: (fields: FaqInput, username: string) =>
      change(CONTENT_MESSAGES.duplicateQuestion, async (repos, at) => {
        await checkQuestionFree(repos, fields.question);
        const id = await repos.content.insertFaq(fields, { at, username });
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
    updateFaq: (id: number, version: number, fields: FaqInput, username: string) =>
      change(CONTENT_MESSAGES.duplicateQuestion, (repos, at) =>
        updateFaqIn(repos, at, username, id, version, fields, 'update'),
      ),
    deleteFaq: (id: number, version: number, username: string) =>
      change(CONTENT_MESSAGES.duplicateQuestion, async (repos, at) => {
        const before = await faqOrThrow(repos, id);
        if (before.version !== version || !(await repos.content.deleteFaq(id, version)))
          stale(before.version !== version ? before : await repos.content.findFaq(id));
        await repos.content.addHistory({
          kind: 'faq',
          itemId: id,
          action: 'delete',
          version,
          username,
          at,
          before: faqFields(before),
          after: null,
        });
      }),
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
    /** Puts the FAQ in this order; `ids` must be every item's id, each once. */
    reorderFaqs: (ids: number[]) =>
      change(CONTENT_MESSAGES.orderChanged, async (repos) => {
        const stored = (await repos.content.listStaffFaqs()).map((item) => item.id);
        const same =
          ids.length === stored.length && new Set(ids).size === ids.length && ids.every((id) => stored.includes(id));
        if (!same) abort('conflict', CONTENT_MESSAGES.orderChanged);
        for (const [position, id] of ids.entries()) await repos.content.setFaqPosition(id, position);
        return await repos.content.listStaffFaqs();
      }),
    /** Moves one item a place up (-1) or down (+1); for the keyboard and the pages without JavaScript. */
    async moveFaq(id: number, by: -1 | 1): Promise<Result<StaffFaq[]>> {
      const ids = (await createRepositories(database.kysely).content.listStaffFaqs()).map((item) => item.id);
      const from = ids.indexOf(id);
      if (from < 0) return refusal('not-found', CONTENT_MESSAGES.deletedSince);
      const to = Math.min(ids.length - 1, Math.max(0, from + by));
      ids.splice(to, 0, ...ids.splice(from, 1));
      return await this.reorderFaqs(ids);
    },

    listGlossary: () => createRepositories(database.kysely).content.listStaffGlossary(),
    async entry(id: number): Promise<StaffGlossaryEntry | null> {
      return await createRepositories(database.kysely).content.findGlossaryEntry(id);
    },
    addEntry: (fields: GlossaryInput, username: string) =>
      change(CONTENT_MESSAGES.duplicateTerm, (repos, at) => addEntryIn(repos, at, username, fields, 'create')),
    updateEntry: (id: number, version: number, fields: GlossaryInput, username: string) =>
      change(CONTENT_MESSAGES.duplicateTerm, (repos, at) =>
        updateEntryIn(repos, at, username, id, version, fields, 'update'),
      ),
    deleteEntry: (id: number, version: number, username: string) =>
      change(CONTENT_MESSAGES.duplicateTerm, async (repos, at) => {
        const before = await entryOrThrow(repos, id);
        if (before.version !== version || !(await repos.content.deleteGlossaryEntry(id, version)))
          stale(before.version !== version ? before : await repos.content.findGlossaryEntry(id));
        await repos.content.addHistory({
          kind: 'glossary',
          itemId: id,
          action: 'delete',
          version,
          username,
          at,
          before: glossaryFields(before),
          after: null,
        });
      }),
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

/** Undoes the export's formula guard: a ' before =, +, -, @, tab or CR goes. */
function unescapeFormula(cell: string): string {
  return /^'[=+\-@\t\r＝＋－＠]/.test(cell) ? cell.slice(1) : cell;
}
