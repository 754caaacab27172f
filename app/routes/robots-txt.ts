// /robots.txt: crawlers are welcome everywhere but the API, and told where the sitemap is. The
// Sitemap line must be an absolute URL, on the public origin (SITE_URL, else the request's), so
// this is a route rather than a static file.
import { href } from 'react-router';
import type { Route } from './+types/robots-txt.ts';
import { appContext } from '../lib/app-context.ts';
import { canonicalUrl } from '../lib/seo.ts';

export function loader({ context }: Route.LoaderArgs) {
  const { origin } = context.get(appContext);
  const text = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    '',
    `Sitemap: ${canonicalUrl(origin, href('/sitemap.xml'))}`,
    '',
  ].join('\n');
  return new Response(text, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
