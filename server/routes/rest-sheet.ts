// GET /assets/rest/<stylesheet>/<units>.css: the rest of the site stylesheet for a page whose
// inline rules are `units` (server/services/critical-sheets.ts, decision 060). The address names
// the build's stylesheet and the inline units, so any instance of the same build answers it the
// same way, and the answer may be cached for good, as the other hashed assets are. Anything else
// is the plain 404 of an unknown asset.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { preferredEncoding } from '../plugins/compression.ts';
import { decodeUnits, readSiteSheet, type SiteSheet, splitSheet } from '../services/critical-sheets.ts';
import { REST_SHEET_PREFIX } from '../services/critical-css.ts';

const YEAR = 365 * 24 * 60 * 60;
/** Built stylesheets are named `<name>-<hash>.css`. */
const SHEET_NAME = /^[\w-]{1,100}$/;
/** `<stylesheet>/<units>.css` after the prefix. */
const REST_ADDRESS = /^([^/]+)\/([\w-]{1,2000})\.css$/;
/** Rest sheets kept ready (each 20-55 KB of CSS and its compressed copies): a site has a few
 * dozen page structures; an address not kept is made again (~10 ms). */
const KEPT = 64;

const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

type Answer = { css: Buffer; br: Buffer; gzip: Buffer };

export default async function restSheetRoutes(app: FastifyInstance, options: { clientDir: string }) {
  const sheets = new Map<string, Promise<SiteSheet | undefined>>();
  const answers = new Map<string, Answer>();

  const siteSheet = (name: string) => {
    let sheet = sheets.get(name);
    if (!sheet) {
      sheet = readFile(join(options.clientDir, 'assets', `${name}.css`), 'utf8').then(readSiteSheet, () => undefined);
      sheets.set(name, sheet);
    }
    return sheet;
  };

  const answerFor = async (name: string, units: string): Promise<Answer | undefined> => {
    const key = `${name}/${units}`;
    const kept = answers.get(key);
    if (kept) return kept;
    // Only the build's own stylesheets: a name that is not one is not remembered either.
    if (!SHEET_NAME.test(name)) return undefined;
    const sheet = await siteSheet(name);
    if (!sheet) {
      sheets.delete(name);
      return undefined;
    }
    const inline = decodeUnits(sheet, units);
    if (!inline) return undefined;
    const css = Buffer.from(splitSheet(sheet, inline).rest);
    // Brotli at quality 5 (5 ms for the 75 KB of /home's rest; quality 11 took 215 ms of the event
    // loop): any well-formed address is answered, and assets are not rate-limited.
    const answer = { css, br: brotliCompressSync(css, BROTLI_OPTIONS), gzip: gzipSync(css, { level: 6 }) };
    answers.set(key, answer);
    for (const oldest of answers.keys()) {
      if (answers.size <= KEPT) break;
      answers.delete(oldest);
    }
    return answer;
  };

  // A wildcard, not two parameters: the units' part is longer than a route parameter may be.
  app.get(`${REST_SHEET_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const [, sheet, units] = REST_ADDRESS.exec((request.params as { '*': string })['*']) ?? [];
    const answer = sheet && units ? await answerFor(sheet, units) : undefined;
    if (!answer)
      return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not found\n');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', `public, max-age=${YEAR}, immutable`)
      .header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? answer[encoding] : answer.css);
  });
}
