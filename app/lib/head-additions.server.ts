// What the server adds to every page's <head> outside React: the page's social card tags and its
// JSON-LD. Crawlers and link previews read them from the first answer; the browser never needs
// them, so they cost the page no JavaScript and no loader data (React 19 leaves tags it did not
// render in the head alone when it hydrates). They describe the URL that was loaded, which is
// the only one a crawler or a link preview ever sees. entry.server.tsx inserts them with
// insert-before-head-end.server.ts.
import type { SiteSettings } from '../../content/schema.ts';
import { cardAlt, cardTextOf, SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH, type SocialCards } from './social-cards.server.ts';
import { type StructuredCopy, structuredDataFor } from './structured-data.server.ts';

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export type HeadAdditionsInput = {
  pathname: string;
  site: SiteSettings;
  origin: string;
  socialCards: SocialCards;
  /** The address of a card drawn on demand (the page was edited since the build). */
  liveCardUrl(text: { title: string; summary: string }): string;
  nonce: string | undefined;
  /** The copy the JSON-LD names, as the pages render it. */
  copy: StructuredCopy;
};

/** The page's card as og:image and a large Twitter card; a plain summary card without one. `head`
 * is the page's rendered head: when its title or summary is no longer what the build drew (the
 * Content area changed it), the card is one drawn on demand from the head's own words. */
export function socialCardTags(
  { pathname, origin, socialCards, site, liveCardUrl }: HeadAdditionsInput,
  head = '',
): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const built = Object.hasOwn(socialCards, path) ? socialCards[path] : undefined;
  if (!built) return '<meta name="twitter:card" content="summary"/>';
  const text = cardTextOf(head, site.brand);
  const alt = text ? cardAlt(site.brand, text) : built.alt;
  const card = !text || alt === built.alt ? built : { image: liveCardUrl(text), alt };
  const tags: [string, string, string][] = [
    ['property', 'og:image', new URL(card.image, origin).href],
    ['property', 'og:image:type', 'image/png'],
    ['property', 'og:image:width', String(SOCIAL_CARD_WIDTH)],
    ['property', 'og:image:height', String(SOCIAL_CARD_HEIGHT)],
    ['property', 'og:image:alt', card.alt],
    ['name', 'twitter:card', 'summary_large_image'],
  ];
  return tags
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeAttribute(value)}"/>`)
    .join('');
}

/** The JSON-LD blocks, each a data script under the response's nonce like every script we send
 * (the CSP never runs application/ld+json), with `<` escaped so no text can close it early. */
export function structuredDataScripts({ pathname, site, origin, nonce, copy }: HeadAdditionsInput): string {
  const nonceAttribute = nonce ? ` nonce="${escapeAttribute(nonce)}"` : '';
  return structuredDataFor(pathname, site, origin, copy)
    .map(
      (block) =>
        `<script type="application/ld+json"${nonceAttribute}>${JSON.stringify(block).replace(/</g, '\\u003c')}</script>`,
    )
    .join('');
}
