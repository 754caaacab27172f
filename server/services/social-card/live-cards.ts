// Social cards of pages edited since the build (issue 31): the build draws every page's card from
// its meta tags (scripts/build-social-cards.ts); when the Content area changes a title or summary,
// the page's head names a card drawn on demand instead, at /social/card.png with the text in the
// query and an HMAC of it, so the address is the text (a link preview caches it for good) and
// only text the site's own pages produced can be drawn (never an image of any words a stranger
// puts in a URL). Each instance keeps the last cards it drew; drawing one takes ~50-100 ms of
// sharp's thread pool, once per text.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { renderSocialCard } from './draw.ts';

export const LIVE_CARD_PATH = '/social/card.png';
/** Longer texts are never produced by the page schemas' limits; refused before any work. */
const MAX_TEXT = 400;
/** Cards kept per instance (a PNG is ~30-60 KB). */
const KEPT = 64;

export type CardText = { title: string; summary: string };

export function createLiveCards(options: { secret: string; brand: string }) {
  // A key of its own, derived from the token secret: a card's signature can never be a token's.
  const key = createHmac('sha256', options.secret).update('haulora social card v1').digest();
  const signatureOf = (text: CardText) =>
    createHmac('sha256', key).update(text.title).update('\0').update(text.summary).digest('base64url').slice(0, 32);
  const drawn = new Map<string, Promise<Buffer>>();

  return {
    /** The address of the card for `text` (relative to the site's origin). */
    url(text: CardText): string {
      const query = new URLSearchParams({ title: text.title, summary: text.summary, sig: signatureOf(text) });
      return `${LIVE_CARD_PATH}?${query}`;
    },

    /** The card's PNG when `query` was signed here, else null. */
    async png(query: Record<string, unknown>): Promise<Buffer | null> {
      const { title, summary, sig } = query;
      if (typeof title !== 'string' || typeof summary !== 'string' || typeof sig !== 'string') return null;
      if (title.length > MAX_TEXT || summary.length > MAX_TEXT) return null;
      const expected = Buffer.from(signatureOf({ title, summary }));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let card = drawn.get(sig);
      if (!card) {
        card = renderSocialCard({ brand: options.brand, title, summary });
        // A failed drawing is not kept: the next request tries again.
        card.catch(() => drawn.delete(sig));
        if (drawn.size >= KEPT) drawn.delete(drawn.keys().next().value!);
        drawn.set(sig, card);
      }
      return card;
    },
  };
}
export type LiveCards = ReturnType<typeof createLiveCards>;
