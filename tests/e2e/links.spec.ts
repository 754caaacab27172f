// No broken internal link anywhere: a crawler fetches /home and every page in the sitemap, follows
// every same-origin link in their HTML, and expects no answer in the 4xx or 5xx range. mailto:,
// tel: and other sites are skipped; a link with a hash is checked as its page.
import { expect, test } from './fixtures.ts';

/** Enough for every page and the query variants pages link to, small enough to stop a runaway. */
const MAX_URLS = 400;

const decode = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** The href of every <a> in the HTML. */
const anchorHrefs = (html: string) =>
  [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((match) => decode(match[1]!));

test('every same-origin link answers without an error', async ({ request, baseURL }) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const seeds = ['/home', ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)];

  const queue = [...new Set(seeds)].map((path) => ({ url: new URL(path, origin).href, from: 'start' }));
  const seen = new Set(queue.map((item) => item.url));
  const broken: string[] = [];
  let checked = 0;

  while (queue.length > 0) {
    const { url, from } = queue.shift()!;
    checked += 1;
    const response = await request.get(url);
    if (response.status() >= 400) {
      broken.push(`${url} answered ${response.status()} (linked from ${from})`);
      continue;
    }
    if (!(response.headers()['content-type'] ?? '').includes('text/html')) continue;
    for (const link of anchorHrefs(await response.text())) {
      if (!link || link.startsWith('#') || /^(mailto|tel|javascript):/i.test(link)) continue;
      const target = new URL(link, url);
      if (target.origin !== origin) continue;
      target.hash = '';
      if (seen.has(target.href)) continue;
      seen.add(target.href);
      expect(seen.size, 'the crawl stays within a sane number of URLs').toBeLessThanOrEqual(MAX_URLS);
      queue.push({ url: target.href, from: url });
    }
  }

  expect(broken).toEqual([]);
  expect(checked).toBeGreaterThanOrEqual(seeds.length);
});
