// The top of the inbox list, rendered on the server: the kind tabs (with my unread count once
// loaded), the kind's title, and the filter form, so filtering works and keeps what is typed
// before the page hydrates.
import { href, Link, useSearchParams } from 'react-router';
import { INBOX_KINDS, KIND_LABELS } from './inbox-client.ts';
import { InboxFilters } from './inbox-filters.tsx';
import { useInboxState } from './inbox-store.ts';
import { inboxListPath, readInboxView } from './inbox-view.ts';

export function InboxListHeader() {
  const [params] = useSearchParams();
  const view = readInboxView(params);
  const { summary, staff } = useInboxState();
  const staffNames = staff?.staff.map((member) => member.username) ?? [];

  return (
    <>
      <nav className="inbox-kinds" aria-label="Kinds of submission">
        <ul>
          {INBOX_KINDS.map((kind) => {
            const counts = summary?.counts[kind];
            return (
              <li key={kind}>
                <Link to={inboxListPath({ kind })} aria-current={kind === view.kind ? 'page' : undefined}>
                  <span>{KIND_LABELS[kind]}</span>
                  {counts ? (
                    <span className="inbox-count" data-unread={counts.unread > 0 ? 'true' : undefined}>
                      {counts.unread}
                      <span className="visually-hidden"> unread</span>
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {/* A staff member's own booked demos and calendar feed (issue 29). */}
      <p className="inbox-my-demos">
        <Link className="standalone-link" to={href('/inbox/my-demos')}>
          My demos
        </Link>
      </p>

      <h2 className="inbox-title">{KIND_LABELS[view.kind]}</h2>

      <InboxFilters view={view} staffNames={staffNames} />
    </>
  );
}
