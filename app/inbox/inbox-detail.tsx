// One submission in the inbox: every field with the API's labels, the arrival time in the
// viewer's zone, the contact image (fetched with the staff token, shown from an object URL that
// is revoked on leaving), the status with a control to change it ("Move back to New" for spam),
// and the history of status changes and internal notes with a form to add one. Everything a
// visitor wrote is React text: no HTML from a submission is ever rendered.
import { BookingPanel } from './inbox-booking.tsx';
import { ArrowLeft, ChevronLeft, ChevronRight, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  fetchItem,
  type InboxKind,
  isInboxStatus,
  type ItemDetail,
  type InboxEvent,
  KIND_LABELS,
  STATUS_LABELS,
} from './inbox-client.ts';
import { inboxItemPath, inboxListPath, readInboxView } from './inbox-view.ts';
import { Button } from '../components/ui/button.tsx';
import { isTypingTarget, KeyboardHelp } from './inbox-keys.tsx';
import { NoteForm } from './inbox-note-form.tsx';
import { OwnerPanel } from './inbox-owner-form.tsx';
import { ContactImage } from './inbox-image.tsx';
import { SourcePanel } from './inbox-source.tsx';
import { StatusPanel } from './inbox-status-form.tsx';
import { useSignInAgain } from './inbox-shell.tsx';
import { Timestamp } from './inbox-parts.tsx';

type Loaded =
  | { state: 'loading' }
  | { state: 'ready'; detail: ItemDetail }
  | { state: 'error'; message: string; notFound: boolean };

export function InboxDetail({ kind, id }: { kind: InboxKind; id: number }) {
  const signInAgain = useSignInAgain();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The list this submission was opened from: its filters and sort give previous and next.
  const view = readInboxView(params, kind);
  const listKey = params.toString();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [helpOpen, setHelpOpen] = useState(false);
  const neighbours = loaded.state === 'ready' ? loaded.detail.neighbours : { previous: null, next: null };

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target))
        return;
      if (document.querySelector('dialog[open]')) return;
      const target = event.key === '[' ? neighbours.previous : event.key === ']' ? neighbours.next : undefined;
      if (event.key === '?') {
        event.preventDefault();
        setHelpOpen(true);
      } else if (target) {
        event.preventDefault();
        navigate(inboxItemPath(kind, target, view));
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- kind and view are in listKey; navigate is stable
  }, [neighbours.previous, neighbours.next, listKey]);

  useEffect(() => {
    const abort = new AbortController();
    setLoaded({ state: 'loading' });
    fetchItem(kind, id, readInboxView(new URLSearchParams(listKey), kind), abort.signal).then((result) => {
      if (abort.signal.aborted) return;
      if (result.ok) setLoaded({ state: 'ready', detail: result.data });
      else if (result.reason === 'unauthorized') signInAgain();
      else setLoaded({ state: 'error', message: result.message, notFound: result.reason === 'not-found' });
    });
    return () => abort.abort();
  }, [kind, id, attempt, signInAgain, listKey]);

  /** Shows the submission as a staff form's change left it (keeping previous and next). */
  function take(detail: ItemDetail) {
    setLoaded((current) => ({
      state: 'ready',
      detail: { ...detail, neighbours: current.state === 'ready' ? current.detail.neighbours : detail.neighbours },
    }));
  }

  const back = (
    <p className="inbox-back">
      <Link to={inboxListPath(view)}>
        <ArrowLeft aria-hidden="true" />
        All {KIND_LABELS[kind].toLowerCase()}
      </Link>
    </p>
  );

  const steps = (
    <nav className="inbox-steps" aria-label="Submissions in this list">
      {neighbours.previous ? (
        <Link to={inboxItemPath(kind, neighbours.previous, view)} rel="prev" aria-keyshortcuts="[">
          <ChevronLeft aria-hidden="true" />
          Previous
        </Link>
      ) : null}
      {neighbours.next ? (
        <Link to={inboxItemPath(kind, neighbours.next, view)} rel="next" aria-keyshortcuts="]">
          Next
          <ChevronRight aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  );

  if (loaded.state === 'loading') {
    return (
      <>
        {back}
        <p className="inbox-loading" role="status">
          Loading the submission…
        </p>
      </>
    );
  }
  if (loaded.state === 'error') {
    return (
      <>
        {back}
        <div className="inbox-error" role="alert">
          <p>{loaded.notFound ? 'This submission does not exist, or it has been deleted.' : loaded.message}</p>
          {loaded.notFound ? null : (
            <Button variant="secondary" size="sm" onClick={() => setAttempt((count) => count + 1)}>
              Try again
            </Button>
          )}
        </div>
      </>
    );
  }

  const { item, events } = loaded.detail;
  const person = item.fields.find((field) => field.name === 'name')?.value ?? '';
  return (
    <div className="inbox-detail">
      <div className="inbox-detail-top">
        {back}
        {steps}
      </div>
      <div className="inbox-detail-grid">
        <div className="inbox-detail-main">
          <section className="inbox-panel" aria-labelledby="inbox-fields-title">
            <h2 id="inbox-fields-title">What was sent</h2>
            <dl className="inbox-fields">
              <div>
                <dt>Received</dt>
                <dd>
                  <Timestamp iso={item.created_at} />
                </dd>
              </div>
              {item.fields.map((field) => (
                <div key={field.name}>
                  <dt>{field.label}</dt>
                  <dd className="inbox-field-value">
                    <FieldValue name={field.name} value={field.value} kind={kind} person={person} />
                  </dd>
                </div>
              ))}
              {item.consent !== undefined ? (
                <div>
                  <dt>Product news</dt>
                  <dd>
                    {item.consent ? (
                      <>
                        Agreed (notice version {item.consent.version}, <Timestamp iso={item.consent.at} />)
                      </>
                    ) : (
                      'Not agreed'
                    )}
                  </dd>
                </div>
              ) : null}
            </dl>
          </section>
          {loaded.detail.booking ? <BookingPanel booking={loaded.detail.booking} requestId={id} /> : null}
          <SourcePanel kind={kind} attribution={item.attribution} />
          {item.image ? <ContactImage image={item.image} id={item.id} onUnauthorized={signInAgain} /> : null}
        </div>
        <div className="inbox-detail-side">
          <StatusPanel
            kind={kind}
            id={id}
            status={item.status}
            nextStatuses={item.next_statuses}
            honeypot={item.is_spam}
            onSaved={take}
          />
          <OwnerPanel kind={kind} id={id} owner={item.owner} onSaved={take} />
          <HistoryPanel kind={kind} id={id} events={events} onSaved={take} />
        </div>
      </div>
      <KeyboardHelp open={helpOpen} onClose={() => setHelpOpen(false)} where="detail" />
    </div>
  );
}

/** A field's value; an email is a mailto: link with a reply ready, a phone number a tel: link,
 * each with a copy button. */
function FieldValue({ name, value, kind, person }: { name: string; value: string; kind: InboxKind; person: string }) {
  if (value === '') return <>—</>;
  if (name === 'email') {
    const subject =
      kind === 'demo-requests'
        ? 'Re: your Haulora demo request'
        : kind === 'contact-messages'
          ? 'Re: your message to Haulora'
          : 'Haulora';
    const greeting = person ? `Hello ${person.split(/\s+/)[0]},\n\n` : 'Hello,\n\n';
    const href = `mailto:${encodeURIComponent(value).replace(/%40/g, '@')}?${new URLSearchParams({ subject, body: greeting }).toString().replace(/\+/g, '%20')}`;
    return (
      <span className="inbox-contact">
        <a href={href}>{value}</a>
        <CopyButton text={value} label={`Copy the email address ${value}`} />
      </span>
    );
  }
  if (name === 'number') {
    const dial = value.replace(/[^\d+]/g, '');
    return (
      <span className="inbox-contact">
        <a href={`tel:${dial}`}>{value}</a>
        <CopyButton text={value} label={`Copy the phone number ${value}`} />
      </span>
    );
  }
  return <>{value}</>;
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  }
  return (
    <>
      <button type="button" className="inbox-copy" aria-label={label} onClick={() => void copy()}>
        <Copy aria-hidden="true" />
        <span aria-hidden="true">{copied ? 'Copied' : 'Copy'}</span>
      </button>
      <span className="visually-hidden" role="status">
        {copied ? 'Copied' : ''}
      </span>
    </>
  );
}

