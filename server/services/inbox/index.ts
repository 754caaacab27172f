// The staff inbox's service: lists, details, status and owner changes, notes, bulk changes and
// exports, recording who and when for every change. Every refusal is a Result (server/refusal.ts).
// The rules of status moves are in rules.ts, how rows read in formatting.ts, exports in export.ts.
import type { Readable } from 'node:stream';
import {
  type BulkBody,
  INBOX_KINDS,
  INBOX_MESSAGES,
  INBOX_STATUSES,
  type InboxDetailQuery,
  type InboxFilter,
  type InboxKind,
  type InboxListQuery,
  type InboxSort,
  type InboxStatus,
  type InboxSummary,
  type ItemDetail,
  type ListPage,
  NOTE_MAX_LENGTH,
  OWNER_ME,
  OWNER_NONE,
  SORTS_BY_KIND,
  defaultDirectionOf,
} from '../../../common/inbox.ts';
import { MESSAGES } from '../../../common/messages.ts';
import type { Database } from '../../db/driver.ts';
import type { ListFilter, ListOrder } from '../../db/repositories/inbox.ts';
import { bookingOfRequest } from '../../db/repositories/booking-view.ts';
import { createRepositories, type Repositories } from '../../db/repositories/index.ts';
import type { User } from '../../db/repositories/users.ts';
import { ok, refusal, type Result } from '../../refusal.ts';
import type { NotificationService } from '../notifications.ts';
import { exportCsv, exportTable, exportXlsx } from './export.ts';
import { headlineOf, imageFileName, inboxItem, listItem } from './formatting.ts';
import { mayMove } from './rules.ts';

export { countryLabel, countryName, e164 } from '../../submission-kinds/phone-display.ts';
export { imageFileName } from './formatting.ts';
export { nextStatuses } from './rules.ts';

const notFound = () => refusal('not-found', MESSAGES.notFound);

