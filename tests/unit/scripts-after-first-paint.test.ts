// The page stream filter that starts React Router's route modules after the first contentful
// paint instead of at parse time (app/lib/scripts-after-first-paint.server.ts).
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { test } from 'node:test';
import { routeImportsAfterFirstPaint, scriptsAfterFirstPaint } from '../../app/lib/scripts-after-first-paint.server.ts';

// The shape React Router's <Scripts> writes (route modules imported statically, then the entry).
const MODULE_SCRIPT =
  ';\nimport * as route0 from "/assets/root-a.js";\nimport * as route1 from "/assets/home-b.js";\n' +
  '  window.__reactRouterManifest = {"url": "/assets/manifest-c.js"};\n' +
  ' window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/assets/entry.client-d.js");';
const BEFORE = '<!DOCTYPE html><html><head><title>Über</title></head><body><p>Tyres — licence ✓ <b>bold</b></p>';
const CONTEXT = '<script nonce="n">window.__reactRouterContext = {"a":"<b>"};</script>';
const MODULE = `<script nonce="n" type="module" async="">${MODULE_SCRIPT}</script>`;
const AFTER = '<script nonce="n">window.__reactRouterContext.streamController.close();</script></body></html>';

/** Runs the document through the filter, cut into chunks of `size` bytes (splitting characters too). */
async function filtered(document: string, size: number) {
  const bytes = Buffer.from(document);
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size));
  return text(Readable.from(chunks).pipe(scriptsAfterFirstPaint()));
}

test('the route modules are imported together once the first contentful paint is reported', () => {
  const script = routeImportsAfterFirstPaint(MODULE_SCRIPT);
  assert.doesNotMatch(script, /^\s*import \* as/m, 'no static import is left');
  const wait = script.indexOf("getEntriesByName('first-contentful-paint')");
  const load = script.indexOf(
    'const [route0, route1] = await Promise.all([import("/assets/root-a.js"), import("/assets/home-b.js")]);',
  );
  assert.ok(wait !== -1 && load > wait, 'the imports follow the wait for the first paint');
  // Everything else is React Router's, unchanged and in order.
  assert.ok(script.endsWith(MODULE_SCRIPT.replace(/import \* as .*\n/g, '')));
});

test('a script without route imports is left as it is', () => {
  assert.equal(
    routeImportsAfterFirstPaint('import("/assets/entry.client-d.js");'),
    'import("/assets/entry.client-d.js");',
  );
});

test('rewrites the module script and nothing else, however the stream is cut', async () => {
  const document = BEFORE + CONTEXT + MODULE + AFTER;
  const expected =
    BEFORE +
    CONTEXT +
    `<script nonce="n" type="module" async="">${routeImportsAfterFirstPaint(MODULE_SCRIPT)}</script>` +
    AFTER;
  for (const size of [1, 2, 3, 7, 64, 100_000])
    assert.equal(await filtered(document, size), expected, `chunks of ${size} bytes`);
});

test('a document without a module script, or ending inside one, passes unchanged', async () => {
  for (const document of [
    BEFORE + CONTEXT + AFTER,
    BEFORE + '<script type="module">import * as route0 from "/assets/root-a.js";',
    '<p>a < b ✓</p>',
  ]) {
    for (const size of [1, 5, 100_000]) assert.equal(await filtered(document, size), document);
  }
});

test('with the manifest, every chunk is fetched side by side first, then run one per task, dependencies first', () => {
  const manifest = {
    entry: { module: '/assets/entry.client-d.js', imports: ['/assets/runtime-r.js', '/assets/framework-f.js'] },
    routes: {
      root: {
        module: '/assets/root-a.js',
        imports: ['/assets/runtime-r.js', '/assets/framework-f.js', '/assets/shell-s.js'],
      },
      'routes/home': { module: '/assets/home-b.js', imports: ['/assets/shell-s.js', '/assets/icons-i.js'] },
      'routes/other': { module: '/assets/other-o.js', imports: ['/assets/other-parts-p.js'] },
    },
  };
  const script = routeImportsAfterFirstPaint(MODULE_SCRIPT, manifest);
  const chunks = JSON.parse(/^const chunks = (\[.*\]);$/m.exec(script)![1]!) as string[];
  // Each once, the entry's imports first, each route after its imports; not the entry itself
  // (React Router imports it last), nor another route's chunks.
  assert.deepEqual(chunks, [
    '/assets/runtime-r.js',
    '/assets/framework-f.js',
    '/assets/shell-s.js',
    '/assets/root-a.js',
    '/assets/icons-i.js',
    '/assets/home-b.js',
  ]);
  // The entry is fetched with them, not run: a modulepreload for each, four to a task, then one
  // import per task.
  assert.match(
    script,
    /for \(const href of \[\.\.\.chunks, "\/assets\/entry\.client-d\.js"\]\) \{\n {2}preloads\.push\([^]*?link\.rel = 'modulepreload'[^]*?\n {2}\}\)\);\n {2}if \(preloads\.length % 4 === 0\) await new Promise\(\(next\) => setTimeout\(next\)\);\n\}\nawait Promise\.all\(preloads\);/,
  );
  assert.match(
    script,
    /for \(const chunk of chunks\) \{\n {2}await import\(chunk\)[^\n]*\n {2}await new Promise\(\(next\) => setTimeout\(next\)\);/,
  );
  // The history entry stamped as React Router's history would, in a task of its own, before the routes.
  assert.match(
    script,
    /if \(history\.state\?\.idx == null\) history\.replaceState\(\{ \.\.\.history\.state, idx: 0 \}, ''\);/,
  );
  const order = [
    "getEntriesByName('first-contentful-paint')",
    'const chunks =',
    'for (const chunk of chunks)',
    'history.replaceState(',
    'const [route0, route1] = await Promise.all(',
  ];
  const at = order.map((part) => script.indexOf(part));
  assert.ok(
    at.every((index, n) => index !== -1 && (n === 0 || index > at[n - 1]!)),
    `in order: ${at.join(', ')}`,
  );
});
