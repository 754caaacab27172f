// /user-profile: Your Haulora staff profile.
import type { Route } from './+types/user-profile.ts';
import { PageHero } from '../components/ui/page-hero.tsx';
import { pageMeta } from '../lib/seo.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Your profile', 'Your Haulora staff profile.');

export default function Page() {
  return (
    <PageHero eyebrow="Staff" title="Your profile">
      <p>Sign in to see your staff profile.</p>
    </PageHero>
  );
}
