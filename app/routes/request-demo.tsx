// /request-demo: Book a Demo as a full page. The navbar opens the same form in a modal once the
// page is interactive; here is where it lives without JavaScript, posting to this route's action.
import { href } from 'react-router';
import type { Route } from './+types/request-demo.ts';
import { demoRequestSchema } from '../../common/demo-schema.ts';
import { MESSAGES } from '../../common/messages.ts';
import { DemoForm } from '../components/forms/demo-form.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { appContext } from '../lib/app-context.ts';
import { callingCodeOf, demoCountryData } from '../lib/countries.server.ts';
import { postForm } from '../lib/forms.server.ts';
import { outcomeForMessage, resultPath } from '../lib/form-results.ts';
import { demoRequestInput } from '../lib/country-options.ts';
import { pageMeta } from '../lib/seo.ts';
import '../components/forms/forms.css';
import type { RouteHandle } from '../lib/route-handle.ts';

/** Served from the page cache: the HTML depends only on the URL and the content. */
export const handle: RouteHandle = { cache: 'shared' };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Book a demo', 'Book a live demo of Haulora with our team.');

export function loader() {
  return { countries: demoCountryData() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  return postForm(request, app, {
    back: href('/request-demo'),
    schema: demoRequestSchema,
    alert: MESSAGES.bookDemoError,
    // The form picks a country by its region code; the API takes its calling code.
    input: ({ values }) => demoRequestInput(values, callingCodeOf(values.country ?? '') ?? ''),
    run: (input, post) => app.services.intake.demo(input, post.key),
    redirect: (taken, post) => resultPath('demo', outcomeForMessage(taken.message), post.back),
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
          <DemoForm countries={loaderData.countries} failure={actionData} />
        </div>
      </section>
    </>
  );
}
