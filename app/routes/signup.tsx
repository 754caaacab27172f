// /signup: Ask for a Haulora account for your transport business.
import type { Route } from './+types/signup.ts';
import { PageHero } from '../components/ui/page-hero.tsx';
import { pageMeta } from '../lib/seo.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Sign up', 'Ask for a Haulora account for your transport business.');

export default function Page() {
  return (
    <PageHero eyebrow="Get started" title="Sign up">
      <p>Tell us about your fleet and we will set up your Haulora account.</p>
    </PageHero>
  );
}
