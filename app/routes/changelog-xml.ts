// /changelog.xml: the changelog as an Atom 1.0 feed (RFC 4287), newest first, each entry linking
// its place on /changelog and naming the feature pages it changes.
import type { Route } from './+types/changelog-xml.ts';
import { appContext } from '../lib/app-context.ts';
import { pageCopy } from '../lib/page-copy.server.ts';
import { canonicalUrl } from '../lib/seo.ts';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** A release day as an Atom date: midnight UTC. */
const atomDate = (date: string) => `${date}T00:00:00Z`;

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { origin, site } = app;
  const [changelog, { features: featurePages }] = await Promise.all([
    pageCopy(app, 'changelog'),
    pageCopy(app, 'features'),
  ]);
  const page = canonicalUrl(origin, '/changelog');
  const entries = changelog.entries.map((entry) => {
    const features = entry.features
      .map((slug) => `<a href="${canonicalUrl(origin, `/${slug}`)}">${featurePages[slug].title}</a>`)
      .join(', ');
    const html = `${entry.body.map((paragraph) => `<p>${escapeXml(paragraph)}</p>`).join('')}<p>Changes: ${features}</p>`;
    return [
      '  <entry>',
      `    <id>${escapeXml(`${page}#${entry.id}`)}</id>`,
      `    <title>${escapeXml(`${entry.kind}: ${entry.title}`)}</title>`,
      `    <updated>${atomDate(entry.date)}</updated>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(`${page}#${entry.id}`)}"/>`,
      ...entry.features.map((slug) => `    <category term="${slug}" label="${escapeXml(featurePages[slug].title)}"/>`),
      `    <content type="html">${escapeXml(html)}</content>`,
      '  </entry>',
    ].join('\n');
  });
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-AU">',
    `  <id>${escapeXml(page)}</id>`,
    `  <title>${escapeXml(`${site.brand} changelog`)}</title>`,
    `  <subtitle>${escapeXml(changelog.page.description)}</subtitle>`,
    `  <updated>${atomDate(changelog.entries[0]!.date)}</updated>`,
    `  <author><name>${escapeXml(site.brand)}</name><email>${escapeXml(site.contact.email)}</email></author>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(canonicalUrl(origin, '/changelog.xml'))}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(page)}"/>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
  return new Response(xml, {
    headers: { 'content-type': 'application/atom+xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
