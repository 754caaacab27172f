// /docs: the Haulora manual: glossary, colour coding, buttons, video tutorials and API errors.
import type { Route } from './+types/docs.ts';
import { DocsManual } from '../components/sections/docs-manual.tsx';
import type { Tutorial } from '../components/sections/docs-references.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { appContext } from '../lib/app-context.ts';
import { pageCopy } from '../lib/page-copy.server.ts';
import { createTermLinker, linkDocsCopy } from '../lib/glossary-links.server.ts';
import { tutorialLinks } from '../lib/related-content.server.ts';
import { pageMeta } from '../lib/seo.ts';
import type { RouteHandle } from '../lib/route-handle.ts';

/** Served from the page cache: the HTML depends only on the URL and the content. */
export const handle: RouteHandle = { cache: 'shared' };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    'Manual',
    'The Haulora manual: glossary, job status colour coding, buttons and operations, video tutorials and API error responses.',
  );

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { site, content } = app;
  const [docs, tutorialCopy, { features: featurePages }] = await Promise.all([
    pageCopy(app, 'docs'),
    pageCopy(app, 'tutorials'),
    pageCopy(app, 'features'),
  ]);
  // Each tutorial under the feature it covers first (the manual groups them by feature).
  const tutorials = tutorialLinks(site.links.tutorialsChannel, tutorialCopy).map(
    ({ number, title, url, features }): Tutorial => {
      const feature = features[0]!;
      return { number, title, url, feature: { path: `/${feature}`, title: featurePages[feature].title } };
    },
  );
  return { docs: linkDocsCopy(docs, createTermLinker(await content.listGlossary())), tutorials };
}

export default function Docs({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Documentation" title="Manual">
        <p>
          References for everyday work in Haulora: what the colours and buttons mean, the terms we use, the video
          tutorials and the API's error responses.
        </p>
      </PageHero>
      <DocsManual docs={loaderData.docs} tutorials={loaderData.tutorials} />
    </>
  );
}
