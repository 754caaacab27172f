// /request-demo: Book a Demo as a full page. The navbar opens the same form in a modal once the
// page is interactive; here is where it lives without JavaScript, posting to this route's action.
// Its optional time picker (issue 29) is rendered here from the free times: in the site's zone,
// or in the one the visitor posted with the picker's zone button (the form comes back with what
// was typed, nothing sent).
import { href } from 'react-router';
import type { Route } from './+types/request-demo.ts';
import { demoRequestSchema } from '../../common/demo-schema.ts';
import { MESSAGES } from '../../common/messages.ts';
import { DemoForm } from '../components/forms/demo-form.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { appContext } from '../lib/app-context.ts';
import { callingCodeOf, demoCountryData } from '../lib/countries.server.ts';
import { postForm, refuse } from '../lib/forms.server.ts';
import { isTimeZone } from '../../common/booking-time.ts';
import { bookedResultPath, outcomeForMessage, resultPath } from '../lib/form-results.ts';
import { demoRequestInput } from '../lib/country-options.ts';
import { pageMeta } from '../lib/seo.ts';
import '../components/forms/forms.css';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Book a demo', 'Book a live demo of Haulora with our team.');

// Not served from the page cache: the free times change with every booking. The options only:
// the form asks for the time zones' countries itself (countries-request.ts).
export async function loader({ context }: Route.LoaderArgs) {
  const { booking } = context.get(appContext).services;
  const zone = booking.siteTimeZone;
  return { countries: demoCountryData().countries, booking: { zone, slots: (await booking.slots(zone)).slots } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  return postForm(request, app, {
    back: href('/request-demo'),
    schema: demoRequestSchema,
    alert: MESSAGES.bookDemoError,
    // The form picks a country by its region code; the API takes its calling code.
    // The picker's zone button (no JavaScript): the form again in that zone, with what was typed.
    check: ({ values }) => (values.intent === 'zone' ? refuse(200, '', values) : null),
    input: ({ values }) => demoRequestInput(values, callingCodeOf(values.country ?? '') ?? ''),
    run: (input, post) => app.services.intake.demo(input, post.key),
    redirect: (taken, post) =>
      post.values.slot_start && taken.message !== MESSAGES.demoThanks
        ? bookedResultPath(post.values.slot_start, post.values.time_zone ?? '', post.back)
        : resultPath('demo', outcomeForMessage(taken.message), post.back),
  });
}

export default function RequestDemo({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Demo" title="Book a demo">
        <p>
          See Haulora run your own jobs, drivers and fleet in a live demo with our team: bookings and dispatch, the
          driver app, fuel, accounts and compliance. We reply within one business day.
        </p>
      </PageHero>
      <section className="container form-page" aria-label="Demo request form">
        <div className="form-card">
          <DemoForm countries={loaderData.countries} failure={actionData} booking={bookingOf(loaderData, actionData)} />
        </div>
      </section>
    </>
  );
}

/** The picker's free times, in the zone the visitor posted (the zone button, a refused post) or
 * the site's. */
function bookingOf(loaderData: Route.ComponentProps['loaderData'], actionData: Route.ComponentProps['actionData']) {
  const posted = actionData?.values.time_zone;
  return { slots: loaderData.booking.slots, zone: posted && isTimeZone(posted) ? posted : loaderData.booking.zone };
}
