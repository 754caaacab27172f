// Reads the social cards' folder from the production build's manifest (app/lib/social-cards.ts).
// A build made without cards (or the dev server) has none: pages then carry no og:image.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SOCIAL_CARDS_MANIFEST, type SocialCardsManifest } from '../app/lib/social-cards.ts';

export function readSocialCardBase(buildDir: string): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(join(buildDir, SOCIAL_CARDS_MANIFEST), 'utf8')) as SocialCardsManifest;
    return /^\/assets\/social\/[0-9a-f]+\/$/.test(manifest.base) ? manifest.base : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
