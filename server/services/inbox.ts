// The staff inbox's rules: what a list row and a detail show, which status moves are allowed,
// who and when every change and note is recorded with, and what the CSV export holds.
import type { Readable } from 'node:stream';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import metadata from 'libphonenumber-js/metadata.min.json';
import { INQUIRY_TYPES } from '../../common/constants.ts';
import {
  INBOX_KINDS,
  INBOX_MESSAGES,
  INBOX_STATUSES,
  type InboxFilter,
  type InboxKind,
  type InboxItem,
  type InboxListQuery,
  type BulkBody,
  type InboxDetailQuery,
  type InboxSort,
  type InboxStatus,
  type InboxSummary,
  OWNER_ME,
  OWNER_NONE,
  SORTS_BY_KIND,
  type ItemDetail,
  type ListItem,
  type ListPage,
  NOTE_MAX_LENGTH,
  PREVIEW_LENGTH,
  STATUS_LABELS,
} from '../../common/inbox.ts';
import type { Database } from '../db/driver.ts';
import { createRepositories, type Repositories } from '../db/repositories/index.ts';
import { INBOX_TABLES, type ListFilter, type ListOrder, type StoredSubmission } from '../db/repositories/inbox.ts';
import type { User } from '../db/repositories/users.ts';
import type { NotificationService } from './notifications.ts';
import writeExcelFile from 'write-excel-file/node';
import { primedRows } from './primed-rows.ts';
import { csvStream } from './csv.ts';

/** not-found: no such submission; invalid: bad input (400); conflict: not allowed from the
 * submission's current status, or someone changed it first (409). */
export type InboxChange =
  | { ok: true; detail: ItemDetail }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'invalid' | 'conflict'; message: string };

/** A spam submission goes back to New to be triaged again; any other move is allowed. */
export function nextStatuses(from: InboxStatus): InboxStatus[] {
  if (from === 'spam') return ['new'];
  return INBOX_STATUSES.filter((status) => status !== from);
}

const IMAGE_EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };

/** The download name, made from the id and the detected type; the visitor's file name is never kept. */
export const imageFileName = (kind: InboxKind, id: number, type: string) => `${kind.replace(/-messages$/, '')}-${id}.${IMAGE_EXTENSIONS[type] ?? 'bin'}`;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** '61' as '+61 (Australia)': the calling code with its main country. */
export function countryLabel(callingCode: string): string {
  const main = metadata.country_calling_codes[callingCode]?.[0];
  const name = main ? regionNames.of(main) : undefined;
  return name ? `+${callingCode} (${name})` : `+${callingCode}`;
}

/** '61' as 'Australia' alone, for a spreadsheet column of its own. */
export function countryName(callingCode: string): string {
  const main = metadata.country_calling_codes[callingCode]?.[0];
  return (main && regionNames.of(main)) || '';
}

/** A phone number as E.164 (+61412345678), read with the calling code the visitor chose;
 * '' when it does not parse as a possible number. */
export function e164(number: string, callingCode: string | null): string {
  const text = number.trim();
  const parsed = parsePhoneNumberFromString(text.startsWith('+') || !callingCode ? text : `+${callingCode}${text.replace(/^0+/, '')}`);
  return parsed?.isPossible() ? parsed.number : '';
}

/** A stored value as staff read it. */
function displayValue(column: string, value: string | number | null): string {
  if (value === null) return '';
  if (column === 'country') return countryLabel(String(value));
  if (column === 'inq_type') return INQUIRY_TYPES[value as keyof typeof INQUIRY_TYPES] ?? String(value);
  return String(value);
}

const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Title, second line and text preview of a row, per kind. */
function headline(row: StoredSubmission): { title: string; subtitle: string; preview: string } {
  const value = (column: string) => String(row.values[column] ?? '');
  const preview = (column: string) => fold(value(column)).slice(0, PREVIEW_LENGTH);
  switch (row.kind) {
    case 'demo-requests':
      return { title: value('name'), subtitle: [value('job_title'), value('company')].filter(Boolean).join(', '), preview: preview('text') };
    case 'contact-messages':
      return { title: value('name'), subtitle: value('subject'), preview: preview('message') };
    case 'feedback':
      return { title: `Feedback #${row.id}`, subtitle: '', preview: preview('feedback') };
    case 'newsletter':
      return { title: value('email'), subtitle: 'Newsletter subscriber', preview: '' };
  }
}

function listItem(row: StoredSubmission): ListItem {
  return { id: row.id, kind: row.kind, status: row.status, created_at: row.createdAt, ...headline(row), owner: row.owner, unread: row.unread };
}

