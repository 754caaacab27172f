// A stream transform that adds HTML before a document's </head> (the page's social card tags
// and JSON-LD: app/lib/head-additions.server.ts), once, whatever chunks the head arrives in. The
// HTML may depend on the head itself (the card follows the page's own title and summary).
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

const HEAD_END = '</head>';

/** Inserts `html` (or what it makes of the head's text) before the document's </head>, once,
 * whatever chunks the head arrives in. */
export function insertBeforeHeadEnd(html: string | ((head: string) => string)): Transform {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  // The head as passed on so far (a few KB), for `html` to read.
  let head = '';
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      // Still through the decoder: it may hold the first bytes of a character cut by the chunk.
      if (done) return callback(null, decoder.write(chunk));
      pending += decoder.write(chunk);
      const at = pending.indexOf(HEAD_END);
      if (at !== -1) {
        done = true;
        head += pending.slice(0, at);
        const out = pending.slice(0, at) + (typeof html === 'string' ? html : html(head)) + pending.slice(at);
        pending = '';
        return callback(null, out);
      }
      // Keep a tail that may be the start of </head> cut by the chunk boundary.
      const keep = Math.max(0, pending.length - (HEAD_END.length - 1));
      const out = pending.slice(0, keep);
      head += out;
      pending = pending.slice(keep);
      callback(null, out);
    },
    flush(callback) {
      callback(null, pending + decoder.end());
    },
  });
}
