// A demo request's booked time in the staff inbox (issue 29): when, in the visitor's zone and in
// the owner's, who has it and why, the meeting link (or a phone call), and its history (booked,
// rescheduled, cancelled: when, and by whom), with the way to move or cancel it.
import { href, Link } from 'react-router';
import { formatSlot } from '../../common/booking-time.ts';
import type { BookingView } from '../../common/inbox.ts';

const ACTIONS = { booked: 'booked', rescheduled: 'rescheduled', cancelled: 'cancelled' } as const;

/** `requestId`: the demo request, to link to moving or cancelling its meeting (staff, issue 29);
 * left out on that page itself. */
export function BookingPanel({ booking, requestId }: { booking: BookingView; requestId?: number }) {
  const ownerZone = booking.owner_time_zone;
  const historyZone = ownerZone ?? booking.time_zone;
  return (
    <section className="inbox-panel inbox-booking" aria-labelledby="inbox-booking-title">
      <h2 id="inbox-booking-title">Booked demo</h2>
      <dl className="inbox-fields">
        <div>
          <dt>For the visitor</dt>
          <dd>
            {formatSlot(booking.start, booking.time_zone)} ({booking.time_zone})
          </dd>
        </div>
        {ownerZone && ownerZone !== booking.time_zone ? (
          <div>
            <dt>For {booking.owner}</dt>
            <dd>
              {formatSlot(booking.start, ownerZone)} ({ownerZone})
            </dd>
          </div>
        ) : null}
        <div>
          <dt>With</dt>
          <dd>{booking.owner}</dd>
        </div>
        <div>
          <dt>Meeting</dt>
          <dd>
            {booking.meeting_url ? (
              <a className="standalone-link" href={booking.meeting_url} target="_blank" rel="noopener noreferrer">
                {booking.meeting_url}
              </a>
            ) : (
              'Phone call'
            )}
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd data-status={booking.status}>{booking.status === 'booked' ? 'Booked' : 'Cancelled'}</dd>
        </div>
        <div>
          <dt>Why them</dt>
          <dd>{booking.routing_reason}</dd>
        </div>
      </dl>
      {requestId !== undefined && booking.status === 'booked' ? (
        <p>
          <Link className="standalone-link" to={href('/inbox/demo-requests/:id/meeting', { id: String(requestId) })}>
            Move or cancel this demo
          </Link>
        </p>
      ) : null}
      {booking.history.length > 0 ? (
        <>
          <h3 id="inbox-booking-history">History ({historyZone} time)</h3>
          <ol className="inbox-booking-history" aria-labelledby="inbox-booking-history">
            {booking.history.map((entry, index) => (
              <li key={index} data-action={entry.action}>
                <time dateTime={entry.at}>{formatSlot(entry.at, historyZone)}</time>: {ACTIONS[entry.action]} by{' '}
                {entry.by ?? 'the visitor'}
                {entry.action === 'cancelled'
                  ? null
                  : ` ${entry.action === 'booked' ? 'for' : 'to'} ${formatSlot(entry.start, historyZone)} with ${entry.owner}`}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
