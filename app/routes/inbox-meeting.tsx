// /inbox/demo-requests/:id/meeting: staff move or cancel a demo request's booked meeting (issue 29)
// with the very change the visitor's own link makes (same UID, SEQUENCE + 1, invites or CANCEL to
// both through the outbox, the history naming the staff member). The booking as the inbox shows
// it (times in both zones, history) and two plain forms: rendered on the server from the session
// cookie, so it works with and without JavaScript. Never cached, never indexed.
import { data, href, Link, redirect } from 'react-router';
import type { Route } from './+types/inbox-meeting.ts';
import { BOOKING_MESSAGES, formatSlot } from '../../common/booking-time.ts';
import { SubmissionStatus } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { staffDemosCopy } from '../../content/staff-demos.ts';
import { SlotDayGroups } from '../booking/slot-picker.tsx';
import { slotDays } from '../booking/slot-days.ts';
import { BookingPanel } from '../inbox/inbox-booking.tsx';
import { DemosSignedOut, fill } from '../inbox/staff-demo-parts.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { appContext } from '../lib/app-context.ts';
import { contentHeaders } from '../lib/content-headers.ts';
import { CSRF_FIELD, useFormSettings } from '../lib/form-fields.ts';
import { readFormPost, refuse } from '../lib/forms.server.ts';
import { pageMeta } from '../lib/seo.ts';
import { demosSignedOut, demoStaff, NO_STORE } from '../lib/staff-demos.server.ts';
import '../booking/slot-picker.css';
import '../components/forms/forms.css';
import { staffLinks } from '../lib/staff-styles.ts';

export const links = staffLinks;

const copy = staffDemosCopy.meeting;
/** Days of free times offered for a move (a plain form has no "more days" button). */
const MOVE_DAYS = 5;
const REFUSAL_STATUS = { invalid: 400, forbidden: 403, 'not-found': 404, conflict: 409 } as const;

export const headers = contentHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, copy.title, 'Move or cancel a booked demo in the Haulora staff inbox.'),
  { name: 'robots', content: 'noindex' },
];

function idOf(value: string): number {
  if (!/^[1-9]\d{0,14}$/.test(value)) throw data(null, { status: 404 });
  return Number(value);
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const id = idOf(params.id);
  const username = await demoStaff(request, app);
  if (!username) return demosSignedOut(request);
  const meeting = await app.services.staffDemos.requestMeeting(id, username);
  if (!meeting) throw data(null, { status: 404, headers: NO_STORE });
  const zone = meeting.staffTimeZone;
  const booked = meeting.booking?.status === 'booked';
  const slots = booked ? (await app.services.booking.slots(zone, MOVE_DAYS)).slots : [];
  const done = new URL(request.url).searchParams.get('done');
  return data(
    {
      signedIn: true as const,
      id,
      ...meeting,
      slots,
      done: done === 'moved' || done === 'cancelled' ? done : null,
    },
    { headers: NO_STORE },
  );
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const id = idOf(params.id);
  const path = href('/inbox/demo-requests/:id/meeting', { id: String(id) });
  const read = await readFormPost(request, app, path);
  if (!read.ok) return read.refusal;
  const username = await demoStaff(request, app);
  if (!username) return refuse(401, staffDemosCopy.signedOut);
  const { values } = read.post;
  const change =
    values.intent === 'cancel'
      ? ({ kind: 'cancel' } as const)
      : values.intent === 'move' && values.slot_start
        ? ({ kind: 'move', start: values.slot_start } as const)
        : null;
  if (!change) return refuse(400, values.intent === 'move' ? BOOKING_MESSAGES.chooseTime : MESSAGES.badRequest);
  const outcome = await app.services.staffDemos.changeRequestBooking(id, change, username);
  if (!outcome.ok) return refuse(REFUSAL_STATUS[outcome.kind], outcome.message, values);
  return redirect(`${path}?done=${change.kind === 'move' ? 'moved' : 'cancelled'}`, { status: 303, headers: NO_STORE });
}

export default function InboxMeeting({ loaderData, actionData }: Route.ComponentProps) {
  const csrfToken = useFormSettings()?.csrfToken ?? '';
  if (!loaderData.signedIn) return <DemosSignedOut title={copy.title} next={loaderData.next} />;
  const { id, name, company, booking, staffTimeZone: zone, done } = loaderData;
  const requestPath = href('/inbox/:kind/:id', { kind: 'demo-requests', id: String(id) });
  const days = slotDays(loaderData.slots, zone);
  const csrf = <input type="hidden" name={CSRF_FIELD} value={csrfToken} />;
  return (
    <>
      <PageHero eyebrow={copy.eyebrow} title={copy.title}>
        <p>
          {name}
          {company ? `, ${company}` : ''} ·{' '}
          {booking && booking.status === 'booked'
            ? fill(copy.bookedFor, { when: formatSlot(booking.start, zone), zone, owner: booking.owner })
            : booking
              ? copy.cancelledNote
              : copy.noBooking}
        </p>
      </PageHero>
      <section className="section" aria-label={copy.title}>
        <div className="container staff-meeting">
          <p>
            <Link className="standalone-link" to={requestPath}>
              {copy.back}
            </Link>
          </p>
          {actionData?.message ? (
            <Alert status={SubmissionStatus.Error}>{actionData.message}</Alert>
          ) : done ? (
            <Alert status={SubmissionStatus.Success}>{done === 'moved' ? copy.moved : copy.cancelled}</Alert>
          ) : null}
          {booking ? <BookingPanel booking={booking} /> : null}
          {booking?.status === 'booked' ? (
            <>
              <form method="post" className="form-card staff-meeting-form">
                {csrf}
                <fieldset className="slot-picker">
                  <legend className="field-label">{copy.moveHeading}</legend>
                  <p className="form-note">{fill(copy.moveNote, { zone })}</p>
                  {days.length === 0 ? <p className="form-note">{copy.noTimes}</p> : <SlotDayGroups days={days} />}
                </fieldset>
                {days.length === 0 ? null : (
                  <Button type="submit" name="intent" value="move">
                    {copy.moveButton}
                  </Button>
                )}
              </form>
              <form method="post" className="form-card staff-meeting-form">
                {csrf}
                <h2 className="field-label">{copy.cancelHeading}</h2>
                <p className="form-note">{copy.cancelNote}</p>
                <Button type="submit" name="intent" value="cancel" variant="secondary">
                  {copy.cancelButton}
                </Button>
              </form>
            </>
          ) : null}
        </div>
      </section>
    </>
  );
}
