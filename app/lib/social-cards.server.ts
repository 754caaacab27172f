// Each public page's Open Graph card (scripts/build-social-cards.ts draws them at build time).
// The cards of one build share a folder named by a hash of their bytes, so they are served as
// immutable assets and a changed card gets a new address. The build writes a manifest of them
// beside the client and server builds (not served); the server reads it at start
// (server/build-data.ts) and app/lib/head-additions.server.ts names the page's card in its head.
import { SITEMAP_PATHS } from './site-pages.ts';

export const SOCIAL_CARD_WIDTH = 1200;
export const SOCIAL_CARD_HEIGHT = 630;

export const SOCIAL_CARDS_MANIFEST = 'social-cards.json';

/** One page's card: its path on the site and its text alternative. */
export type SocialCard = { image: string; alt: string };
/** The manifest: page path → card. */
export type SocialCards = Record<string, SocialCard>;

/** Every public page has a card: the pages the sitemap lists. */
export const SOCIAL_CARD_PATHS = SITEMAP_PATHS;

/** The card's file name for a page path: /jobs → jobs.png. */
export const socialCardFile = (pathname: string) => `${pathname.replace(/^\/+|\/+$/g, '').replace(/\//g, '-')}.png`;
