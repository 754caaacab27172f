// /nucleoicons: the icon gallery (spec 2). It hides the main navbar and the footer while shown;
// the layout (app/root.tsx) reads the handle, so both come back on leaving.
import { ArrowLeft } from 'lucide-react';
import { href } from 'react-router';
import type { Route } from './+types/nucleoicons.ts';
import { IconGallery } from '../components/sections/icon-gallery.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import type { RouteHandle } from '../lib/route-handle.ts';
import { pageMeta } from '../lib/seo.ts';

export const handle: RouteHandle = { hideNavbar: true, hideFooter: true, cache: 'shared' };

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(
    args,
    'Icons',
    'The icon set used across the Haulora website, built with Lucide: about a hundred icons by name.',
  ),
  // An internal or campaign page: reachable (spec 2), but not for search results (issue 28).
  { name: 'robots', content: 'noindex' },
];

export default function Icons() {
  return (
    <>
      <PageHero eyebrow="Design" title="Icons">
        <p>
          Built with Lucide, the open-source icon library this site and the Haulora TMS draw their icons from. Filter by
          name and select an icon to copy its name.
        </p>
        {/* There is no navbar on this page, so the way back is here. */}
        <p className="icons-back">
          <ButtonLink to={href('/home')} variant="inverse" size="sm">
            <ArrowLeft aria-hidden="true" />
            Back to the site
          </ButtonLink>
        </p>
      </PageHero>
      <div className="container icons-body">
        <IconGallery />
      </div>
    </>
  );
}
