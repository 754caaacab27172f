// Shared checks for the attack tests (tests/api/attacks-*.test.ts): the hardening headers every
// answer must carry, and what a server answer must never give away.

/** What is wrong with an answer's security headers (empty when nothing is). */
export function securityHeaderProblems(label: string, headers: Headers): string[] {
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
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", 'data:', '*', 'http:', 'https:']) {
    if (scriptSrc.split(/\s+/).includes(unsafe)) problems.push(`${label}: script-src allows ${unsafe}`);
  }
  if (directive('frame-ancestors') !== "frame-ancestors 'none'") problems.push(`${label}: frame-ancestors is not 'none'`);
  if (headers.get('x-content-type-options') !== 'nosniff') problems.push(`${label}: X-Content-Type-Options is ${headers.get('x-content-type-options')}`);
  if (!headers.get('referrer-policy')) problems.push(`${label}: no Referrer-Policy`);
  if (!headers.get('permissions-policy')) problems.push(`${label}: no Permissions-Policy`);
  if (headers.has('x-powered-by')) problems.push(`${label}: X-Powered-By ${headers.get('x-powered-by')}`);
  return problems;
}

/** Things an error answer must never contain: SQL, a stack trace, a file path, an error class. */
export const LEAK_PATTERNS: RegExp[] = [
  /SQLITE|no such table|syntax error|INSERT INTO|SELECT .* FROM/i,
  /\bat [\w.<>]+ \(|\bat (?:file|node):|\.tsx?:\d+/,
  /\/work\/|\/home\/|\/tmp\/|node_modules|server\/|file:\/\//,
  /\b(?:TypeError|RangeError|ReferenceError|Error:)/,
];

export function leaks(text: string): string[] {
  return LEAK_PATTERNS.filter((pattern) => pattern.test(text)).map(String);
}

/** Reads the failing test's log lines as JSON entries. */
export function logEntries(lines: string[]): Record<string, any>[] {
  return lines.flatMap((line) => {
    try {
      return [JSON.parse(line)];
    } catch {
      return [];
    }
  });
}
