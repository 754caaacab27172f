// /inbox/my-demos: the signed-in staff member's booked demos (issue 29): today, the rest of this
// week and next week, each in their own zone with the visitor's local time beside it, a link to
// the request and to move or cancel it; and their private calendar feed's address with a "Renew"
// button. Rendered on the server from the session cookie (app/lib/staff-demos.server.ts), so it
// works without JavaScript. Never cached, never indexed.
import { data, href, Link, redirect } from 'react-router';
import type { Route } from './+types/inbox-my-demos.ts';
import { formatSlot } from '../../common/booking-time.ts';
import { SubmissionStatus } from '../../common/constants.ts';
import type { DemoPeriod, MyDemo } from '../../common/staff-demos.ts';
import { staffDemosCopy } from '../../content/staff-demos.ts';
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
import { staffLinks } from '../lib/staff-styles.ts';

export const links = staffLinks;

const copy = staffDemosCopy.myDemos;
const PERIODS: [DemoPeriod, string][] = [
  ['today', copy.today],
  ['this-week', copy.thisWeek],
  ['next-week', copy.nextWeek],
];

export const headers = contentHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, copy.title, 'Your booked demos in the Haulora staff inbox.'),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const username = await demoStaff(request, app);
  if (!username) return demosSignedOut(request);
  const [demos, feed] = await Promise.all([
    app.services.staffDemos.myDemos(username),
    app.services.staffDemos.calendarFeed(username),
  ]);
  if (!demos.ok || !feed.ok) return demosSignedOut(request);
  const renewed = new URL(request.url).searchParams.get('done') === 'renewed';
  return data(
    { signedIn: true as const, username, ...demos.value, feedUrl: feed.value.url, renewed },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const path = href('/inbox/my-demos');
  const read = await readFormPost(request, app, path);
  if (!read.ok) return read.refusal;
  const username = await demoStaff(request, app);
  if (!username) return refuse(401, staffDemosCopy.signedOut);
  if (read.post.values.intent !== 'renew-feed') return refuse(400, 'Unknown action.');
  const renewed = await app.services.staffDemos.renewCalendarFeed(username);
  if (!renewed.ok) return refuse(404, renewed.message);
  return redirect(`${path}?done=renewed`, { status: 303, headers: NO_STORE });
}

function DemoRow({ demo, zone }: { demo: MyDemo; zone: string }) {
  const who = [demo.name, demo.company].filter(Boolean).join(', ') || '—';
  const visitorZone = demo.visitor_time_zone;
  return (
    <li className="my-demo">
      <p className="my-demo-time">
        <time dateTime={demo.start}>{formatSlot(demo.start, zone)}</time>
      </p>
      <p className="my-demo-who">{who}</p>
      {visitorZone !== zone ? (
        <p className="my-demo-visitor">
          {copy.visitorTime} {formatSlot(demo.start, visitorZone)} ({visitorZone})
        </p>
      ) : null}
      {demo.request_id ? (
        <p className="my-demo-links">
          <Link
            className="standalone-link"
            to={href('/inbox/:kind/:id', { kind: 'demo-requests', id: String(demo.request_id) })}
          >
            {copy.open}
            <span className="visually-hidden"> ({who})</span>
          </Link>
          <Link
            className="standalone-link"
            to={href('/inbox/demo-requests/:id/meeting', { id: String(demo.request_id) })}
          >
            {copy.manage}
            <span className="visually-hidden"> ({who})</span>
          </Link>
        </p>
      ) : null}
    </li>
  );
}

export default function MyDemos({ loaderData, actionData }: Route.ComponentProps) {
  const csrfToken = useFormSettings()?.csrfToken ?? '';
  if (!loaderData.signedIn) return <DemosSignedOut title={copy.title} next={loaderData.next} />;
  const { time_zone: zone, demos, feedUrl, renewed } = loaderData;
  return (
    <>
      <PageHero eyebrow={copy.eyebrow} title={copy.title}>
        <p>{fill(copy.intro, { zone })}</p>
      </PageHero>
      <section className="section my-demos" aria-label={copy.title}>
        <div className="container my-demos-grid">
          {PERIODS.map(([period, title]) => {
            const inPeriod = demos.filter((demo) => demo.period === period);
            return (
              <section key={period} className="inbox-panel" aria-labelledby={`my-demos-${period}`}>
                <h2 id={`my-demos-${period}`}>
                  {title} ({inPeriod.length})
                </h2>
                {inPeriod.length === 0 ? (
                  <p className="form-note">{copy.none}</p>
                ) : (
                  <ol className="my-demo-list">
                    {inPeriod.map((demo) => (
                      <DemoRow key={`${demo.start}-${demo.request_id}`} demo={demo} zone={zone} />
                    ))}
                  </ol>
                )}
              </section>
            );
          })}
          <section className="inbox-panel my-demos-feed" aria-labelledby="my-demos-feed">
            <h2 id="my-demos-feed">{copy.feedHeading}</h2>
            {actionData?.message ? <Alert status={SubmissionStatus.Error}>{actionData.message}</Alert> : null}
            {renewed ? <Alert status={SubmissionStatus.Success}>{copy.renewed}</Alert> : null}
            <p className="form-note">{copy.feedNote}</p>
            <label className="field-label" htmlFor="my-demos-feed-url">
              {copy.feedLabel}
            </label>
            <input id="my-demos-feed-url" className="my-demos-feed-url" readOnly value={feedUrl} />
            <form method="post">
              <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
              <Button type="submit" name="intent" value="renew-feed" variant="secondary">
                {copy.renewButton}
              </Button>
            </form>
          </section>
        </div>
      </section>
    </>
  );
}
