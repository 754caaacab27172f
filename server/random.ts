// Random tokens for every request (CSP nonces, CSRF nonces, form keys) from a pool of CSPRNG
// bytes filled 4 KB at a time, as node:crypto's randomUUID() does: each randomBytes() call is a
// call into OpenSSL, which costs more than the rest of a cached page's answer put together
// (decision 025). Every byte is handed out once; nothing is reused or derived.
import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

function take(bytes: number): Buffer {
  if (bytes > POOL_BYTES) throw new RangeError(`at most ${POOL_BYTES} random bytes at a time`);
  if (offset + bytes > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const start = offset;
  offset += bytes;
  return pool.subarray(start, offset);
}

/** `bytes` fresh random bytes as text in `encoding` (hex, base64 or base64url). */
export function randomToken(bytes: number, encoding: 'hex' | 'base64' | 'base64url'): string {
  return take(bytes).toString(encoding);
}
