// Versioned, undoable reorders of the FAQ (issue 31): each change of order is one version of the
// list's order, with who, when, the order before and after, and in words what moved ("moved X
// from 3 to 1"). A change names the version its editor read (409 when the order moved since);
// Undo puts back the order before the newest change not undone yet, as a new version, so it
// survives a reload and is itself in the history. The steps run inside ContentEditing's
// transaction (content-editing.ts), which then tells every instance.
import { CONTENT_MESSAGES, type StaffFaq } from '../../common/content.ts';
import type { OrderChangeRow } from '../db/repositories/content-orders.ts';
import type { Repositories } from '../db/repositories/index.ts';
import { abort } from '../refusal.ts';

export type OrderChange = Omit<OrderChangeRow, 'before' | 'after'> & { summary: string; undoable: boolean };
export type FaqOrderState = { version: number; ids: number[]; history: OrderChange[] };

/** The one item that moved from `before` to `after`, with 1-based places; null when several did
 * (or none). Between the first and last places that differ, one item went up or down past the rest. */
export function movedItem(
  before: number[],
  after: number[],
  /** The item the editor moved, when known: two neighbours swapped read either way. */
  prefer?: number,
): { id: number; from: number; to: number } | null {
  if (before.length !== after.length) return null;
  let first = 0;
  while (first < before.length && before[first] === after[first]) first++;
  if (first === before.length) return null;
  let last = before.length - 1;
  while (before[last] === after[last]) last--;
  const shifted = (offset: number, from: number, to: number) => {
    for (let index = from; index <= to; index++) if (after[index] !== before[index + offset]) return false;
    return true;
  };
  // Up: the item at `last` now first, the others one place down.
  const up =
    after[first] === before[last] && shifted(-1, first + 1, last)
      ? { id: before[last]!, from: last + 1, to: first + 1 }
      : null;
  // Down: the item at `first` now last, the others one place up.
  const down =
    after[last] === before[first] && shifted(1, first, last - 1)
      ? { id: before[first]!, from: first + 1, to: last + 1 }
      : null;
  return down && (down.id === prefer || !up) ? down : up;
}

/** The change in words, for the history list. */
export function describeChange(change: OrderChangeRow): string {
  const what = change.moved
    ? `moved “${change.moved.label}” from ${change.moved.from} to ${change.moved.to}`
    : `reordered ${change.after.length} questions`;
  return change.action === 'undo' ? `undid version ${change.undoes}: ${what}` : what;
}

/** `wanted` laid over the current items: those gone since are left out, those added since keep
 * their current order after the others. */
export function mergeOrder(wanted: number[], current: number[]): number[] {
  const live = new Set(current);
  const kept = wanted.filter((id) => live.has(id));
  const placed = new Set(kept);
  return [...kept, ...current.filter((id) => !placed.has(id))];
}

/** The versions already taken back by an undo. */
const undoneVersions = (changes: OrderChangeRow[]) =>
  new Set(changes.filter((change) => change.action === 'undo').map((change) => change.undoes));

/** The change an Undo would take back: the newest reorder not undone yet. */
export function undoTarget(changes: OrderChangeRow[]): OrderChangeRow | null {
  const undone = undoneVersions(changes);
  return changes.find((change) => change.action === 'reorder' && !undone.has(change.version)) ?? null;
}

export async function orderState(repos: Repositories): Promise<FaqOrderState> {
  const ids = (await repos.content.listStaffFaqs()).map((item) => item.id);
  const changes = await repos.contentOrders.all('faq');
  const target = undoTarget(changes);
  return {
    version: changes[0]?.version ?? 0,
    ids,
    history: changes.slice(0, 50).map(({ before: _before, after: _after, ...change }) => ({
      ...change,
      summary: describeChange({ ...change, before: _before, after: _after }),
      undoable: change.version === target?.version,
    })),
  };
}

/** Writes `ids` as the FAQ's order, version `opened` + 1. Refuses (409) when the stored order
 * moved past `opened` (when given) or the ids are not every item once. */
export async function writeOrder(
  repos: Repositories,
  at: string,
  username: string,
  ids: number[],
  opened: number | undefined,
  undoes: number | null = null,
  movedId?: number,
): Promise<StaffFaq[]> {
  const items = await repos.content.listStaffFaqs();
  const stored = items.map((item) => item.id);
  const latest = await repos.contentOrders.latest('faq');
  const version = latest?.version ?? 0;
  if (opened !== undefined && opened !== version) {
    // Only someone else's change refuses: an editor's own quick second move (sent before the page
    // showed the first one's version) is theirs to make.
    const since = opened < version ? (await repos.contentOrders.all('faq')).filter((row) => row.version > opened) : [];
    const other = since.find((row) => row.username !== username);
    if (opened > version || other)
      abort(
        'conflict',
        other ? CONTENT_MESSAGES.orderChangedBy(other.username, other.at) : CONTENT_MESSAGES.orderChanged,
      );
  }
  const same =
    ids.length === stored.length && new Set(ids).size === ids.length && ids.every((id) => stored.includes(id));
  if (!same) abort('conflict', CONTENT_MESSAGES.orderChanged);
  const moved = movedItem(stored, ids, movedId);
  const label = moved ? (items.find((item) => item.id === moved.id)?.question ?? '') : '';
  // A unique (kind, version) refuses a second writer of the same version (a race past the check).
  await repos.contentOrders.insert({
    kind: 'faq',
    version: version + 1,
    action: undoes === null ? 'reorder' : 'undo',
    username,
    at,
    before: stored,
    after: ids,
    moved: moved ? { ...moved, label: label.slice(0, 200) } : null,
    undoes,
  });
  for (const [position, id] of ids.entries()) await repos.content.setFaqPosition(id, position);
  return await repos.content.listStaffFaqs();
}

/** Puts back the order before the newest change not undone yet (version `opened` must be current). */
export async function undoOrder(repos: Repositories, at: string, username: string, opened: number) {
  const changes = await repos.contentOrders.all('faq');
  const target = undoTarget(changes);
  if (!target) abort('not-found', CONTENT_MESSAGES.nothingToUndo);
  const current = (await repos.content.listStaffFaqs()).map((item) => item.id);
  return await writeOrder(repos, at, username, mergeOrder(target.before, current), opened, target.version);
}
