// Edited page copy reaches what used to be read from the files (issue 31, decision 055), against
// the production build: the JSON-LD (the plans of SoftwareApplication, a feature page's
// BreadcrumbList), the feature pages' previous/next titles, and the sitemap's story paths and
// lastmod, and the social card (drawn from the edited words). A draft reaches none of them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { FEATURE_SLUGS } from '../../content/feature-slugs.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { signInAs, type StaffClient } from '../helpers/staff.ts';

let server: TestServer;
let admin: StaffClient;
let visitor: ApiClient;
before(async () => {
  server = await startServer({}, { pages: true });
  admin = await signInAs(server, 'editor');
  visitor = new ApiClient(server.url);
});
after(() => server.close());

type Page = { version: number; document: Record<string, any> };
async function edit(id: string, change: (document: Record<string, any>) => void, status = 'published') {
  const { document, version } = (await admin.get(`/api/content/pages/${id}`)).body as Page;
  change(document);
  const saved = await admin.call('PUT', `/api/content/pages/${id}`, { version, document, status });
  assert.equal(saved.status, 200, saved.text);
}
const jsonLd = async (path: string) =>
  [...(await visitor.get(path)).text.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map(
    ([, json]) => JSON.parse(json!) as Record<string, any>,
  );

describe('edited copy beyond the page itself', () => {
  test("the structured data names the edited plans and feature title, not a draft's", async () => {
    await edit('offer', (document) => (document.plans[0].name = 'Starter Plus'));
    await edit('offer', (document) => (document.plans[1].name = 'Drafted plan'), 'draft');
    const offers = (await jsonLd('/offer')).find((block) => block['@type'] === 'SoftwareApplication')!.offers as {
      name: string;
    }[];
    assert.equal(offers[0]!.name, 'Starter Plus');
    assert.ok(!offers.some((offer) => offer.name === 'Drafted plan'), 'a draft is not public');

    await edit(`feature-${FEATURE_SLUGS[0]}`, (document) => (document.title = 'Control tower'));
    const trail = (await jsonLd(`/${FEATURE_SLUGS[0]}`)).find((block) => block['@type'] === 'BreadcrumbList')!;
    assert.equal(trail.itemListElement.at(-1).name, 'Control tower');
  });

  test("the next feature page's previous link and the features page's next link carry the edited title", async () => {
    await edit(`feature-${FEATURE_SLUGS[0]}`, (document) => (document.title = 'Control room'));
    const titleIn = (html: string, direction: 'previous' | 'next') =>
      new RegExp(`data-direction="${direction}"[^>]*>[\\s\\S]{0,600}?chain-nav-title">([^<]*)<`).exec(html)?.[1];
    assert.equal(titleIn((await visitor.get(`/${FEATURE_SLUGS[1]}`)).text, 'previous'), 'Control room');
    assert.equal(titleIn((await visitor.get('/features')).text, 'next'), 'Control room');
  });

  test("the sitemap lists a renamed story at its new path, dated by the edit; a draft's slug is not listed", async () => {
    const started = Date.now();
    await edit('customers', (document) => (document.stories[0].slug = 'coastline-couriers-qld'));
    await edit('integrations', (document) => (document.integrations[0].slug = 'drafted-slug'), 'draft');
    const xml = (await visitor.get('/sitemap.xml')).text;
    const entries = new Map(
      [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map(([, loc, lastmod]) => [
        new URL(loc!).pathname,
        lastmod,
      ]),
    );
    assert.ok(entries.has('/customers/coastline-couriers-qld'), 'the new path');
    assert.ok(!entries.has('/customers/coastline-couriers'), 'not the old one (it redirects)');
    assert.ok(!entries.has('/integrations/drafted-slug'), 'a draft is not listed');
    for (const path of ['/customers', '/customers/coastline-couriers-qld', '/customers/redgum-linehaul']) {
      const lastmod = entries.get(path);
      assert.ok(lastmod && Date.parse(lastmod) >= started - 1_000, `${path} dated by the edit: ${lastmod}`);
      assert.match(lastmod, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, 'a W3C datetime');
    }
  });

  test("an edited title or summary gets a card drawn from the page's own words; a draft does not", async () => {
    const cardOf = async (path: string) => {
      const html = (await visitor.get(path)).text;
      const meta = (key: string) =>
        new RegExp(`<meta property="${key}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&');
      return { image: meta('og:image')!, alt: meta('og:image:alt')! };
    };
    const built = await cardOf('/security');
    assert.match(new URL(built.image).pathname, /^\/assets\/social\/[0-9a-f]{12}\/security\.png$/);

    await edit('security', (document) => (document.page.title = 'Security draft'), 'draft');
    assert.deepEqual(await cardOf('/security'), built, 'a draft keeps the built card');

    await edit('security', (document) => {
      document.page.title = 'Security & trust';
      document.page.description = 'How Haulora keeps what you send us safe <and> private.';
    });
    const live = await cardOf('/security');
    const url = new URL(live.image);
    assert.equal(url.pathname, '/social/card.png');
    assert.equal(url.searchParams.get('title'), 'Security & trust');
    assert.equal(url.searchParams.get('summary'), 'How Haulora keeps what you send us safe <and> private.');
    assert.equal(live.alt, 'Haulora: Security & trust. How Haulora keeps what you send us safe &lt;and&gt; private.');
    const card = await fetch(url.href.replace(url.origin, server.url));
    assert.equal(card.status, 200);
    assert.equal(card.headers.get('content-type'), 'image/png');
    assert.match(card.headers.get('cache-control') ?? '', /immutable/);
    const metadata = await sharp(Buffer.from(await card.arrayBuffer())).metadata();
    assert.deepEqual([metadata.width, metadata.height], [1200, 630]);

    // Only text the site's pages produced is drawn: another title, a forged or missing signature.
    for (const change of [
      (query: URLSearchParams) => query.set('title', 'You have won a prize'),
      (query: URLSearchParams) => query.set('sig', 'A'.repeat(32)),
      (query: URLSearchParams) => query.delete('sig'),
      (query: URLSearchParams) => query.set('summary', 'x'.repeat(5_000)),
    ]) {
      const query = new URLSearchParams(url.search);
      change(query);
      const refused = await fetch(`${server.url}/social/card.png?${query}`);
      assert.equal(refused.status, 404, query.toString().slice(0, 80));
    }
  });
});
