// /sign-in: Sign in to Haulora as a staff member.
import type { Route } from './+types/sign-in.ts';
import { PageHero } from '../components/ui/page-hero.tsx';
import { pageMeta } from '../lib/seo.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Sign in', 'Sign in to Haulora as a staff member.');

export default function Page() {
  return (
    <PageHero eyebrow="Staff" title="Sign in">
      <p>Sign in with your Haulora staff account.</p>
    </PageHero>
  );
}
