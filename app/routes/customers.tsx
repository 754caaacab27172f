// /customers: the customer stories, as cards with each operator's headline figure.
import { href } from 'react-router';
import type { Route } from './+types/customers.ts';
import { CtaBand } from '../components/sections/cta-band.tsx';
import { StoryCards } from '../components/sections/proof/story-cards.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { storyCard } from '../lib/proof.server.ts';
import { appContext } from '../lib/app-context.ts';
import { pageCopy } from '../lib/page-copy.server.ts';
import type { RouteHandle } from '../lib/route-handle.ts';
import { pageMeta } from '../lib/seo.ts';

/** Served from the page cache: the HTML depends only on the URL and the content. */
export const handle: RouteHandle = { cache: 'shared' };

export async function loader({ context }: Route.LoaderArgs) {
  const customers = await pageCopy(context.get(appContext), 'customers');
  return { page: customers.page, stories: customers.stories.map(storyCard) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData?.page.title ?? 'Customer stories', args.loaderData?.page.description ?? '');

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { page, stories } = loaderData;
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title}>
        <p>{page.lede}</p>
      </PageHero>
      <section className="section" aria-label="Stories">
        <div className="container">
          <StoryCards stories={stories} level={2} />
        </div>
      </section>
      <CtaBand
        title={page.ctaHeading}
        tone="panel"
        actions={<ButtonLink to={href('/request-demo')}>Book a Demo</ButtonLink>}
      >
        <p>{page.ctaText}</p>
      </CtaBand>
    </>
  );
}