function item(row: StoredSubmission): InboxItem {
  const spec = INBOX_TABLES[row.kind];
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    created_at: row.createdAt,
    is_spam: row.isSpam,
    title: headline(row).title,
    owner: row.owner,
    next_statuses: nextStatuses(row.status),
    fields: spec.fields.map((f) => ({ name: f.column, label: f.label, value: displayValue(f.column, row.values[f.column] ?? null) })),
    ...(row.image
      ? {
          image: {
            type: row.image.type,
            size: row.image.size,
            name: imageFileName(row.kind, row.id, row.image.type),
            url: `/api/inbox/${row.kind}/${row.id}/image`,
          },
        }
      : {}),
    ...(row.kind === 'demo-requests' || row.kind === 'contact-messages' ? { consent: row.consent } : {}),
  };
}

const KIND_SHEET_NAMES: Record<InboxKind, string> = {
  'demo-requests': 'Demo requests',
  'contact-messages': 'Contact messages',
  feedback: 'Feedback',
  newsletter: 'Newsletter',
};

/** A refusal of bad input that the route answers with 400 and its message. */
export class InboxInputError extends Error {}

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
  const inTransaction = <T>(work: (repos: Repositories) => Promise<T>) => database.transaction((trx) => work(createRepositories(trx, database.engine)));

  async function detail(kind: InboxKind, id: number, neighbours: ItemDetail['neighbours'] = { previous: null, next: null }): Promise<ItemDetail | null> {
    const row = await repo.find(kind, id);
    return row ? { item: item(row), events: await repo.events(kind, id), neighbours } : null;
  }

  /** The account a username names ('Alice' signs in as 'alice' too), or InboxInputError. */
  async function staffMember(username: string): Promise<User> {
    const user = await users.findByUsername(username);
    if (!user) throw new InboxInputError(INBOX_MESSAGES.unknownOwner);
    return user;
  }
  /** A username as stored: the account's own spelling. */
  const staffName = async (username: string) => (await staffMember(username)).username;

  /** The owner filter resolved: 'me' is the reader, 'none' is nobody's (null), a username must exist. */
  async function ownerFilter(owner: string | undefined, reader: string): Promise<string | null | undefined> {
    if (owner === undefined) return undefined;
    if (owner === OWNER_ME) return reader;
    if (owner === OWNER_NONE) return null;
    return staffName(owner);
  }

  /** Writes the new owner's email into `outbox` when someone else gave them the submission and
   * they have an address. */
  async function tellNewOwner(outbox: Repositories['outbox'], owner: User | null, kind: InboxKind, id: number, title: string, by: string, at: string) {
    if (!owner?.email || !options.notifications || owner.username.toLowerCase() === by.toLowerCase()) return;
    await options.notifications.ownerAssigned(outbox, { kind, id, title, by, recipient: owner.email, at });
  }

  function orderOf(kind: InboxKind, query: { sort?: InboxSort | undefined; dir?: 'asc' | 'desc' | undefined }): ListOrder {
    const sort = query.sort ?? 'received';
    if (!SORTS_BY_KIND[kind].includes(sort)) throw new InboxInputError(INBOX_MESSAGES.sortForKind);
    return { sort, dir: query.dir ?? 'desc' };
  }

  async function filterOf(query: InboxFilter | InboxDetailQuery, reader: string): Promise<ListFilter> {
    return {
      status: query.status,
      q: query.q,
      from: query.from,
      to: query.to,
      ids: 'ids' in query ? query.ids : undefined,
      owner: await ownerFilter(query.owner, reader),
    };
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

    async list(kind: InboxKind, query: InboxListQuery, reader = ''): Promise<ListPage> {
      const pageSize = query.size ?? query.pageSize;
      const { rows, total } = await repo.list(kind, await filterOf(query, reader), query.page, pageSize, orderOf(kind, query), reader || null);
      return { items: rows.map(listItem), total, page: query.page, pageSize };
    },

    /** One submission, marked read for `reader`, with its previous and next in the list `query`
     * describes. */
    async open(kind: InboxKind, id: number, query: InboxDetailQuery, reader: string): Promise<ItemDetail | null> {
      const neighbours = await repo.neighbours(kind, id, await filterOf(query, reader), orderOf(kind, query));
      const result = await detail(kind, id, neighbours);
      if (result) await repo.markRead(kind, id, reader, now().toISOString());
      return result;
    },

    detail,

    /** Marks a submission unread for `reader`; false when there is no such submission. */
    async markUnread(kind: InboxKind, id: number, reader: string): Promise<boolean> {
      if (!(await repo.find(kind, id))) return false;
      await repo.markUnread(kind, id, reader);
      return true;
    },

    /** Who can own submissions: every enabled staff account. */
    async staff(): Promise<{ username: string }[]> {
      return (await users.list()).filter((user) => !user.disabledAt).map((user) => ({ username: user.username }));
    },

    /** Gives a submission to a staff member (null: nobody), recording who did it and when; the
     * new owner, when someone else and with an email address, is emailed in the same transaction. */
    async changeOwner(kind: InboxKind, id: number, owner: string | null, username: string): Promise<InboxChange> {
      let to: User | null;
      try {
        to = owner === null ? null : await staffMember(owner);
      } catch (error) {
        if (error instanceof InboxInputError) return { ok: false, reason: 'invalid', message: error.message };
        throw error;
      }
      const at = now().toISOString();
      const found = await inTransaction(async (repos) => {
        const change = await repos.inbox.changeOwner({ kind, id, to: to?.username ?? null, username, at });
        if (!change) return false;
        if (change.changed) {
          const row = await repos.inbox.find(kind, id);
          if (row) await tellNewOwner(repos.outbox, to, kind, id, headline(row).title, username, at);
        }
        return true;
      });
      if (!found) return { ok: false, reason: 'not-found' };
      const result = await detail(kind, id);
      return result ? { ok: true, detail: result } : { ok: false, reason: 'not-found' };
    },

    /** One status and/or owner for many submissions, all or nothing. A new owner (someone else,
     * with an address) gets one email per submission that became theirs, in the same transaction. */
    async bulk(
      kind: InboxKind,
      body: BulkBody,
      username: string,
    ): Promise<{ ok: true; changed: number[] } | { ok: false; reason: 'not-found' | 'invalid'; message: string }> {
      let owner: User | null | undefined;
      try {
        owner = body.owner === undefined || body.owner === null ? body.owner : await staffMember(body.owner);
      } catch (error) {
        if (error instanceof InboxInputError) return { ok: false, reason: 'invalid', message: error.message };
        throw error;
      }
      const to = body.status;
      const at = now().toISOString();
      const result = await inTransaction(async (repos) => {
        const outcome = await repos.inbox.bulk({
          kind,
          ids: body.ids,
          status: to,
          owner: owner === undefined ? undefined : (owner?.username ?? null),
          username,
          at,
          check: (rows) => {
            if (to === undefined) return null;
            const stuck = rows.find((row) => row.status !== to && !nextStatuses(row.status).includes(to));
            return stuck ? `#${stuck.id}: ${INBOX_MESSAGES.spamOnlyToNew}. Nothing was changed.` : null;
          },
        });
        if (outcome.ok && owner?.email && outcome.ownerChanged.length) {
          const given = await repos.inbox.list(kind, { status: 'all', ids: outcome.ownerChanged }, 1, outcome.ownerChanged.length);
          for (const row of given.rows) await tellNewOwner(repos.outbox, owner, kind, row.id, headline(row).title, username, at);
        }
        return outcome;
      });
      if (result.ok) return { ok: true, changed: result.changed };
      if ('missing' in result) return { ok: false, reason: 'not-found', message: `${INBOX_MESSAGES.bulkNotFound} (${result.missing.slice(0, 10).map((id) => `#${id}`).join(', ')})` };
      return { ok: false, reason: 'invalid', message: result.refused };
    },

    /** The stored image with its download name, or null when the kind has none or the id is unknown. */
    async image(kind: InboxKind, id: number): Promise<{ bytes: Uint8Array; type: string; fileName: string } | null> {
      const image = await repo.findImage(kind, id);
      return image ? { ...image, fileName: imageFileName(kind, id, image.type) } : null;
    },

    /** Moves a submission to `to`, recording who and when. Asking for the current status changes
     * and records nothing. */
    async changeStatus(kind: InboxKind, id: number, to: InboxStatus, username: string): Promise<InboxChange> {
      const row = await repo.find(kind, id);
      if (!row) return { ok: false, reason: 'not-found' };
      if (row.status !== to) {
        if (!nextStatuses(row.status).includes(to)) return { ok: false, reason: 'conflict', message: INBOX_MESSAGES.spamOnlyToNew };
        const changed = await repo.changeStatus({ kind, id, from: row.status, to, username, at: now().toISOString() });
        if (!changed) return { ok: false, reason: 'conflict', message: INBOX_MESSAGES.changedMeanwhile };
      }
      const result = await detail(kind, id);
      return result ? { ok: true, detail: result } : { ok: false, reason: 'not-found' };
    },

    /** Adds an internal note (trimmed, 1 to NOTE_MAX_LENGTH characters) by `username`. */
    async addNote(kind: InboxKind, id: number, note: string, username: string): Promise<InboxChange> {
      const text = note.trim();
      if (text.length === 0) return { ok: false, reason: 'invalid', message: INBOX_MESSAGES.noteRequired };
      if (text.length > NOTE_MAX_LENGTH) return { ok: false, reason: 'invalid', message: INBOX_MESSAGES.noteTooLong };
      if (!(await repo.addNote({ kind, id, note: text, username, at: now().toISOString() }))) return { ok: false, reason: 'not-found' };
      const result = await detail(kind, id);
      return result ? { ok: true, detail: result } : { ok: false, reason: 'not-found' };
    },

    /** The header and rows of an export: the CSV and the workbook hold the same cells. Country
     * name and calling code are columns of their own, and the phone number is also given as E.164. */
    async exportTable(kind: InboxKind, filter: InboxFilter, reader = ''): Promise<{ header: string[]; rows: () => AsyncGenerator<string[]> }> {
      // Resolved before the first byte: an unknown owner is a 400, not a broken download.
      const listFilter = await filterOf(filter, reader);
      const spec = INBOX_TABLES[kind];
      const consent = kind === 'demo-requests' || kind === 'contact-messages';
      const header = [
        'ID',
        'Received (UTC)',
        'Status',
        'Owner',
        ...spec.fields.flatMap((f) => (f.column === 'country' ? ['Country', 'Calling code'] : f.column === 'number' ? [f.label, 'Phone (E.164)'] : [f.label])),
        ...(spec.image ? ['Image name', 'Image type', 'Image size (bytes)'] : []),
        ...(consent ? ['Marketing consent version', 'Marketing consent at'] : []),
        'Honeypot filled',
      ];
      async function* rows() {
        for await (const row of repo.iterate(kind, listFilter)) {
          const code = row.values.country == null ? null : String(row.values.country);
          yield [
            String(row.id),
            row.createdAt,
            STATUS_LABELS[row.status],
            row.owner ?? '',
            ...spec.fields.flatMap((f) => {
              const value = row.values[f.column] ?? null;
              if (f.column === 'country') return [code ? countryName(code) : '', code ? `+${code}` : ''];
              if (f.column === 'number') return [displayValue(f.column, value), value === null ? '' : e164(String(value), code)];
              return [displayValue(f.column, value)];
            }),
            ...(row.image ? [imageFileName(kind, row.id, row.image.type), row.image.type, String(row.image.size)] : []),
            ...(consent ? [row.consent?.version ?? '', row.consent?.at ?? ''] : []),
            row.isSpam ? 'yes' : 'no',
          ];
        }
      }
      return { header, rows };
    },

    /** Every submission the filter (or the selection) matches as CSV, dated today (UTC). */
    async exportCsv(kind: InboxKind, filter: InboxFilter, reader = ''): Promise<{ fileName: string; stream: Readable }> {
      const { header, rows } = await this.exportTable(kind, filter, reader);
      const day = now().toISOString().slice(0, 10);
      // The first query runs (and may fail) before the answer starts (primed-rows.ts).
      return { fileName: `haulora-${kind}-${day}.csv`, stream: csvStream(header, await primedRows(rows())) };
    },

    /** The same cells as an Excel workbook, every cell typed as text: a spreadsheet never runs
     * one as a formula, so no guard character is needed. Built in memory (a workbook is a zip). */
    async exportXlsx(kind: InboxKind, filter: InboxFilter, reader = ''): Promise<{ fileName: string; bytes: Buffer }> {
      const { header, rows } = await this.exportTable(kind, filter, reader);
      const text = (value: string) => ({ type: String, value });
      const data: { type: StringConstructor; value: string; fontWeight?: 'bold' }[][] = [header.map((title) => ({ ...text(title), fontWeight: 'bold' as const }))];
      for await (const row of rows()) data.push(row.map(text));
      const bytes = await writeExcelFile(data, { sheet: KIND_SHEET_NAMES[kind], stickyRowsCount: 1 }).toBuffer();
      const day = now().toISOString().slice(0, 10);
      return { fileName: `haulora-${kind}-${day}.xlsx`, bytes };
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
