// /homepage: The living style guide of the Haulora website components.
import type { Route } from './+types/homepage.ts';
import { PageHero } from '../components/ui/page-hero.tsx';
import { pageMeta } from '../lib/seo.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Components', 'The living style guide of the Haulora website components.');

export default function Page() {
  return (
    <PageHero eyebrow="Design" title="Components">
      <p>The components this site is built from.</p>
    </PageHero>
  );
}
