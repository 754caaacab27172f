// /features: Every module of the Haulora transport management system.
import type { Route } from './+types/features.ts';
import { PageHero } from '../components/ui/page-hero.tsx';
import { pageMeta } from '../lib/seo.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Features', 'Every module of the Haulora transport management system.');

export default function Page() {
  return (
    <PageHero eyebrow="Product" title="Features">
      <p>The 18 modules of Haulora, from the dashboard to help.</p>
    </PageHero>
  );
}
