// Draws every public page's Open Graph card (server/services/social-card/draw.ts) after the React build.
// The text is what the page itself says in its meta tags, rendered through the production app
// in-process, so a card never disagrees with its page. The cards go to
// <BUILD_DIR>/client/assets/social/<hash>/<page>.png (the hash covers every card, so a changed card
// is a new address and the folder is served as immutable), and each card's address and text
// alternative to <BUILD_DIR>/social-cards.json, which the server reads at start
// (server/build-data.ts).
//
// Run by `npm run build` after `react-router build`.
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  cardAlt,
  cardTextOf,
  SOCIAL_CARD_PATHS,
  SOCIAL_CARDS_MANIFEST,
  socialCardFile,
  type SocialCards,
} from '../app/lib/social-cards.server.ts';
import { buildDir, clientBuildDir } from '../server/paths.ts';
import { renderPage, withBuildTimeApp } from './lib/build-time-app.ts';
import { renderSocialCard } from '../server/services/social-card/draw.ts';

const cards = await withBuildTimeApp(async (app, config) => {
  const { brand } = config.site;
  const drawn: { path: string; png: Buffer; alt: string }[] = [];
  for (const path of SOCIAL_CARD_PATHS) {
    const html = await renderPage(app, path, 'the social cards');
    const text = cardTextOf(html, brand);
    if (!text) throw new Error(`${path} has no og:title or description meta tag; its social card needs both`);
    drawn.push({ path, png: await renderSocialCard({ brand, ...text }), alt: cardAlt(brand, text) });
  }
  return drawn;
});

const hash = createHash('sha256');
for (const card of cards) hash.update(card.path).update(card.png);
const folder = hash.digest('hex').slice(0, 12);
const socialDir = join(clientBuildDir, 'assets', 'social');
await rm(socialDir, { recursive: true, force: true });
await mkdir(join(socialDir, folder), { recursive: true });
for (const card of cards) await writeFile(join(socialDir, folder, socialCardFile(card.path)), card.png);
const manifest: SocialCards = Object.fromEntries(
  cards.map((card) => [card.path, { image: `/assets/social/${folder}/${socialCardFile(card.path)}`, alt: card.alt }]),
);
await writeFile(join(buildDir, SOCIAL_CARDS_MANIFEST), `${JSON.stringify(manifest)}\n`);
console.log(`social cards: ${cards.length} pages into ${join(socialDir, folder)}`);
