// /nucleoicons: The icon set used across the Haulora website.
import type { Route } from './+types/nucleoicons.ts';
import { PageHero } from '../components/ui/page-hero.tsx';
import { pageMeta } from '../lib/seo.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Icons', 'The icon set used across the Haulora website.');

export default function Page() {
  return (
    <PageHero eyebrow="Design" title="Icons">
      <p>The icons used across this site.</p>
    </PageHero>
  );
}
