// Drafts, publishing, scheduled publishing and the trash for every kind of Content item (issue 31,
// decision 052). One shape for each kind: the live text in the item's columns (or, before the
// first publish, its draft there with status 'draft'), the pending edit of a published item in
// draft_json, publish_at for the scheduler, deleted_at for the trash. Every step is a
// compare-and-set on the version the writer read, in one transaction with its history entry, so
// two editors, or two instances' schedulers, never both win; then every instance forgets its
// copies (ContentService.invalidate(), decision 014) and the search index follows.
import {
  CONTENT_LIMITS,
  CONTENT_MESSAGES,
  type ContentKind,
  type FaqInput,
  type GlossaryInput,
  type Publishing,
  type StaffFaq,
  type StaffGlossaryEntry,
  TRASH_DAYS,
  type TrashItem,
} from '../../common/content.ts';
import type { Repositories } from '../db/repositories/index.ts';
import type { ItemState, Stamp } from '../db/repositories/content.ts';
import { abort, type Result, resultOf } from '../refusal.ts';
import {
  checkQuestionFree,
  checkTermFree,
  entryOrThrow,
  faqFields,
  faqOrThrow,
  glossaryFields,
  stale,
  type Change,
} from './content-edit-steps.ts';

type Item = StaffFaq | StaffGlossaryEntry;
type Fields = FaqInput | GlossaryInput;

/** What the shared steps need to know about each kind. */
type Kind = {
  find(repos: Repositories, id: number): Promise<Item>;
  fieldsOf(item: Item): Fields;
  /** A stored draft's fields, typed (the JSON is ours, written by saveDraft). */
  parse(draft: Record<string, unknown>): Fields;
  checkFree(repos: Repositories, fields: Fields, id?: number): Promise<void>;
  update(
    repos: Repositories,
    id: number,
    version: number,
    fields: Fields,
    stamp: Stamp,
    state: ItemState,
  ): Promise<boolean>;
};

export const KINDS: Record<ContentKind, Kind> = {
  faq: {
    find: faqOrThrow,
    fieldsOf: (item) => faqFields(item as StaffFaq),
    parse: (draft) => ({
      question: String(draft.question),
      answer: String(draft.answer),
      hidden: draft.hidden === true,
    }),
    checkFree: (repos, fields, id) => checkQuestionFree(repos, (fields as FaqInput).question, id),
    update: (repos, id, version, fields, stamp, state) =>
      repos.content.updateFaq(id, version, fields as FaqInput, stamp, state),
  },
  glossary: {
    find: entryOrThrow,
    fieldsOf: (item) => glossaryFields(item as StaffGlossaryEntry),
    parse: (draft) => ({
      category: String(draft.category),
      term: String(draft.term),
      description: String(draft.description),
    }),
    checkFree: (repos, fields, id) => {
      const { category, term } = fields as GlossaryInput;
      return checkTermFree(repos, category, term, id);
    },
    update: (repos, id, version, fields, stamp, state) =>
      repos.content.updateGlossaryEntry(id, version, fields as GlossaryInput, stamp, state),
  },
};

/** The schedule a save asks for, checked: only a draft, only in the future. Undefined keeps it. */
export function scheduleOf(publishing: Publishing, at: string): string | null | undefined {
  const publishAt = publishing.publish_at;
  if (publishAt && publishing.status !== 'draft') abort('invalid', CONTENT_MESSAGES.publishAtDraftOnly);
  if (publishAt && Date.parse(publishAt) <= Date.parse(at)) abort('invalid', CONTENT_MESSAGES.publishAtPast);
  return publishAt ? new Date(publishAt).toISOString() : publishAt;
}

/** The form values an autosave keeps for each kind, with their longest length. */
const AUTOSAVED: Record<ContentKind, Record<string, number>> = {
  faq: { question: CONTENT_LIMITS.question, answer: CONTENT_LIMITS.answer, hidden: 3 },
  glossary: { category: CONTENT_LIMITS.category, term: CONTENT_LIMITS.term, description: CONTENT_LIMITS.description },
};

