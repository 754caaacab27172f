// Reads the social cards' manifest from the production build (app/lib/social-cards.server.ts).
// A build made without cards (or the dev server) has none: pages then carry no og:image.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SOCIAL_CARDS_MANIFEST, type SocialCards } from '../app/lib/social-cards.server.ts';

export function readSocialCards(buildDir: string): SocialCards {
  try {
    return JSON.parse(readFileSync(join(buildDir, SOCIAL_CARDS_MANIFEST), 'utf8')) as SocialCards;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}
