// The steps of a content edit, run inside the transaction of ContentEditing's change()
// (content-editing.ts): the version check and its refusal, the duplicate checks, the lookup of
// an earlier version for a restore, and the glossary and FAQ writes that add their history entry.
import {
  CONTENT_MESSAGES,
  type ContentKind,
  type FaqInput,
  type GlossaryInput,
  type StaffFaq,
  type StaffGlossaryEntry,
} from '../../common/content.ts';
import type { ItemState } from '../db/repositories/content.ts';
import type { Repositories } from '../db/repositories/index.ts';
import { abort, type Result } from '../refusal.ts';

/** Runs a change of an item of `kind` in one transaction, then tells every instance (content-editing.ts). */
export type Change = <T>(
  kind: ContentKind,
  work: (repos: Repositories, at: string) => Promise<T>,
) => Promise<Result<T>>;

/** A live save or a restore makes the item published and replaces any draft and its schedule. */
const LIVE = { status: 'published', draft_json: null, publish_at: null } as const;

export const faqFields = (item: StaffFaq) => ({ question: item.question, answer: item.answer, hidden: item.hidden });
export const glossaryFields = (item: StaffGlossaryEntry) => ({
  category: item.category,
  term: item.term,
  description: item.description,
});

/** Why a versioned write touched nothing: the item is gone, or someone saved it since. */
export function stale(current: { version: number; updatedBy: string | null; updatedAt: string | null } | null): never {
  if (!current) abort('not-found', CONTENT_MESSAGES.deletedSince);
  abort('conflict', CONTENT_MESSAGES.changedSince(current.updatedBy ?? 'the seed', current.updatedAt ?? 'the start'));
}

export async function checkQuestionFree(repos: Repositories, question: string, id?: number) {
  const other = await repos.content.findFaqByQuestion(question);
  if (other && other.id !== id)
    abort('conflict', other.deletedAt ? CONTENT_MESSAGES.duplicateInTrash : CONTENT_MESSAGES.duplicateQuestion);
}
export async function checkTermFree(repos: Repositories, category: string, term: string, id?: number) {
  const other = await repos.content.findGlossaryTerm(category, term);
  if (other && other.id !== id)
    abort('conflict', other.deletedAt ? CONTENT_MESSAGES.duplicateInTrash : CONTENT_MESSAGES.duplicateTerm);
}

export async function faqOrThrow(repos: Repositories, id: number) {
  const item = await repos.content.findFaq(id);
  if (!item) abort('not-found', CONTENT_MESSAGES.deletedSince);
  return item;
}
export async function entryOrThrow(repos: Repositories, id: number) {
  const item = await repos.content.findGlossaryEntry(id);
  if (!item) abort('not-found', CONTENT_MESSAGES.deletedSince);
  return item;
}

/** The fields an earlier history entry holds, for a restore. */
export async function earlier(repos: Repositories, kind: ContentKind, id: number, historyId: number) {
  const entry = (await repos.content.listHistory(kind, id)).find((candidate) => candidate.id === historyId);
  const fields = entry?.after ?? entry?.before;
  if (!fields) abort('not-found', CONTENT_MESSAGES.noSuchVersion);
  return fields as Record<string, unknown>;
}

export async function updateFaqIn(
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
  // Hiding or showing (the list's buttons) is not an edit of the text: a waiting draft stays one.
  const onlyHidden =
    before.question === fields.question && before.answer === fields.answer && before.hidden !== fields.hidden;
  if (!(await repos.content.updateFaq(id, version, fields, { at, username }, onlyHidden ? {} : LIVE)))
    stale(await repos.content.findFaq(id));
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

export async function updateEntryIn(
  repos: Repositories,
  at: string,
  username: string,
  id: number,
  version: number,
  fields: GlossaryInput,
  action: 'update' | 'restore' | 'import',
  state: ItemState = LIVE,
) {
  const before = await entryOrThrow(repos, id);
  if (before.version !== version) stale(before);
  await checkTermFree(repos, fields.category, fields.term, id);
  if (!(await repos.content.updateGlossaryEntry(id, version, fields, { at, username }, state)))
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

export async function addEntryIn(
  repos: Repositories,
  at: string,
  username: string,
  fields: GlossaryInput,
  action: 'create' | 'import',
  state: ItemState = {},
) {
  await checkTermFree(repos, fields.category, fields.term);
  const id = await repos.content.insertGlossaryEntry(fields, { at, username }, state);
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
