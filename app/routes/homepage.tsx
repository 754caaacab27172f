// /homepage: the components showcase, the living style guide of the site's own components, in
// three views (spec 2): homepage, basic elements and navigation. The view is in the URL
// (?view=basic-elements), so the server renders it and a link or a reload returns to it.
import { lazy, Suspense, useState } from 'react';
import { href, useSearchParams } from 'react-router';
import type { Route } from './+types/homepage.ts';
import { featuresContent } from '../../content/features.ts';
import { showcaseContent } from '../../content/showcase.ts';
import type { FeatureCard } from '../components/sections/feature-grid.tsx';
import { HomepageView } from '../components/sections/showcase/homepage-view.tsx';
import '../components/sections/showcase/showcase.css';
import { PageHero } from '../components/ui/page-hero.tsx';
import { Tabs } from '../components/ui/tabs.tsx';
import { toIsoDate } from '../lib/calendar.ts';
import { HydratesLate, isPageHydrated } from '../lib/use-hydrated.ts';
import { pageMeta } from '../lib/seo.ts';
import { loadOrOpenPage } from '../lib/load-or-open-page.ts';
import type { RouteHandle } from '../lib/route-handle.ts';

// The other two views' code (the form controls, the date picker, pagination; breadcrumbs and the
// header's parts) loads only where one of them is shown: the default view fetched it all,
// 147 KB of JavaScript and 26 requests (issue 32's budget: 140 KB, 25). The server renders
// the view the URL names, and only that one, in full (entry.server.tsx waits for everything); in
// the browser a lazy view hydrates once its file is here, and a switch of tabs (a navigation, so
// a transition) keeps the view shown until the next one's file has come.
// A view whose file cannot be fetched opens from its URL, rendered whole by the server.
const BasicElementsView = lazy(
  loadOrOpenPage(
    () =>
      import('../components/sections/showcase/basic-elements-view.tsx').then(({ BasicElementsView }) => ({
        default: BasicElementsView,
      })),
    () => viewUrl('basic-elements'),
  ),
);
const NavigationView = lazy(
  loadOrOpenPage(
    () =>
      import('../components/sections/showcase/navigation-view.tsx').then(({ NavigationView }) => ({
        default: NavigationView,
      })),
    () => viewUrl('navigation'),
  ),
);

/** Served from the page cache: the HTML depends only on the URL and the content. */
export const handle: RouteHandle = { cache: 'shared' };

const VIEWS = ['homepage', 'basic-elements', 'navigation'] as const;
type View = (typeof VIEWS)[number];
const DEFAULT_VIEW: View = 'homepage';

const viewFrom = (param: string | null): View => VIEWS.find((view) => view === param) ?? DEFAULT_VIEW;
const viewUrl = (view: View) => (view === DEFAULT_VIEW ? href('/homepage') : `${href('/homepage')}?view=${view}`);

/** Three of the features page's cards, as the cards sample. */
const SAMPLE_FEATURES = ['jobs', 'fleet', 'fuel'] as const;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(
    args,
    'Components',
    'The living style guide of the Haulora website: page sections, buttons, form controls, date picker, pagination, tabs and navigation.',
  ),
  // An internal or campaign page: reachable (spec 2), but not for search results (issue 28).
  { name: 'robots', content: 'noindex' },
];

export function loader() {
  const cards = SAMPLE_FEATURES.map((slug): FeatureCard => {
    const { title, summary, icon } = featuresContent.features[slug];
    return { path: `/${slug}`, title, summary, icon };
  });
  // Today comes from the server so the date picker draws the same month on both sides.
  return { content: showcaseContent, cards, today: toIsoDate(new Date()) };
}

export default function Showcase({ loaderData }: Route.ComponentProps) {
  const { content, cards, today } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const view = viewFrom(searchParams.get('view'));
  // The tabs hydrate after the page (their boundary waits for its own turn, and for a lazy view's
  // file): their first render must match the server's HTML, as a late form's does.
  const [hydratesLate] = useState(() => !isPageHydrated());
  const views = {
    homepage: content.views.homepage,
    'basic-elements': content.views.basicElements,
    navigation: content.views.navigation,
  };

  function select(next: View) {
    setSearchParams(next === DEFAULT_VIEW ? {} : { view: next }, {
      replace: true,
      preventScrollReset: true,
      defaultShouldRevalidate: false,
    });
  }

  return (
    <>
      <PageHero eyebrow="Design" title="Components">
        <p>
          The living style guide of this site: every piece below is the component the pages use, shown with real
          content.
        </p>
      </PageHero>
      <div className="container showcase">
        {/* Around the tabs, not inside a panel: a boundary already on screen, so a switch waits for
            the next view's file with the current view shown instead of an empty panel. */}
        <Suspense>
          <HydratesLate value={hydratesLate}>
            <Tabs
              label="Component groups"
              selected={view}
              onSelect={select}
              hrefFor={viewUrl}
              items={VIEWS.map((id) => ({
                id,
                label: views[id].label,
                // Only the view shown is drawn (each tab is also a link to its view's URL).
                content: id === view && (
                  <>
                    <p className="showcase-intro">{views[id].intro}</p>
                    {id === 'homepage' ? <HomepageView content={content} cards={cards} /> : null}
                    {id === 'basic-elements' ? <BasicElementsView content={content} today={today} /> : null}
                    {id === 'navigation' ? <NavigationView content={content} /> : null}
                  </>
                ),
              }))}
            />
          </HydratesLate>
        </Suspense>
      </div>
    </>
  );
}
