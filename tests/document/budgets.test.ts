// Size budgets from the production build, per page of the route table (DESIGN.md, "Bars every
// page meets"): the same measurement as `npm run budgets` (scripts/size-budgets.ts). A failure
// names the page, the budget and the largest files in it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BUDGETS, budgetFailures, measureSite } from '../../scripts/size-budgets.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test('every page is within its JavaScript, CSS and HTML budgets and loads nothing from another origin', async () => {
  const { pages } = await measureSite();
  assert.ok(pages.length >= 20, `measured ${pages.length} pages; the route table has more`);
  assert.ok(pages.some((page) => page.path === '/home'));
  const failures = budgetFailures(pages);
  const report = failures.map((failure) => {
    const files = failure.files.map((file) => `\n    ${kb(file.gzip)} gzip  ${file.label}`).join('');
    return `${failure.path}: ${failure.what} ${kb(failure.actual)} > ${kb(failure.limit)}${failure.note ? ` (${failure.note})` : ''}${files}`;
  });
  assert.deepEqual(
    report,
    [],
    `over budget (JS ≤ ${kb(BUDGETS.homeJsGzip)} home / ${kb(BUDGETS.pageJsGzip)}, CSS ≤ ${kb(BUDGETS.cssGzip)}, HTML ≤ ${kb(BUDGETS.html)} gzip):\n${report.join('\n')}`,
  );
});
