// Facts the build writes beside the client and server builds (not served), read once at start:
// the social cards (scripts/build-social-cards.ts) and when each page's content last changed
// (scripts/build-content-dates.ts). A build made without them, or the dev server, has none: pages
// then carry no og:image and the sitemap no lastmod.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SOCIAL_CARDS_MANIFEST, type SocialCards } from '../app/lib/social-cards.server.ts';

export const CONTENT_DATES_FILE = 'content-dates.json';
/** Page path → ISO 8601 date of its content's last change. */
export type ContentDates = Record<string, string>;

export type BuildData = { socialCards: SocialCards; contentDates: ContentDates };

function readJson<T extends object>(buildDir: string, file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(join(buildDir, file), 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export function readBuildData(buildDir: string): BuildData {
  return {
    socialCards: readJson<SocialCards>(buildDir, SOCIAL_CARDS_MANIFEST) ?? {},
    contentDates: readJson<ContentDates>(buildDir, CONTENT_DATES_FILE) ?? {},
  };
}
