// Drops the `<link rel="modulepreload">` tags React Router's <Scripts> writes (React hoists them
// to the top of <head>, ahead of the stylesheets). Why: the page is complete without JavaScript,
// so the first paint needs only the HTML and the CSS; with ~40 preloads in <head> every script
// downloaded at high priority alongside the stylesheets and the first paint waited for all of
// them (mobile Lighthouse, simulated slow 4G: FCP 2.9 s with them, 1.2 s without). The inline
// module script at the end of <body> still imports the same modules; the browser fetches them
// once the stylesheets are in, and hydration follows. Only <head> is rewritten; the rest of the
// document streams through untouched.
import { Transform } from 'node:stream';

const MODULE_PRELOAD = /<link\s+rel="modulepreload"[^>]*>/g;
const HEAD_END = Buffer.from('</head>');

export function withoutModulePreloads(): Transform {
  // Bytes up to the end of <head>; split at '</head>' so no UTF-8 character is cut in two.
  let head = Buffer.alloc(0);
  let headDone = false;
  const rewrite = (bytes: Buffer) => Buffer.from(bytes.toString('utf8').replace(MODULE_PRELOAD, ''));
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (headDone) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf(HEAD_END);
      if (end === -1) return callback();
      headDone = true;
      callback(null, Buffer.concat([rewrite(head.subarray(0, end)), head.subarray(end)]));
    },
    flush(callback) {
      // A document without </head> (none of ours): pass it on unchanged.
      callback(null, headDone || head.length === 0 ? undefined : head);
    },
  });
}
