// The hardening headers every answer of the server must carry (DESIGN.md, issue 6), checked the
// same way by the header sweep (tests/document/security-headers.test.ts), the attack tests and
// the closing-server test.
import { CSRF_COOKIE, SESSION_MARKER_COOKIE } from '../../common/constants.ts';

/** Cookies the browser's own code reads; every other cookie must be HttpOnly. The staff marker
 * (decision 049) only tells a tab that a sign-in may exist: it holds no secret, "1" or nothing. */
const READ_BY_SCRIPT = new Set([CSRF_COOKIE, SESSION_MARKER_COOKIE]);

/** Sources that would let a script run that the server did not send. */
const UNSAFE_SCRIPT_SOURCES = ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", 'data:', '*', 'http:', 'https:'];

/**
 * What is wrong with an answer's security headers (empty when nothing is). `secure`: the site is
 * served over https, so every cookie must be Secure (and on plain http none may be).
 */
export function securityHeaderProblems(label: string, headers: Headers, { secure = false } = {}): string[] {
  const problems: string[] = [];
  const csp = headers.get('content-security-policy') ?? '';
  const directive = (name: string) =>
    csp
      .split(';')
      .map((part) => part.trim())
      .find((part) => part === name || part.startsWith(`${name} `));
  if (!csp) problems.push(`${label}: no Content-Security-Policy`);
  const scriptSrc = directive('script-src') ?? directive('default-src') ?? '';
  if (!scriptSrc) problems.push(`${label}: CSP without script-src or default-src`);
  for (const unsafe of UNSAFE_SCRIPT_SOURCES) {
    if (scriptSrc.split(/\s+/).includes(unsafe)) problems.push(`${label}: script-src allows ${unsafe}`);
  }
  const objectsBlocked =
    directive('object-src') === "object-src 'none'" ||
    (!directive('object-src') && directive('default-src') === "default-src 'none'");
  if (!objectsBlocked) problems.push(`${label}: object-src is not 'none'`);
  const framing =
    directive('frame-ancestors') === "frame-ancestors 'none'" ||
    headers.get('x-frame-options')?.toUpperCase() === 'DENY';
  if (!framing) problems.push(`${label}: neither frame-ancestors 'none' nor X-Frame-Options DENY`);
  if (headers.get('x-content-type-options') !== 'nosniff')
    problems.push(`${label}: X-Content-Type-Options is ${headers.get('x-content-type-options')}`);
  if (!headers.get('referrer-policy')) problems.push(`${label}: no Referrer-Policy`);
  if (!headers.get('permissions-policy')) problems.push(`${label}: no Permissions-Policy`);
  if (headers.has('x-powered-by')) problems.push(`${label}: X-Powered-By ${headers.get('x-powered-by')}`);
  if (/\d/.test(headers.get('server') ?? '')) problems.push(`${label}: Server header shows a version`);
  for (const cookie of headers.getSetCookie()) {
    const name = cookie.split('=')[0]!;
    const value = cookie.slice(name.length + 1).split(';')[0]!;
    if (name === SESSION_MARKER_COOKIE && value !== '1' && value !== '')
      problems.push(`${label}: cookie ${name} holds more than a marker`);
    const attributes = cookie
      .split(';')
      .slice(1)
      .map((part) => part.trim().toLowerCase());
    if (!attributes.some((part) => part.startsWith('samesite=')))
      problems.push(`${label}: cookie ${name} without SameSite`);
    if (!READ_BY_SCRIPT.has(name) && !attributes.includes('httponly'))
      problems.push(`${label}: cookie ${name} is not HttpOnly`);
    if (secure && !attributes.includes('secure')) problems.push(`${label}: cookie ${name} is not Secure behind https`);
    if (!secure && attributes.includes('secure'))
      problems.push(`${label}: cookie ${name} is Secure on plain http (the browser would drop it)`);
  }
  return problems;
}
