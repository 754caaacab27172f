// /manifest.webmanifest: what a browser needs to install the site or pin it to a home screen:
// the brand's name, the icons drawn from the favicon at build (app/lib/site-icons.ts), the
// navbar's navy as the theme colour, and the home page to open. Linked from the root layout.
import { href } from 'react-router';
import type { Route } from './+types/manifest-webmanifest.ts';
import { appContext } from '../lib/app-context.ts';
import { SITE_ICONS } from '../lib/site-icons.ts';

/** --color-navy-950 (app/styles/tokens.css), as the root layout's theme-color meta. */
export const THEME_COLOUR = '#07142b';

export function loader({ context }: Route.LoaderArgs) {
  const { site } = context.get(appContext);
  const manifest = {
    name: site.brand,
    short_name: site.brand,
    description: site.tagline,
    lang: 'en-AU',
    id: href('/home'),
    start_url: href('/home'),
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: '#ffffff',
    icons: SITE_ICONS.filter((icon) => icon.size >= 192).map((icon) => ({
      src: icon.path,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      // The mark sits well inside the safe zone of a masked icon, on a full square of its blue.
      purpose: 'any maskable',
    })),
  };
  return new Response(JSON.stringify(manifest), {
    headers: { 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