export function createInboxService(
  database: Database,
  options: {
    now?: () => Date;
    /** Who is emailed when someone else gives them a submission; without it, nobody is. */
    notifications?: Pick<NotificationService, 'ownerAssigned'>;
  } = {},
) {
  const now = options.now ?? (() => new Date());
  const { inbox: repo, users } = createRepositories(database.kysely, database.engine);
  // An owner change and the new owner's email are stored together: both, or neither.
  const inTransaction = <T>(work: (repos: Repositories) => Promise<T>) =>
    database.transaction((trx) => work(createRepositories(trx, database.engine)));
  const today = () => now().toISOString().slice(0, 10);

  async function detail(
    kind: InboxKind,
    id: number,
    neighbours: ItemDetail['neighbours'] = { previous: null, next: null },
  ): Promise<Result<ItemDetail>> {
    const row = await repo.find(kind, id);
    if (!row) return notFound();
    const booking = kind === 'demo-requests' ? await bookingOfRequest(database.kysely, id) : null;
    return ok({
      item: inboxItem(row),
      events: await repo.events(kind, id),
      neighbours,
      ...(booking ? { booking } : {}),
    });
  }

  /** The account a username names ('Alice' signs in as 'alice' too). */
  async function staffMember(username: string): Promise<Result<User>> {
    const user = await users.findByUsername(username);
    return user ? ok(user) : refusal('invalid', INBOX_MESSAGES.unknownOwner);
  }

  /** The owner filter resolved: 'me' is the reader, 'none' is nobody's (null), a username must exist. */
  async function ownerFilter(owner: string | undefined, reader: string): Promise<Result<string | null | undefined>> {
    if (owner === undefined) return ok(undefined);
    if (owner === OWNER_ME) return ok(reader);
    if (owner === OWNER_NONE) return ok(null);
    const user = await staffMember(owner);
    return user.ok ? ok(user.value.username) : user;
  }

  /** Writes the new owner's email into `outbox` when someone else gave them the submission and
   * they have an address. */
  async function tellNewOwner(
    outbox: Repositories['outbox'],
    owner: User | null,
    kind: InboxKind,
    id: number,
    title: string,
    by: string,
    at: string,
  ) {
    if (!owner?.email || !options.notifications || owner.username.toLowerCase() === by.toLowerCase()) return;
    await options.notifications.ownerAssigned(outbox, { kind, id, title, by, recipient: owner.email, at });
  }

  function orderOf(
    kind: InboxKind,
    query: { sort?: InboxSort | undefined; dir?: 'asc' | 'desc' | undefined },
  ): Result<ListOrder> {
    const sort = query.sort ?? 'received';
    if (!SORTS_BY_KIND[kind].includes(sort)) return refusal('invalid', INBOX_MESSAGES.sortForKind);
    return ok({ sort, dir: query.dir ?? defaultDirectionOf(sort), now: now().toISOString() });
  }

  async function filterOf(
    kind: InboxKind,
    query: InboxFilter | InboxDetailQuery,
    reader: string,
  ): Promise<Result<ListFilter>> {
    // Only demo requests book a meeting; the filter on another kind is a mistake, not "none".
    if (query.booking && kind !== 'demo-requests') return refusal('invalid', INBOX_MESSAGES.bookingForKind);
    const owner = await ownerFilter(query.owner, reader);
    if (!owner.ok) return owner;
    return ok({
      status: query.status,
      q: query.q,
      from: query.from,
      to: query.to,
      source: query.source,
      campaign: query.campaign,
      booking: query.booking,
      now: now().toISOString(),
      ids: 'ids' in query ? query.ids : undefined,
      owner: owner.value,
    });
  }

  return {
    async summary(reader: string | null = null): Promise<InboxSummary> {
      const counts = {} as InboxSummary['counts'];
      const stored = await repo.counts(INBOX_KINDS, reader || null);
      for (const kind of INBOX_KINDS) {
        const { byStatus, unread } = stored[kind]!;
        const row = { new: 0, in_progress: 0, done: 0, spam: 0, total: 0, unread };
        for (const status of INBOX_STATUSES) {
          row[status] = byStatus[status] ?? 0;
          row.total += row[status];
        }
        counts[kind] = row;
      }
      return { counts };
    },

    async list(kind: InboxKind, query: InboxListQuery, reader = ''): Promise<Result<ListPage>> {
      const pageSize = query.size ?? query.pageSize;
      const [filter, order] = [await filterOf(kind, query, reader), orderOf(kind, query)];
      if (!filter.ok) return filter;
      if (!order.ok) return order;
      const { rows, total } = await repo.list(kind, filter.value, query.page, pageSize, order.value, reader || null);
      return ok({ items: rows.map(listItem), total, page: query.page, pageSize });
    },

    /** One submission, marked read for `reader`, with its previous and next in the list `query`
     * describes. */
    async open(kind: InboxKind, id: number, query: InboxDetailQuery, reader: string): Promise<Result<ItemDetail>> {
      const [filter, order] = [await filterOf(kind, query, reader), orderOf(kind, query)];
      if (!filter.ok) return filter;
      if (!order.ok) return order;
      const result = await detail(kind, id, await repo.neighbours(kind, id, filter.value, order.value));
      if (result.ok) await repo.markRead(kind, id, reader, now().toISOString());
      return result;
    },

    detail,

    /** Marks a submission unread for `reader`. */
    async markUnread(kind: InboxKind, id: number, reader: string): Promise<Result<true>> {
      if (!(await repo.find(kind, id))) return notFound();
      await repo.markUnread(kind, id, reader);
      return ok(true);
    },

    /** Who can own submissions: every enabled staff account. */
    async staff(): Promise<{ username: string }[]> {
      return (await users.list()).filter((user) => !user.disabledAt).map((user) => ({ username: user.username }));
    },

    /** Gives a submission to a staff member (null: nobody), recording who did it and when; the
     * new owner, when someone else and with an email address, is emailed in the same transaction. */
    async changeOwner(
      kind: InboxKind,
      id: number,
      owner: string | null,
      username: string,
    ): Promise<Result<ItemDetail>> {
      const to = owner === null ? ok(null) : await staffMember(owner);
      if (!to.ok) return to;
      const at = now().toISOString();
      const found = await inTransaction(async (repos) => {
        const change = await repos.inbox.changeOwner({ kind, id, to: to.value?.username ?? null, username, at });
        if (!change) return false;
        if (change.changed) {
          const row = await repos.inbox.find(kind, id);
          if (row) await tellNewOwner(repos.outbox, to.value, kind, id, headlineOf(row).title, username, at);
        }
        return true;
      });
      return found ? detail(kind, id) : notFound();
    },

    /** One status and/or owner for many submissions, all or nothing: the ids that changed. A new
     * owner (someone else, with an address) gets one email per submission that became theirs, in
     * the same transaction. */
    async bulk(kind: InboxKind, body: BulkBody, username: string): Promise<Result<number[]>> {
      const owner = body.owner === undefined || body.owner === null ? ok(body.owner) : await staffMember(body.owner);
      if (!owner.ok) return owner;
      const newOwner = owner.value;
      const to = body.status;
      const at = now().toISOString();
      const result = await inTransaction(async (repos) => {
        const outcome = await repos.inbox.bulk({
          kind,
          ids: body.ids,
          status: to,
          owner: newOwner === undefined ? undefined : (newOwner?.username ?? null),
          username,
          at,
          check: (rows) => {
            if (to === undefined) return null;
            const stuck = rows.find((row) => !mayMove(row.status, to));
            return stuck ? `#${stuck.id}: ${INBOX_MESSAGES.spamOnlyToNew}. Nothing was changed.` : null;
          },
        });
        if (outcome.ok && newOwner?.email && outcome.ownerChanged.length) {
          const given = await repos.inbox.list(
            kind,
            { status: 'all', ids: outcome.ownerChanged },
            1,
            outcome.ownerChanged.length,
          );
          for (const row of given.rows)
            await tellNewOwner(repos.outbox, newOwner, kind, row.id, headlineOf(row).title, username, at);
        }
        return outcome;
      });
      if (result.ok) return ok(result.changed);
      if ('missing' in result)
        return refusal(
          'not-found',
          `${INBOX_MESSAGES.bulkNotFound} (${result.missing
            .slice(0, 10)
            .map((id) => `#${id}`)
            .join(', ')})`,
        );
      return refusal('invalid', result.refused);
    },

    /** The stored image with its download name (not found: the kind has none or the id is unknown). */
    async image(kind: InboxKind, id: number): Promise<Result<{ bytes: Uint8Array; type: string; fileName: string }>> {
      const image = await repo.findImage(kind, id);
      return image ? ok({ ...image, fileName: imageFileName(kind, id, image.type) }) : notFound();
    },

    /** Moves a submission to `to`, recording who and when. Asking for the current status changes
     * and records nothing. */
    async changeStatus(kind: InboxKind, id: number, to: InboxStatus, username: string): Promise<Result<ItemDetail>> {
      const row = await repo.find(kind, id);
      if (!row) return notFound();
      if (row.status !== to) {
        if (!mayMove(row.status, to)) return refusal('conflict', INBOX_MESSAGES.spamOnlyToNew);
        const changed = await repo.changeStatus({ kind, id, from: row.status, to, username, at: now().toISOString() });
        if (!changed) return refusal('conflict', INBOX_MESSAGES.changedMeanwhile);
      }
      return detail(kind, id);
    },

    /** Adds an internal note (trimmed, 1 to NOTE_MAX_LENGTH characters) by `username`. */
    async addNote(kind: InboxKind, id: number, note: string, username: string): Promise<Result<ItemDetail>> {
      const text = note.trim();
      if (text.length === 0) return refusal('invalid', INBOX_MESSAGES.noteRequired);
      if (text.length > NOTE_MAX_LENGTH) return refusal('invalid', INBOX_MESSAGES.noteTooLong);
      if (!(await repo.addNote({ kind, id, note: text, username, at: now().toISOString() }))) return notFound();
      return detail(kind, id);
    },

    /** Every submission the filter (or the selection) matches as CSV, dated today (UTC). An
     * unknown owner is refused before the first byte, not a broken download. */
    async exportCsv(
      kind: InboxKind,
      filter: InboxFilter,
      reader = '',
    ): Promise<Result<{ fileName: string; stream: Readable }>> {
      const resolved = await filterOf(kind, filter, reader);
      return resolved.ok ? ok(await exportCsv(exportTable(repo, kind, resolved.value), kind, today())) : resolved;
    },

    /** The same cells as an Excel workbook. */
    async exportXlsx(
      kind: InboxKind,
      filter: InboxFilter,
      reader = '',
    ): Promise<Result<{ fileName: string; bytes: Buffer }>> {
      const resolved = await filterOf(kind, filter, reader);
      return resolved.ok ? ok(await exportXlsx(exportTable(repo, kind, resolved.value), kind, today())) : resolved;
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
