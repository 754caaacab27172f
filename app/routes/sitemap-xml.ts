// /sitemap.xml: every page of the site a search engine may index (SITEMAP_PATHS), with its
// absolute URL on the public origin (SITE_URL, else the request's) and, where the build knows it,
// when its content last changed (scripts/build-content-dates.ts, or the Content area's last publish).
import type { Route } from './+types/sitemap-xml.ts';
import { href } from 'react-router';
import { type AppContext, appContext } from '../lib/app-context.ts';
import { pageCopy } from '../lib/page-copy.server.ts';
import { canonicalUrl } from '../lib/seo.ts';
import { SITEMAP_PATHS } from '../lib/site-pages.ts';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The site's paths, with the stories and integrations the edited copy has (issue 31: a renamed
 * story is listed at its new slug), in place of the build's list. */
async function sitemapPaths(app: AppContext): Promise<string[]> {
  const [customers, integrations] = await Promise.all([pageCopy(app, 'customers'), pageCopy(app, 'integrations')]);
  const lists: [string, string[]][] = [
    [`${href('/customers')}/`, customers.stories.map(({ slug }) => href('/customers/:slug', { slug }))],
    [`${href('/integrations')}/`, integrations.integrations.map(({ slug }) => href('/integrations/:slug', { slug }))],
  ];
  return SITEMAP_PATHS.flatMap((path) => {
    const list = lists.find(([prefix]) => path.startsWith(prefix));
    if (!list) return [path];
    // The first of the build's items stands for the whole list; the others are left out.
    return SITEMAP_PATHS.find((other) => other.startsWith(list[0])) === path ? list[1] : [];
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { origin, contentDates } = app;
  const [paths, edited] = await Promise.all([sitemapPaths(app), app.pages.pathDates()]);
  const urls = paths.map((path) => {
    // The later of the build's date and the Content area's last publish of the page.
    const build = contentDates[path];
    const publish = edited[path]?.replace(/\.\d+Z$/, 'Z');
    const date = publish && (!build || Date.parse(publish) > Date.parse(build)) ? publish : build;
    const lastmod = date ? `<lastmod>${escapeXml(date)}</lastmod>` : '';
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
