// /analytics: the visitor analytics dashboard for staff (admin and sales; issue 30), rendered on
// the server from the daily rollups: totals with the period before, visitors and page views per
// day, the funnel into the inbox, top pages, devices, site searches that found nothing, and what
// converts: sources, campaigns and landing pages with their demo requests from the inbox. The
// range is in the URL (?from=&to=), a plain GET form, so it works without JavaScript. Never
// cached, never indexed.
import { data, Form, href, Link } from 'react-router';
import type { Route } from './+types/analytics.ts';
import { overviewQuerySchema } from '../../common/analytics.ts';
import { ConversionTable } from '../components/sections/analytics/conversion-table.tsx';
import { DailyChart } from '../components/sections/analytics/daily-chart.tsx';
import { Funnel } from '../components/sections/analytics/funnel.tsx';
import { RankedTable } from '../components/sections/analytics/ranked-table.tsx';
import { ContentSignIn, Csrf, Notice } from '../components/sections/content/content-parts.tsx';
import { Button } from '../components/ui/button.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { analyticsAction, analyticsSignedOut, analyticsStaff } from '../lib/analytics-area.server.ts';
import { appContext } from '../lib/app-context.ts';
import { contentHeaders } from '../lib/content-headers.ts';
import { pageMeta } from '../lib/seo.ts';
import { staffLinks } from '../lib/staff-styles.ts';

export const links = staffLinks;

export const headers = contentHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'Analytics', 'Haulora website visitors, sources and the demo funnel.'),
  { name: 'robots', content: 'noindex' },
];

const PRESETS = [7, 30, 90] as const;
const DAY_MS = 86_400_000;
const dayBefore = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const staff = await analyticsStaff(request, app);
  if (!staff) return analyticsSignedOut(app);
  const url = new URL(request.url);
  const asked = { from: url.searchParams.get('from') ?? dayBefore(29), to: url.searchParams.get('to') ?? dayBefore(0) };
  const parsed = overviewQuerySchema.safeParse(asked);
  // A range that cannot be read shows the last 30 days and says why.
  const range = parsed.success ? parsed.data : { from: dayBefore(29), to: dayBefore(0) };
  const problem = parsed.success
    ? null
    : `That date range could not be used (${parsed.error.issues[0]?.message}); showing the last 30 days.`;
  const overview = await app.services.analytics.overview(range.from, range.to);
  return data(
    {
      signedIn: true as const,
      username: staff.username,
      csrfToken: app.csrf.token,
      overview,
      problem,
      today: dayBefore(0),
    },
    { status: parsed.success ? 200 : 400, headers: staff.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return analyticsAction(request, context.get(appContext));
}

/** "+12 %" against the period before, or nothing to compare with. */
function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'no change' : 'nothing the period before';
  const percent = ((now - before) / before) * 100;
  return `${percent >= 0 ? '+' : '−'}${Math.abs(percent).toFixed(0)} % on the period before (${before})`;
}

