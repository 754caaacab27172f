// /homepage: the components showcase, the living style guide of the site's own components, in
// three views (spec 2): homepage, basic elements and navigation. The view is in the URL
// (?view=basic-elements), so the server renders it and a link or a reload returns to it.
import { href, useSearchParams } from 'react-router';
import type { Route } from './+types/homepage.ts';
import { featuresContent } from '../../content/features.ts';
import { showcaseContent } from '../../content/showcase.ts';
import type { FeatureCard } from '../components/sections/feature-grid.tsx';
import { BasicElementsView } from '../components/sections/showcase/basic-elements-view.tsx';
import { HomepageView } from '../components/sections/showcase/homepage-view.tsx';
import { NavigationView } from '../components/sections/showcase/navigation-view.tsx';
import '../components/sections/showcase/showcase.css';
import { PageHero } from '../components/ui/page-hero.tsx';
import { Tabs } from '../components/ui/tabs.tsx';
import { toIsoDate } from '../lib/calendar.ts';
import { pageMeta } from '../lib/seo.ts';
import type { RouteHandle } from '../lib/route-handle.ts';

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
        <Tabs
          label="Component groups"
          selected={view}
          onSelect={select}
          hrefFor={viewUrl}
          items={VIEWS.map((id) => ({
            id,
            label: views[id].label,
            content: (
              <>
                <p className="showcase-intro">{views[id].intro}</p>
                {id === 'homepage' ? <HomepageView content={content} cards={cards} /> : null}
                {id === 'basic-elements' ? <BasicElementsView content={content} today={today} /> : null}
                {id === 'navigation' ? <NavigationView content={content} /> : null}
              </>
            ),
          }))}
        />
      </div>
    </>
  );
}
