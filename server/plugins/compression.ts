// Compresses dynamic answers (server-rendered HTML, JSON from the API and page data) for clients
// that accept it: brotli first, then gzip. Static assets already have brotli and gzip copies made
// at build time (static-assets.ts sends those and sets Content-Encoding, so they are skipped here).
// Page bodies arrive as streams and are compressed as streams, never buffered whole.
import { pipeline, Readable, Transform } from 'node:stream';
import { constants, brotliCompressSync, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Bodies smaller than this gain too little to be worth the CPU (and the encoding header). */
export const MIN_COMPRESS_BYTES = 1024;

/** Text answers the server generates per request. */
const COMPRESSIBLE = /^(text\/html|application\/json|application\/[\w.+-]+\+json|text\/x-script)\b/i;

/** Brotli quality 5: most of quality 11's gain at a small fraction of its CPU, fit for per-request work. */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
const GZIP_OPTIONS = { level: 6 };

type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts (q > 0), or undefined for none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*');
  const quality = (name: Encoding) => accepted.get(name) ?? wildcard ?? 0;
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return undefined;
}

/** Joins the many small chunks a page render writes (React flushes about 2 KB at a time) into
 * one per turn of the event loop: every compressor call has a fixed cost, and a page's chunks
 * mostly arrive together. What arrives later (a streamed part) still goes out on the next turn. */
function coalesce(): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const release = (stream: Transform) => {
    scheduled = false;
    if (pending.length > 0) stream.push(pending.length === 1 ? pending[0] : Buffer.concat(pending));
    pending = [];
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => release(this));
      }
      done();
    },
    flush(done) {
      release(this);
      done();
    },
  });
}

function appendVary(reply: FastifyReply) {
  const vary = String(reply.getHeader('vary') ?? '');
  if (vary === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) return;
  reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

export default fp(
  async function compression(app: FastifyInstance) {
    app.addHook('onSend', async (request, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      if (!COMPRESSIBLE.test(type)) return payload;
      if (payload === null || payload === undefined) return payload;
      if (reply.getHeader('content-encoding') || request.method === 'HEAD') return payload;
      if (reply.statusCode === 204 || reply.statusCode === 304) return payload;
      // From here on the answer depends on Accept-Encoding, whether or not this one is compressed.
      appendVary(reply);
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (!encoding) return payload;

      if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
        const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
        if (body.byteLength < MIN_COMPRESS_BYTES) return payload;
        const compressed = encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body, GZIP_OPTIONS);
        reply.header('content-encoding', encoding);
        reply.header('content-length', compressed.byteLength);
        return compressed;
      }
      if (payload instanceof Readable) {
        reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        const compressor = encoding === 'br' ? createBrotliCompress(BROTLI_OPTIONS) : createGzip(GZIP_OPTIONS);
        // pipeline destroys both streams if either fails, so a failed render ends the answer.
        return pipeline(payload, coalesce(), compressor, () => {});
      }
      return payload;
    });
  },
  { name: 'compression' },
);