export default function Analytics({ loaderData, actionData }: Route.ComponentProps) {
  // A refused sign-in (or post) answers with its message; the loader's page is the sign-in then too.
  const refusal = actionData && 'message' in actionData ? actionData.message : null;
  if (!loaderData.signedIn || refusal) {
    return (
      <ContentSignIn
        csrfToken={loaderData.csrfToken}
        message={refusal ?? (loaderData.signedIn ? null : loaderData.message)}
        title="Analytics"
        intro="Sign in with a staff account (admin or sales) to see the website’s visitors, sources and demo funnel."
      />
    );
  }
  const { overview, problem, today, username, csrfToken } = loaderData;
  const { previous } = overview;
  const rate = overview.visitors ? ((overview.demo_visitors / overview.visitors) * 100).toFixed(1) : '0.0';
  return (
    <>
      <PageHero eyebrow="Staff" title="Analytics">
        <p>
          Visits counted without cookies (see the <Link to={href('/privacy')}>privacy notice</Link>). Today’s figures
          are brought up to date every few minutes.
        </p>
      </PageHero>
      <section className="section analytics-section" aria-label="Website analytics">
        <div className="container">
          <div className="analytics-bar-top">
            <Form method="get" className="analytics-range" aria-label="Date range">
              <label>
                From
                <input type="date" name="from" defaultValue={overview.from} max={today} required />
              </label>
              <label>
                To
                <input type="date" name="to" defaultValue={overview.to} max={today} required />
              </label>
              <Button type="submit" size="sm">
                Show
              </Button>
            </Form>
            <Form method="post" className="analytics-signed-in">
              <Csrf token={csrfToken} />
              <span>Signed in as {username}</span>
              <Button type="submit" name="intent" value="sign-out" variant="ghost" size="sm">
                Sign out
              </Button>
            </Form>
          </div>
          <nav aria-label="Quick ranges">
            <ul className="analytics-presets">
              {PRESETS.map((days) => {
                const from = new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * DAY_MS)
                  .toISOString()
                  .slice(0, 10);
                return (
                  <li key={days}>
                    <Link
                      to={`?from=${from}&to=${today}`}
                      aria-current={overview.from === from && overview.to === today ? 'true' : undefined}
                    >
                      Last {days} days
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          {problem ? <Notice tone="refused">{problem}</Notice> : null}
          <h2 className="analytics-card-title">
            {overview.from} to {overview.to}, compared with {previous.from} to {previous.to}
          </h2>
          <dl className="analytics-totals">
            <div className="analytics-total">
              <dt>Visitors</dt>
              <dd>
                {overview.visitors}
                <small>{change(overview.visitors, previous.visitors)}</small>
                <small>Visitors over several days are a sum of daily uniques.</small>
              </dd>
            </div>
            <div className="analytics-total">
              <dt>Page views</dt>
              <dd>
                {overview.pageviews}
                <small>{change(overview.pageviews, previous.pageviews)}</small>
              </dd>
            </div>
            <div className="analytics-total">
              <dt>Demo requests from the site</dt>
              <dd>
                {overview.demo_visitors}
                <small>
                  {rate} % of visitors · {change(overview.demo_visitors, previous.demo_visitors)}
                </small>
              </dd>
            </div>
          </dl>
          <DailyChart days={overview.days} />
          <div className="analytics-grid-cards">
            <Funnel steps={overview.funnel} />
            <RankedTable title="Top pages" label="Page" rows={overview.top_pages} columns={['events', 'visitors']} />
            <RankedTable title="Devices" label="Device" rows={overview.devices} columns={['visitors']} />
            <RankedTable
              title="Site searches that found nothing"
              label="Query"
              rows={overview.searches_without_results}
              columns={['events', 'visitors']}
              empty="Every search in this period found something."
            />
            <RankedTable title="Events" label="Event" rows={overview.events} columns={['events', 'visitors']} />
          </div>
          <section className="analytics-conversions" aria-labelledby="what-converts">
            <h2 id="what-converts" className="analytics-card-title">
              What converts
            </h2>
            <p className="analytics-note">
              Visitors belong to the source, campaign and landing page of their first page of the day (a sum of daily
              uniques). Demo requests are those received in the period that came with it, spam left out; Booked have a
              time booked; In progress and Done are their status in the inbox. Rate is demo requests per visitor, then
              the same for {previous.from} to {previous.to}.
            </p>
            <ConversionTable
              title="Sources"
              label="Source"
              rows={overview.conversions.by_source}
              empty="No visits or demo requests in this period."
            />
            <ConversionTable
              title="Campaigns"
              label="utm_campaign"
              rows={overview.conversions.by_campaign}
              empty="No visits or demo requests with a utm_campaign tag in this period."
            />
            <ConversionTable
              title="Landing pages"
              label="Landing page"
              rows={overview.conversions.by_landing_page}
              empty="No visits or demo requests in this period."
            />
          </section>
        </div>
      </section>
    </>
  );
}
