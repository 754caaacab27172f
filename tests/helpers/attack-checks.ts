// Shared checks for the attack tests (tests/api/attacks-*.test.ts): what a server answer must
// never give away. The security headers are checked by tests/helpers/security-headers.ts.

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
