// The staff inbox's rules: what a list row and a detail show, which status moves are allowed,
// who and when every change and note is recorded with, and what the CSV export holds.
import type { Readable } from 'node:stream';
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
  type InboxStatus,
  type InboxSummary,
  type ItemDetail,
  type ListItem,
  type ListPage,
  NOTE_MAX_LENGTH,
  PREVIEW_LENGTH,
  STATUS_LABELS,
} from '../../common/inbox.ts';
import { INBOX_TABLES, type InboxRepository, type StoredSubmission } from '../db/repositories/inbox.ts';
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
  return { id: row.id, kind: row.kind, status: row.status, created_at: row.createdAt, ...headline(row) };
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

export function createInboxService(repo: InboxRepository, now: () => Date = () => new Date()) {
  async function detail(kind: InboxKind, id: number): Promise<ItemDetail | null> {
    const row = await repo.find(kind, id);
    return row ? { item: item(row), events: await repo.events(kind, id) } : null;
  }

  return {
    async summary(): Promise<InboxSummary> {
      const counts = {} as InboxSummary['counts'];
      for (const kind of INBOX_KINDS) {
        const byStatus = await repo.countByStatus(kind);
        const row = { new: 0, in_progress: 0, done: 0, spam: 0, total: 0 };
        for (const status of INBOX_STATUSES) {
          row[status] = byStatus[status] ?? 0;
          row.total += row[status];
        }
        counts[kind] = row;
      }
      return { counts };
    },

    async list(kind: InboxKind, query: InboxListQuery): Promise<ListPage> {
      const { rows, total } = await repo.list(kind, query, query.page, query.pageSize);
      return { items: rows.map(listItem), total, page: query.page, pageSize: query.pageSize };
    },

    detail,

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

    /** Every submission the filter matches as CSV, with a download name dated today (UTC). */
    exportCsv(kind: InboxKind, filter: InboxFilter): { fileName: string; stream: Readable } {
      const spec = INBOX_TABLES[kind];
      const consent = kind === 'demo-requests' || kind === 'contact-messages';
      const header = [
        'ID',
        'Received (UTC)',
        'Status',
        ...spec.fields.map((f) => f.label),
        ...(spec.image ? ['Image name', 'Image type', 'Image size (bytes)'] : []),
        ...(consent ? ['Marketing consent version', 'Marketing consent at'] : []),
        'Honeypot filled',
      ];
      async function* rows() {
        for await (const row of repo.iterate(kind, filter)) {
          yield [
            row.id,
            row.createdAt,
            STATUS_LABELS[row.status],
            ...spec.fields.map((f) => displayValue(f.column, row.values[f.column] ?? null)),
            ...(row.image ? [imageFileName(kind, row.id, row.image.type), row.image.type, row.image.size] : []),
            ...(consent ? [row.consent?.version ?? '', row.consent?.at ?? ''] : []),
            row.isSpam ? 'yes' : 'no',
          ];
        }
      }
      const day = now().toISOString().slice(0, 10);
      return { fileName: `haulora-${kind}-${day}.csv`, stream: csvStream(header, rows()) };
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
