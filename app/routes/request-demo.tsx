// /request-demo: Book a live demo of Haulora with our team.
import type { Route } from './+types/request-demo.ts';
import { PageHero } from '../components/ui/page-hero.tsx';
import { pageMeta } from '../lib/seo.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Book a demo', 'Book a live demo of Haulora with our team.');

export default function Page() {
  return (
    <PageHero eyebrow="Demo" title="Book a demo">
      <p>See Haulora with your own jobs, drivers and fleet in a live demo.</p>
    </PageHero>
  );
}
