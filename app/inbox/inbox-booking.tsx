// A demo request's booked time in the staff inbox (issue 29): when, in the visitor's zone and in
// the owner's, who has it and why, and the meeting link (or a phone call).
import { formatSlot } from '../../common/booking-time.ts';
import type { BookingView } from '../../common/inbox.ts';
import './inbox-booking.css';

export function BookingPanel({ booking }: { booking: BookingView }) {
  const ownerZone = booking.owner_time_zone;
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
              <a href={booking.meeting_url} target="_blank" rel="noopener noreferrer">
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
    </section>
  );
}
