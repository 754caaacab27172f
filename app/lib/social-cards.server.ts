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

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'" };
const unescapeHtml = (text: string) =>
  text.replace(/&(#x27|#39|amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]!);

/** A meta tag's content in rendered HTML (React writes attributes in the order given), or null. */
export function metaContent(html: string, attribute: 'name' | 'property', key: string): string | null {
  const value = new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];
  return value === undefined ? null : unescapeHtml(value);
}

function withoutBrand(title: string, brand: string): string {
  if (title.endsWith(` | ${brand}`)) return title.slice(0, -` | ${brand}`.length);
  // The home page's "Haulora: transport management for …" starts a sentence on the card.
  if (title.startsWith(`${brand}: `))
    return title.charAt(brand.length + 2).toUpperCase() + title.slice(brand.length + 3);
  return title;
}

/** What a page's card says: its title without the brand (the card shows the brand above it) and
 * its summary, read from the page's own meta tags so a card never disagrees with its page; null
 * when the head has no og:title or description. */
export function cardTextOf(head: string, brand: string): { title: string; summary: string } | null {
  const title = metaContent(head, 'property', 'og:title');
  const summary = metaContent(head, 'name', 'description');
  return title === null || summary === null ? null : { title: withoutBrand(title, brand), summary };
}

/** The card's text alternative: what it shows, the brand, the title and the summary. */
export const cardAlt = (brand: string, text: { title: string; summary: string }) =>
  `${brand}: ${text.title}. ${text.summary}`;
