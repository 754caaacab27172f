// Every public page's Open Graph card (scripts/build-social-cards.ts), from the production build:
// the meta tags point at the page's own 1200×630 PNG on the configured public origin, served as
// an immutable asset.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { SOCIAL_CARD_PATHS } from '../../app/lib/social-cards.server.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const SITE_URL = 'https://www.haulora.example';

let server: TestServer;
before(async () => {
  server = await startServer({ SITE_URL }, { pages: true });
});
after(() => server.close());

const ENTITIES: Record<string, string> = { '&amp;': '&', '&#x27;': "'", '&quot;': '"', '&lt;': '<', '&gt;': '>' };
const decode = (text: string) => text.replace(/&amp;|&#x27;|&quot;|&lt;|&gt;/g, (entity) => ENTITIES[entity]!);

/** The content of every <meta property|name="key"> in a page's head, in order. */
function metaValues(html: string, key: string): string[] {
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`, 'g'))].map((match) =>
    decode(match[1]!),
  );
}

async function page(path: string) {
  const response = await server.app.inject({ method: 'GET', url: path });
  assert.equal(response.statusCode, 200, path);
  return response.body;
}

describe('social cards', () => {
  test('every public page names its own card, with its size, alternative text and a large Twitter card', async () => {
    const images = new Set<string>();
    for (const path of SOCIAL_CARD_PATHS) {
      const html = await page(path);
      const [image, ...more] = metaValues(html, 'og:image');
      assert.equal(more.length, 0, `${path}: one og:image`);
      assert.ok(image, `${path}: og:image`);
      const url = new URL(image);
      assert.equal(url.origin, SITE_URL, `${path}: the card is on the public origin`);
      assert.match(url.pathname, /^\/assets\/social\/[0-9a-f]{12}\/[\w-]+\.png$/, path);
      images.add(url.pathname);
      assert.deepEqual(metaValues(html, 'og:image:width'), ['1200'], path);
      assert.deepEqual(metaValues(html, 'og:image:height'), ['630'], path);
      assert.deepEqual(metaValues(html, 'og:image:type'), ['image/png'], path);
      assert.deepEqual(metaValues(html, 'twitter:card'), ['summary_large_image'], path);
      const [title] = metaValues(html, 'og:title');
      const [description] = metaValues(html, 'description');
      const [alt] = metaValues(html, 'og:image:alt');
      // "Haulora: <title>. <summary>", what the card shows.
      assert.ok(title && description !== undefined && alt, path);
      assert.ok(
        alt.startsWith('Haulora: ') && alt.endsWith(`. ${description}`),
        `${path}: the alternative text names the brand and the summary: ${alt}`,
      );
      const cardTitle = alt.slice('Haulora: '.length, alt.length - description.length - 2);
      assert.ok(
        cardTitle.length > 2 && title.toLowerCase().includes(cardTitle.toLowerCase()),
        `${path}: the alternative text says the page's title: ${alt}`,
      );
    }
    assert.equal(images.size, SOCIAL_CARD_PATHS.length, 'each page has a card of its own');
  });

  test('a card is a 1200×630 PNG served for a year as immutable', async () => {
    for (const path of ['/home', '/jobs', '/offer', '/glossary']) {
      const image = new URL(metaValues(await page(path), 'og:image')[0]!);
      const response = await server.app.inject({ method: 'GET', url: image.pathname });
      assert.equal(response.statusCode, 200, image.pathname);
      assert.equal(response.headers['content-type'], 'image/png');
      assert.match(String(response.headers['cache-control']), /max-age=31536000.*immutable/);
      const { width, height, format } = await sharp(response.rawPayload).metadata();
      assert.deepEqual({ width, height, format }, { width: 1200, height: 630, format: 'png' }, image.pathname);
    }
  });

  test('the cards differ from page to page', async () => {
    const bytes = await Promise.all(
      ['/home', '/jobs'].map(
        async (path) =>
          (await server.app.inject({ url: new URL(metaValues(await page(path), 'og:image')[0]!).pathname })).rawPayload,
      ),
    );
    assert.notDeepEqual(bytes[0], bytes[1]);
  });

  test('a page kept out of search has no card, and a plain Twitter summary', async () => {
    const html = await page('/user-profile');
    assert.deepEqual(metaValues(html, 'og:image'), []);
    assert.deepEqual(metaValues(html, 'twitter:card'), ['summary']);
  });
});
