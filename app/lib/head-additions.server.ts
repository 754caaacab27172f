// What the server adds to every page's <head> outside React: the page's social card tags and its
// JSON-LD. Crawlers and link previews read them from the first answer; the browser never needs
// them, so they cost the page no JavaScript and no loader data (React 19 leaves tags it did not
// render in the head alone when it hydrates). They describe the URL that was loaded, which is
// the only one a crawler or a link preview ever sees. entry.server.tsx inserts them with
// insert-before-head-end.server.ts.
import type { SiteSettings } from '../../content/schema.ts';
import { SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH, type SocialCards } from './social-cards.server.ts';
import { type StructuredCopy, structuredDataFor } from './structured-data.server.ts';

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export type HeadAdditionsInput = {
  pathname: string;
  site: SiteSettings;
  origin: string;
  socialCards: SocialCards;
  nonce: string | undefined;
  /** The copy the JSON-LD names, as the pages render it. */
  copy: StructuredCopy;
};

/** The page's card as og:image and a large Twitter card; a plain summary card without one. */
export function socialCardTags({ pathname, origin, socialCards }: HeadAdditionsInput): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const card = Object.hasOwn(socialCards, path) ? socialCards[path] : undefined;
  if (!card) return '<meta name="twitter:card" content="summary"/>';
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
