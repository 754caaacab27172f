// /sitemap.xml: every page of the site a search engine may index (SITEMAP_PATHS), with its
// absolute URL on the public origin (SITE_URL, else the request's) and, where the build knows it,
// when its content last changed (scripts/build-content-dates.ts).
import type { Route } from './+types/sitemap-xml.ts';
import { appContext } from '../lib/app-context.ts';
import { canonicalUrl } from '../lib/seo.ts';
import { SITEMAP_PATHS } from '../lib/site-pages.ts';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function loader({ context }: Route.LoaderArgs) {
  const { origin, contentDates } = context.get(appContext);
  const urls = SITEMAP_PATHS.map((path) => {
    const lastmod = contentDates[path] ? `<lastmod>${escapeXml(contentDates[path])}</lastmod>` : '';
    return `  <url><loc>${escapeXml(canonicalUrl(origin, path))}</loc>${lastmod}</url>`;
  });
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
  return new Response(xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
