// How the inbox shows a stored submission: its list row and its detail, built from the kind's
// description (server/submission-kinds/): the labels, how each value reads, the headline.
import { type InboxItem, type InboxKind, type ListItem } from '../../../common/inbox.ts';
import type { StoredSubmission } from '../../db/repositories/inbox.ts';
import { SUBMISSION_KINDS } from '../../submission-kinds/index.ts';
import type { Headline, KindField, StoredValue } from '../../submission-kinds/types.ts';
import { nextStatuses } from './rules.ts';

const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** The download name, made from the id and the detected type; the visitor's file name is never kept. */
export const imageFileName = (kind: InboxKind, id: number, type: string) =>
  `${kind.replace(/-messages$/, '')}-${id}.${IMAGE_EXTENSIONS[type] ?? 'bin'}`;

/** A stored value as staff read it. */
export function shownValue(field: KindField, value: StoredValue): string {
  if (field.show) return field.show(value);
  return value === null ? '' : String(value);
}

/** Title, second line and text preview of a row, as its kind words them. */
export const headlineOf = (row: StoredSubmission): Headline =>
  SUBMISSION_KINDS[row.kind].headline({ id: row.id, values: row.values });

export function listItem(row: StoredSubmission): ListItem {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    created_at: row.createdAt,
    ...headlineOf(row),
    owner: row.owner,
    unread: row.unread,
    ...(row.meeting ? { meeting: { start: row.meeting.start, time_zone: row.meeting.time_zone } } : {}),
    source: row.attribution?.source || null,
  };
}

export function inboxItem(row: StoredSubmission): InboxItem {
  const kind = SUBMISSION_KINDS[row.kind];
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    created_at: row.createdAt,
    is_spam: row.isSpam,
    title: headlineOf(row).title,
    owner: row.owner,
    next_statuses: nextStatuses(row.status),
    fields: kind.fields.map((field) => ({
      name: field.name,
      label: field.label,
      value: shownValue(field, row.values[field.name] ?? null),
    })),
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
    ...(kind.consent ? { consent: row.consent } : {}),
    attribution: row.attribution ? { source: row.attribution.source, ...row.attribution.values } : null,
  };
}
