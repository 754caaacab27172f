// /offer: The Haulora plans and what each includes.
import type { Route } from './+types/offer.ts';
import { PageHero } from '../components/ui/page-hero.tsx';
import { pageMeta } from '../lib/seo.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Plans on offer', 'The Haulora plans and what each includes.');

export default function Page() {
  return (
    <PageHero eyebrow="Pricing" title="Plans on offer">
      <p>Every plan includes the driver app, dispatch and invoicing.</p>
    </PageHero>
  );
}
