// Small pieces the inbox list and detail share: a submission's status as a badge, and a time in
// the viewer's own time zone with the exact ISO time in <time dateTime>.
import { type InboxStatus, STATUS_LABELS } from './inbox-client.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function Timestamp({ iso }: { iso: string }) {
  const date = new Date(iso);
  const text = Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
  return <time dateTime={iso}>{text}</time>;
}

export function StatusBadge({ status }: { status: InboxStatus }) {
  return (
    <span className="inbox-status" data-status={status}>
      <span className="visually-hidden">Status: </span>
      {STATUS_LABELS[status] ?? status}
    </span>
  );
}

/** Who a submission belongs to, as the list shows it. */
export function OwnerName({ owner }: { owner: string | null }) {
  return <span className="inbox-owner">{owner ? <>Owner: {owner}</> : 'Unassigned'}</span>;
}
