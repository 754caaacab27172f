// The glossary's CSV import plan: each row of an uploaded CSV checked (its header, its cells'
// lengths, repeats within the file) against the stored glossary, as add, change, unchanged or
// refuse. ContentEditing.importGlossary (content-editing.ts) previews the plan or saves it.
import {
  CONTENT_LIMITS,
  CONTENT_MESSAGES,
  IMPORT_MAX_ROWS,
  type ImportRow,
  type StaffGlossaryEntry,
} from '../../common/content.ts';
import type { Repositories } from '../db/repositories/index.ts';
import { abort } from '../refusal.ts';
import { parseCsv } from './csv-parse.ts';

/** What importing each CSV row would do, checked against the stored glossary and the rows before it. */
export async function planImport(
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
  const byKey = new Map(stored.map((entry) => [`${entry.category.toLowerCase()}|${entry.term.toLowerCase()}`, entry]));
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

/** Undoes the export's formula guard: a ' before =, +, -, @, tab or CR goes. */
function unescapeFormula(cell: string): string {
  return /^'[=+\-@\t\r＝＋－＠]/.test(cell) ? cell.slice(1) : cell;
}
