// Where each public page's Open Graph card is (scripts/build-social-cards.ts draws them at build
// time). The cards of one build share a folder named by a hash of their bytes, so they are served
// as immutable assets and a changed card gets a new address; the server reads that folder from the
// build's manifest and the root loader hands it to every page's meta (app/lib/seo.ts).
import { SITEMAP_PATHS } from './site-pages.ts';

export const SOCIAL_CARD_WIDTH = 1200;
export const SOCIAL_CARD_HEIGHT = 630;

/** The manifest the build writes beside the client and server builds (not served). */
export const SOCIAL_CARDS_MANIFEST = 'social-cards.json';
export type SocialCardsManifest = {
  /** The cards' folder as a path on the site, ending in a slash: /assets/social/<hash>/. */
  base: string;
};

/** Every public page has a card: the pages the sitemap lists. */
export const SOCIAL_CARD_PATHS = SITEMAP_PATHS;

/** The card's file name for a page path: /jobs → jobs.png. */
export const socialCardFile = (pathname: string) => `${pathname.replace(/^\/+|\/+$/g, '').replace(/\//g, '-')}.png`;

/** The card's path on the site for a page, or undefined for a page without one (or no build). */
export function socialCardPath(base: string | undefined, pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!base || !SOCIAL_CARD_PATHS.includes(path)) return undefined;
  return `${base}${socialCardFile(path)}`;
}
