// /request-demo: Book a Demo as a full page. The navbar opens the same form in a modal once the
// page is interactive; here is where it lives without JavaScript, posting to this route's action.
import { href } from 'react-router';
import type { Route } from './+types/request-demo.ts';
import { MESSAGES } from '../../common/messages.ts';
import { DemoForm } from '../components/forms/demo-form.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { appContext } from '../lib/app-context.ts';
import { callingCodeOf, demoCountryData } from '../lib/countries.server.ts';
import { answerPost, readFormPost } from '../lib/forms.server.ts';
import { phoneNumberPayload } from '../lib/phone.ts';
import { pageMeta } from '../lib/seo.ts';
import '../components/forms/forms.css';
import type { RouteHandle } from '../lib/route-handle.ts';

/** Served from the page cache: the HTML depends only on the URL and the content. */
export const handle: RouteHandle = { cache: 'shared' };

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Book a demo', 'Book a live demo of Haulora with our team.');

export function loader() {
  return { countries: demoCountryData() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const read = await readFormPost(request, app, href('/request-demo'));
  if (!read.ok) return read.refusal;
  const { values } = read.post;
  // The form picks a country by its region code; the API takes its calling code and '+CODE DIGITS'.
  const callingCode = callingCodeOf(values.country ?? '') ?? '';
  const input = { ...values, country: callingCode, number: phoneNumberPayload(callingCode, values.number ?? '') };
  return answerPost(await app.services.intake.demo(input, read.post.key), 'demo', read.post, MESSAGES.bookDemoError);
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
