// /docs: the Haulora manual: glossary, colour coding, buttons, video tutorials and API errors.
import type { Route } from './+types/docs.ts';
import { docsContent, tutorialsContent } from '../../content/docs.ts';
import { DocsManual } from '../components/sections/docs-manual.tsx';
import type { Tutorial } from '../components/sections/docs-references.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { appContext } from '../lib/app-context.ts';
import { pageMeta } from '../lib/seo.ts';
import type { RouteHandle } from '../lib/route-handle.ts';

/** Served from the page cache: the HTML depends only on the URL and the content. */
export const handle: RouteHandle = { cache: 'shared' };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Manual', 'The Haulora manual: glossary, job status colour coding, buttons and operations, video tutorials and API error responses.');

export function loader({ context }: Route.LoaderArgs) {
  const channel = context.get(appContext).site.links.tutorialsChannel;
  // Every tutorial link points at the configured channel, so none can go dead.
  const tutorials = tutorialsContent.map((tutorial, index): Tutorial => {
    const url = new URL(channel);
    url.searchParams.set('tutorial', String(index + 1).padStart(2, '0'));
    return { number: index + 1, title: tutorial.title, url: url.href };
  });
  return { docs: docsContent, tutorials };
}

export default function Docs({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Documentation" title="Manual">
        <p>References for everyday work in Haulora: what the colours and buttons mean, the terms we use, the video tutorials and the API's error responses.</p>
      </PageHero>
      <DocsManual docs={loaderData.docs} tutorials={loaderData.tutorials} />
    </>
  );
}