/** The user name the history gives a publish made by the scheduler. */
export const SCHEDULER = 'schedule';

export function createContentDrafts(change: Change, read: () => Repositories, now: () => Date) {
  /** Saves `fields` as the item's draft: a never-published item's own columns, else draft_json. */
  const saveDraft = (
    kind: ContentKind,
    id: number,
    version: number,
    fields: Fields,
    publishing: Publishing,
    username: string,
  ) =>
    change(kind, async (repos, at) => {
      const spec = KINDS[kind];
      const before = await spec.find(repos, id);
      if (before.version !== version) stale(before);
      const publishAt = scheduleOf({ ...publishing, status: 'draft' }, at);
      const schedule = publishAt === undefined ? {} : { publish_at: publishAt };
      const stamp = { at, username };
      let saved: boolean;
      if (before.status === 'draft') {
        await spec.checkFree(repos, fields, id);
        saved = await spec.update(repos, id, version, fields, stamp, schedule);
      } else {
        const draft = { draft_json: JSON.stringify(fields), ...schedule };
        saved = await repos.contentStates.setState(kind, id, version, draft, stamp);
      }
      if (!saved) stale(null);
      await repos.content.addHistory({
        kind,
        itemId: id,
        action: 'draft',
        version: version + 1,
        username,
        at,
        before: before.draft ?? spec.fieldsOf(before),
        after: fields,
      });
      return await spec.find(repos, id);
    });

  /** Makes the draft live (the never-published item, or the pending edit); refused when there is none. */
  const publishIn = async (
    repos: Repositories,
    at: string,
    kind: ContentKind,
    id: number,
    version: number,
    username: string,
  ) => {
    const spec = KINDS[kind];
    const before = await spec.find(repos, id);
    if (before.version !== version) stale(before);
    const live = { status: 'published' as const, draft_json: null, publish_at: null };
    const stamp = { at, username };
    const fields = before.draft ? spec.parse(before.draft) : before.status === 'draft' ? spec.fieldsOf(before) : null;
    if (!fields) abort('conflict', CONTENT_MESSAGES.nothingToPublish);
    await spec.checkFree(repos, fields, id);
    if (!(await spec.update(repos, id, version, fields, stamp, live))) stale(null);
    await repos.content.addHistory({
      kind,
      itemId: id,
      action: 'publish',
      version: version + 1,
      username,
      at,
      before: before.status === 'draft' ? null : spec.fieldsOf(before),
      after: fields,
    });
    return await spec.find(repos, id);
  };

  /** A due draft that could not be published (its question or term taken meanwhile) stops being
   * tried every tick: its schedule is taken away and its history says why; the draft stays. Not
   * when another instance published it meanwhile (its version moved on): nothing to record. */
  const unscheduleIn = async (
    repos: Repositories,
    at: string,
    due: { kind: ContentKind; id: number; version: number },
    reason: string,
  ) => {
    const spec = KINDS[due.kind];
    const item = await spec.find(repos, due.id);
    if (item.version !== due.version || !item.publishAt) return false;
    const stamp = { at, username: SCHEDULER };
    if (!(await repos.contentStates.setState(due.kind, due.id, due.version, { publish_at: null }, stamp))) return false;
    const draft = item.draft ?? (item.status === 'draft' ? spec.fieldsOf(item) : {});
    await repos.content.addHistory({
      kind: due.kind,
      itemId: due.id,
      action: 'draft',
      version: due.version + 1,
      username: SCHEDULER,
      at,
      before: null,
      after: { ...draft, note: CONTENT_MESSAGES.scheduleFailed(item.publishAt, reason) },
    });
    return true;
  };

  return {
    saveDraft,
    publish: (kind: ContentKind, id: number, version: number, username: string) =>
      change(kind, (repos, at) => publishIn(repos, at, kind, id, version, username)),

    /** Moves the item to the trash: the site drops it at once, the schedule goes, restorable for TRASH_DAYS. */
    trash: (kind: ContentKind, id: number, version: number, username: string) =>
      change(kind, async (repos, at) => {
        const spec = KINDS[kind];
        const before = await spec.find(repos, id);
        if (before.version !== version) stale(before);
        const gone = { deleted_at: at, publish_at: null };
        if (!(await repos.contentStates.setState(kind, id, version, gone, { at, username }))) stale(null);
        await repos.content.addHistory({
          kind,
          itemId: id,
          action: 'delete',
          version: version + 1,
          username,
          at,
          before: spec.fieldsOf(before),
          after: null,
        });
      }),
    /** Takes an item back out of the trash, as it was (published or draft). */
    untrash: (kind: ContentKind, id: number, version: number, username: string) =>
      change(kind, async (repos, at) => {
        const trashed = await repos.contentStates.findTrashed(kind, id);
        if (!trashed) abort('not-found', CONTENT_MESSAGES.notInTrash);
        if (trashed.version !== version)
          abort('conflict', CONTENT_MESSAGES.changedSince(trashed.deletedBy ?? '?', trashed.deletedAt));
        const back = { deleted_at: null };
        if (!(await repos.contentStates.setState(kind, id, version, back, { at, username }))) stale(null);
        const item = await KINDS[kind].find(repos, id);
        await repos.content.addHistory({
          kind,
          itemId: id,
          action: 'untrash',
          version: version + 1,
          username,
          at,
          before: null,
          after: KINDS[kind].fieldsOf(item),
        });
        return item;
      }),
    async listTrash(): Promise<TrashItem[]> {
      return (await read().contentStates.listTrash()).map((row) => ({
        ...row,
        purgeAfter: new Date(Date.parse(row.deletedAt) + TRASH_DAYS * 86_400_000).toISOString(),
      }));
    },
    /** Publishes every draft whose time has come; each once across instances (the version's
     * compare-and-set: a draft another instance published meanwhile is refused and skipped). */
    async publishDue(): Promise<number> {
      let published = 0;
      for (const due of await read().contentStates.dueDrafts(now().toISOString())) {
        const result = await change(due.kind, (repos, at) =>
          publishIn(repos, at, due.kind, due.id, due.version, SCHEDULER),
        );
        if (result.ok) published += 1;
        else await change(due.kind, (repos, at) => unscheduleIn(repos, at, due, result.message));
      }
      return published;
    },
    /** Keeps what `username` is typing in an item (autosave, every few seconds): only the
     * kind's text fields, each within its limit; the item must exist. Not the draft, not public. */
    async autosave(
      kind: ContentKind,
      id: number,
      username: string,
      version: number,
      typed: Record<string, string>,
    ): Promise<Result<{ savedAt: string }>> {
      return resultOf(async () => {
        const repos = read();
        await KINDS[kind].find(repos, id);
        const fields: Record<string, string> = {};
        for (const [name, max] of Object.entries(AUTOSAVED[kind])) {
          const value = typed[name] ?? '';
          if (value.length > max) abort('invalid', CONTENT_MESSAGES.tooLong(name, max));
          fields[name] = value;
        }
        const savedAt = now().toISOString();
        await repos.contentStates.putAutosave({ kind, itemId: id, username, version, fields, savedAt });
        return { savedAt };
      });
    },
    findAutosave: (kind: ContentKind, id: number, username: string) =>
      read().contentStates.findAutosave(kind, id, username),
    clearAutosave: (kind: ContentKind, id: number, username: string) =>
      read().contentStates.clearAutosave(kind, id, username),
    /** Purges what has been in the trash longer than TRASH_DAYS (the retention job). */
    async purgeTrash(): Promise<Record<ContentKind, number>> {
      const cutoff = new Date(now().getTime() - TRASH_DAYS * 86_400_000).toISOString();
      const counts = await read().contentStates.purgeTrash(cutoff);
      return counts;
    },
  };
}
