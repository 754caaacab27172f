// /landing: Haulora brings bookings, dispatch, drivers and invoicing together for transport businesses.
import type { Route } from './+types/landing.ts';
import { PageHero } from '../components/ui/page-hero.tsx';
import { pageMeta } from '../lib/seo.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Run every load from one screen', 'Haulora brings bookings, dispatch, drivers and invoicing together for transport businesses.');

export default function Page() {
  return (
    <PageHero eyebrow="Haulora TMS" title="Run every load from one screen">
      <p>Bookings, dispatch, drivers, fleet and invoicing in one system, with a driver app for every job.</p>
    </PageHero>
  );
}
