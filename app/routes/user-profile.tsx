// /user-profile: the signed-in staff member's profile; asks to sign in when signed out.
import type { Route } from './+types/user-profile.ts';
import { StaffProfile } from '../components/sections/staff-profile.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { appContext } from '../lib/app-context.ts';
import { pageCopy } from '../lib/page-copy.server.ts';
import { pageMeta } from '../lib/seo.ts';
import type { RouteHandle } from '../lib/route-handle.ts';
import { staffLinks } from '../lib/staff-styles.ts';

export const links = staffLinks;

/** Served from the page cache: the HTML depends only on the URL and the content. */
export const handle: RouteHandle = { cache: 'shared' };

export function loader({ context }: Route.LoaderArgs) {
  return pageCopy(context.get(appContext), 'user-profile');
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.loaderData?.page.title ?? 'Your profile', args.loaderData?.page.description ?? ''),
  // A personal page: nothing in it for a search engine.
  { name: 'robots', content: 'noindex' },
];

export default function UserProfile({ loaderData }: Route.ComponentProps) {
  const { page, ...copy } = loaderData;
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} />
      <section className="section">
        <div className="container">
          <StaffProfile copy={copy} />
        </div>
      </section>
    </>
  );
}
