// Every colour comes from the design tokens (issue 18): outside app/styles/tokens.css no
// stylesheet writes a colour literal, and no component writes one into its markup, so both
// themes are decided in one file (decision 023).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';

const ROOT = join(import.meta.dirname, '../..');
const TOKENS = join(ROOT, 'app/styles/tokens.css');

function filesUnder(folder: string, pattern: RegExp): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Hex colours, colour functions and the named colours a stylesheet is likely to reach for. */
const COLOUR =
  /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(|(?<![-\w])(?:white|black|red|green|blue|grey|gray|yellow|orange|navy|silver)(?![-\w])/i;

/** Comments and attribute selectors ([data-colour='red']) name colours without using them. */
const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\[[^\]\n]*\]/g, '[]');

test('no stylesheet but the tokens writes a colour', () => {
  const found: string[] = [];
  for (const file of filesUnder(join(ROOT, 'app'), /\.css$/)) {
    if (file === TOKENS) continue;
    withoutComments(readFileSync(file, 'utf8'))
      .split('\n')
      .forEach((line, index) => {
        if (COLOUR.test(line)) found.push(`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`);
      });
  }
  assert.deepEqual(found, []);
});

test('no component writes a colour into its markup (fill, stroke, style)', () => {
  const found: string[] = [];
  for (const file of filesUnder(join(ROOT, 'app'), /\.tsx$/)) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (/\b(?:fill|stroke|stopColor|color)=["{]['"]?(?:#|rgb|hsl)/.test(line) || /\bstyle=\{/.test(line))
          found.push(`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`);
      });
  }
  assert.deepEqual(found, []);
});

test('the check itself finds what it looks for', () => {
  for (const literal of [
    'color: #fff;',
    'fill: rgb(1 2 3);',
    'background: white;',
    'border-color: oklch(0.5 0.1 200);',
  ])
    assert.match(literal, COLOUR);
  for (const clean of ['white-space: nowrap;', 'color: var(--ink);', 'fill: var(--art-white);', '.art-white {'])
    assert.doesNotMatch(clean, COLOUR);
});

test('job statuses: the manual names each status of the one set, in the colour the set gives it', async () => {
  const { parse } = await import('yaml');
  const { schema } = await import('../../content/docs.schema.ts');
  const { JOB_STATUSES, JOB_STATUS_COLOURS, jobStatusOf } = await import('../../app/lib/job-status.ts');
  const docs = schema.parse(parse(readFileSync(join(ROOT, 'content/docs.yaml'), 'utf8')));
  const rows = docs.colourCoding.jobStatuses.map((row) => [jobStatusOf(row.status), row.colour]);
  assert.deepEqual(
    rows,
    JOB_STATUSES.map((status) => [status, JOB_STATUS_COLOURS[status]]),
  );
  // Each status has its token, and the shared stylesheet maps each to it.
  const tokens = readFileSync(TOKENS, 'utf8');
  const shared = readFileSync(join(ROOT, 'app/components/ui/job-status.css'), 'utf8');
  for (const status of JOB_STATUSES) {
    assert.match(tokens, new RegExp(`--status-${status}: #[0-9a-f]{6};`));
    assert.match(
      shared,
      new RegExp(`\\[data-job-status='${status}'\\] \\{\\s*--job-status: var\\(--status-${status}\\);`),
    );
  }
});
