// /demo/booking/<token>: the visitor's own booking page (issue 29), reached from the link in their
// invite: no sign-in, the signed token is the only key (server/services/booking/links.ts). It
// shows the booked time in the visitor's zone and the meeting, and cancels it or moves it to
// another free time with two plain forms that work without JavaScript. Never cached, never
// indexed. A refused link is a 404 (not ours) or 410 (the meeting is over) page, nothing changed.
import { data, href, redirect } from 'react-router';
import type { Route } from './+types/demo-booking.ts';
import { BOOKING_MESSAGES, formatSlot } from '../../common/booking.ts';
import { MESSAGES } from '../../common/messages.ts';
import { bookingCopy } from '../../content/booking.ts';
import { SlotDayGroups } from '../booking/slot-picker.tsx';
import { slotDays } from '../booking/slot-days.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Button, ButtonLink } from '../components/ui/button.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { SubmissionStatus } from '../../common/constants.ts';
import { appContext } from '../lib/app-context.ts';
import { contentHeaders } from '../lib/content-headers.ts';
import { CSRF_FIELD, useFormSettings } from '../lib/form-fields.ts';
import { readFormPost, refuse } from '../lib/forms.server.ts';
import { pageMeta } from '../lib/seo.ts';
import '../booking/slot-picker.css';
import '../components/forms/forms.css';
import './demo-booking.css';

const copy = bookingCopy.manage;
/** Days of free times offered for a move: as many as the picker shows first (a plain form has no
 * "more days" button). */
const MOVE_DAYS = 3;

export const headers = contentHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, copy.title, 'Your booked demo with the Haulora team.'),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { booking } = context.get(appContext).services;
  const found = await booking.manage.view(params.token);
  if (!found.ok) return data({ refused: found.message, booking: null, slots: [] }, { status: found.status });
  const done = new URL(request.url).searchParams.get('done');
  const slots = found.booking.status === 'booked' ? (await booking.slots(found.booking.timeZone, MOVE_DAYS)).slots : [];
  return {
    refused: null,
    booking: { ...found.booking, done: done === 'moved' || done === 'cancelled' ? done : null },
    slots,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const path = href('/demo/booking/:token', { token: params.token });
  const read = await readFormPost(request, app, path);
  if (!read.ok) return read.refusal;
  const { values } = read.post;
  const change =
    values.intent === 'cancel'
      ? ({ kind: 'cancel' } as const)
      : values.intent === 'move' && values.slot_start
        ? ({ kind: 'move', start: values.slot_start } as const)
        : null;
  if (!change) return refuse(400, values.intent === 'move' ? BOOKING_MESSAGES.chooseTime : MESSAGES.badRequest);
  const outcome = await app.services.booking.manage.change(params.token, change);
  if (!outcome.ok) {
    if ('status' in outcome) return refuse(outcome.status, outcome.message);
    const status = outcome.reason === 'taken' || outcome.reason === 'cancelled' ? 409 : 400;
    return refuse(status, outcome.message, values);
  }
  const token = 'token' in outcome && outcome.token ? outcome.token : params.token;
  return redirect(`${href('/demo/booking/:token', { token })}?done=${change.kind === 'move' ? 'moved' : 'cancelled'}`, {
    status: 303,
    headers: { 'Cache-Control': 'no-store' },
  });
}

export default function DemoBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, refused } = loaderData;
  if (!booking) {
    return (
      <>
        <PageHero eyebrow={copy.eyebrow} title={copy.refusedTitle} />
        <section className="section" aria-label={copy.refusedTitle}>
          <div className="container demo-booking">
            <p>{refused}</p>
            <ButtonLink to={href('/request-demo')}>{copy.bookAgain}</ButtonLink>
          </div>
        </section>
      </>
    );
  }
  const zone = booking.timeZone;
  const when = formatSlot(booking.start, zone);
  const cancelled = booking.status === 'cancelled';
  const days = slotDays(loaderData.slots, zone);
  return (
    <>
      <PageHero eyebrow={copy.eyebrow} title={copy.title}>
        <p>{cancelled ? copy.cancelledNote : copy.bookedFor.replace('{when}', when).replace('{zone}', zone)}</p>
      </PageHero>
      <section className="section" aria-label={copy.title}>
        <div className="container demo-booking">
          {actionData?.message ? (
            <Alert status={SubmissionStatus.Error}>{actionData.message}</Alert>
          ) : booking.done ? (
            <Alert status={SubmissionStatus.Success}>{booking.done === 'moved' ? copy.moved : copy.cancelled}</Alert>
          ) : null}
          {cancelled ? (
            <ButtonLink to={href('/request-demo')}>{copy.bookAgain}</ButtonLink>
          ) : (
            <>
              <p className="demo-booking-meeting">
                {booking.meetingUrl ? (
                  <>
                    {copy.meetingVideo} <a href={booking.meetingUrl}>{booking.meetingUrl}</a>
                  </>
                ) : (
                  copy.meetingPhone
                )}
              </p>
              <form method="post" className="form-card demo-booking-form">
                <Csrf />
                <fieldset className="slot-picker">
                  <legend className="field-label">{copy.moveHeading}</legend>
                  <p className="form-note">{copy.moveNote.replace('{zone}', zone)}</p>
                  {days.length === 0 ? <p className="form-note">{copy.noTimes}</p> : <SlotDayGroups days={days} />}
                </fieldset>
                {days.length === 0 ? null : (
                  <Button type="submit" name="intent" value="move">
                    {copy.moveButton}
                  </Button>
                )}
              </form>
              <form method="post" className="form-card demo-booking-form">
                <Csrf />
                <h2 className="field-label">{copy.cancelHeading}</h2>
                <p className="form-note">{copy.cancelNote}</p>
                <Button type="submit" name="intent" value="cancel" variant="secondary">
                  {copy.cancelButton}
                </Button>
              </form>
            </>
          )}
        </div>
      </section>
    </>
  );
}

function Csrf() {
  return <input type="hidden" name={CSRF_FIELD} value={useFormSettings()?.csrfToken ?? ''} />;
}