type HistoryPanelProps = { kind: InboxKind; id: number; events: InboxEvent[]; onSaved: (detail: ItemDetail) => void };

function HistoryPanel({ kind, id, events, onSaved }: HistoryPanelProps) {
  return (
    <section className="inbox-panel" aria-labelledby="inbox-history-title">
      <h2 id="inbox-history-title">Notes and history</h2>
      {events.length === 0 ? (
        <p className="inbox-empty">No notes or status changes yet.</p>
      ) : (
        <ol className="inbox-events">
          {events.map((event) => (
            <li key={event.id} data-action={event.action}>
              <p className="inbox-event-what">
                {event.action === 'note' ? (
                  <span className="inbox-note">{event.note}</span>
                ) : event.action === 'owner' ? (
                  <>
                    {event.to_owner ? `Given to ${event.to_owner}` : 'Given to nobody'}
                    {event.from_owner ? ` (was ${event.from_owner})` : ''}
                  </>
                ) : (
                  <>
                    Status {event.from_status ? `from ${label(event.from_status)} ` : ''}to {label(event.to_status)}
                  </>
                )}
              </p>
              <p className="inbox-event-who">
                {event.action === 'note' ? 'Note by ' : event.action === 'owner' ? 'Assigned by ' : 'Changed by '}
                <span className="inbox-event-user">{event.username}</span>, <Timestamp iso={event.created_at} />
              </p>
            </li>
          ))}
        </ol>
      )}
      <NoteForm kind={kind} id={id} onSaved={onSaved} />
    </section>
  );
}

const label = (status: string | null) => (status && isInboxStatus(status) ? STATUS_LABELS[status] : (status ?? '—'));
