// The inbox list's rows: one card per submission, the whole row a tap target (the title's link
// covers it), unread in bold, a checkbox to select it, its status, time, owner, a demo request's
// booked meeting (in the viewer's zone) and the lead's source. Everything a visitor wrote or a
// link carried is shown as React text.
import type { Ref } from 'react';
import { Link } from 'react-router';
import type { ListPage } from './inbox-client.ts';
import { OwnerName, StatusBadge, Timestamp } from './inbox-parts.tsx';
import { inboxItemPath, type InboxView } from './inbox-view.ts';

/** A source is a tag anyone can put in a link: the row shows its start, the item all of it. */
const SOURCE_SHOWN = 40;
const shortSource = (source: string) =>
  source.length > SOURCE_SHOWN ? `${source.slice(0, SOURCE_SHOWN - 1)}…` : source;

type InboxRowsProps = {
  ref: Ref<HTMLOListElement>;
  items: ListPage['items'];
  view: InboxView;
  /** The list's name: the kind and its order. */
  label: string;
  isSelected: (id: number) => boolean;
  toggle: (id: number) => void;
};

export function InboxRows({ ref, items, view, label, isSelected, toggle }: InboxRowsProps) {
  return (
    <ol ref={ref} className="inbox-items" aria-label={label}>
      {items.map((item) => {
        const selected = isSelected(item.id);
        return (
          <li
            key={item.id}
            className="inbox-item"
            data-status={item.status}
            data-unread={item.unread ? 'true' : undefined}
            data-selected={selected ? 'true' : undefined}
          >
            <label className="inbox-check inbox-item-check">
              <input type="checkbox" checked={selected} onChange={() => toggle(item.id)} />
              <span className="visually-hidden">Select {item.title}</span>
            </label>
            <div className="inbox-item-body">
              <div className="inbox-item-head">
                <h3 className="inbox-item-title">
                  <Link className="inbox-item-link" data-id={item.id} to={inboxItemPath(item.kind, item.id, view)}>
                    {item.title}
                  </Link>
                  {item.unread ? <span className="visually-hidden"> (unread)</span> : null}
                </h3>
                <StatusBadge status={item.status} />
              </div>
              {item.subtitle ? <p className="inbox-item-subtitle">{item.subtitle}</p> : null}
              {item.preview ? <p className="inbox-item-preview">{item.preview}</p> : null}
              <p className="inbox-item-meta">
                <Timestamp iso={item.created_at} />
                <OwnerName owner={item.owner} />
                {item.meeting ? (
                  <span className="inbox-item-meeting">
                    Meeting: <Timestamp iso={item.meeting.start} />
                  </span>
                ) : null}
                {item.source ? <span className="inbox-item-source">Source: {shortSource(item.source)}</span> : null}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
