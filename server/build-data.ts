// Facts the build writes beside the client and server builds (not served), read once at start:
// the social cards (scripts/build-social-cards.ts), the product screens (scripts/build-screens.ts)
// and when each page's content last changed
// (scripts/build-content-dates.ts). A build made without them, or the dev server, has none: pages
// then carry no og:image and the sitemap no lastmod.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NO_SCREENS, type ScreenManifest, SCREENS_MANIFEST } from '../app/lib/screens-manifest.ts';
import { SOCIAL_CARDS_MANIFEST, type SocialCards } from '../app/lib/social-cards.server.ts';

export const CONTENT_DATES_FILE = 'content-dates.json';
/** Page path → ISO 8601 date of its content's last change. */
export type ContentDates = Record<string, string>;

export type BuildData = { socialCards: SocialCards; contentDates: ContentDates; screens: ScreenManifest };

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
    screens: readJson<ScreenManifest>(buildDir, SCREENS_MANIFEST) ?? NO_SCREENS,
  };
}
