// What crawlers and browsers read beside the pages, from the production build: robots.txt names
// the sitemap, the sitemap dates each page by its content's last change in git, and the web app
// manifest and touch icon are linked from every page and served.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { PAGE_SOURCES } from '../../app/lib/page-sources.ts';
import { NOINDEX_PATHS, SITEMAP_PATHS } from '../../app/lib/site-pages.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const SITE_URL = 'https://www.haulora.example';

let server: TestServer;
before(async () => {
  server = await startServer({ SITE_URL }, { pages: true });
});
after(() => server.close());

const get = (url: string) => server.app.inject({ method: 'GET', url });

/** The last commit date of a page's sources, as the build reads it; undefined outside git. */
function gitDate(files: readonly string[]): string | undefined {
  try {
    return (
      execFileSync('git', ['log', '-1', '--format=%cI', '--', ...files], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim() || undefined
    );
  } catch {
    return undefined;
  }
}

describe('robots.txt', () => {
  test('lets crawlers in, keeps them out of the API, and names the sitemap on the public origin', async () => {
    const response = await get('/robots.txt');
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/plain/);
    const lines = response.body.split('\n');
    for (const line of ['User-agent: *', 'Allow: /', 'Disallow: /api/', `Sitemap: ${SITE_URL}/sitemap.xml`])
      assert.ok(lines.includes(line), line);
  });
});

describe('sitemap.xml', () => {
  test('every page has a lastmod: the last commit that changed its sources', async () => {
    const xml = (await get('/sitemap.xml')).body;
    const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map(
      ([, loc, lastmod]) => ({
        path: new URL(loc!).pathname,
        lastmod,
      }),
    );
    assert.deepEqual(
      entries.map((entry) => entry.path),
      [...SITEMAP_PATHS],
    );
    for (const { path, lastmod } of entries) {
      const expected = gitDate(PAGE_SOURCES[path]!);
      // Outside a git checkout the build leaves lastmod out rather than guess.
      assert.equal(lastmod, expected, path);
      if (lastmod === undefined) continue;
      assert.match(lastmod, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/, `${path}: a W3C datetime`);
      assert.ok(Date.parse(lastmod) <= Date.now(), `${path}: not in the future`);
    }
  });

  test('every page in the sitemap, and only those, has its sources listed, and they exist in git', () => {
    assert.deepEqual(Object.keys(PAGE_SOURCES).sort(), [...SITEMAP_PATHS, ...NOINDEX_PATHS].sort());
    const tracked = new Set(execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n'));
    for (const files of Object.values(PAGE_SOURCES)) for (const file of files) assert.ok(tracked.has(file), file);
  });
});

describe('web app manifest and icons', () => {
  test('every page links the manifest (credentialed: on the page’s own connection), the touch icon and its icon', async () => {
    for (const path of ['/home', '/jobs', '/no-such-page']) {
      const html = (await get(path)).body;
      assert.match(html, /<link rel="apple-touch-icon" href="\/apple-touch-icon.png"\/>/, path);
      // The manifest: linked by a script after the first paint (app/lib/browser-fetched-links.ts),
      // and for a visitor without JavaScript from a <noscript>.
      assert.match(
        html,
        /<noscript><link rel="manifest" href="\/manifest.webmanifest" crossorigin="use-credentials"\/><\/noscript>/,
        path,
      );
      assert.match(
        html,
        /<script nonce="[^"]+">\{let added=0;.*l\.rel='manifest';l\.href='\/manifest\.webmanifest'/,
        path,
      );
      // The favicon is the drawing itself, in the link: no request.
      const favicon = /<link rel="icon" href="data:image\/svg\+xml,([^"]+)" type="image\/svg\+xml"\/>/.exec(html);
      assert.ok(favicon, path);
      assert.equal(
        decodeURIComponent(favicon[1]!),
        readFileSync(new URL('../../public/favicon.svg', import.meta.url), 'utf8').trim(),
      );
    }
  });

  test('the manifest names the brand, the start page, the theme colour and icons that are served at their size', async () => {
    const response = await get('/manifest.webmanifest');
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^application\/manifest\+json/);
    const manifest = JSON.parse(response.body) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    assert.equal(manifest.name, 'Haulora');
    assert.equal(manifest.short_name, 'Haulora');
    assert.equal(manifest.start_url, '/home');
    assert.equal(manifest.display, 'standalone');
    const themeColour = /<meta name="theme-color" content="([^"]+)"/.exec((await get('/home')).body)?.[1];
    assert.equal(manifest.theme_color, themeColour, 'the same colour as the pages say');
    assert.match(manifest.background_color, /^#[0-9a-f]{6}$/);
    assert.deepEqual(
      manifest.icons.map((icon) => icon.sizes),
      ['192x192', '512x512'],
      'the sizes browsers ask for',
    );
    for (const icon of [...manifest.icons, { src: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }]) {
      const image = await get(icon.src);
      assert.equal(image.statusCode, 200, icon.src);
      assert.equal(image.headers['content-type'], icon.type);
      const { width, height, hasAlpha } = await sharp(image.rawPayload).metadata();
      assert.equal(`${width}x${height}`, icon.sizes, icon.src);
      assert.equal(hasAlpha, false, `${icon.src}: opaque (iOS paints transparent corners black)`);
    }
  });
});
