// The `test` every browser spec uses: each page fails its test if the browser logged an error
// (console.error, an uncaught exception, a CSP violation, a hydration mismatch) or if the page
// reached for any origin other than the site under test.
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ pageGuard: void }>({
  pageGuard: [
    async ({ page, baseURL }, use) => {
      if (!baseURL) throw new Error('baseURL is not set: E2E_BASE_URL should come from tests/e2e/global-setup.ts');
      const allowedOrigin = new URL(baseURL).origin;
      const problems: string[] = [];

      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const { url, lineNumber } = message.location();
        problems.push(`console.error: ${message.text()}${url ? ` (at ${url}:${lineNumber})` : ''}`);
      });
      page.on('pageerror', (error) => {
        problems.push(`uncaught page error: ${error.stack ?? error.message}`);
      });
      page.on('request', (request) => {
        const url = request.url();
        if (url.startsWith('data:') || url.startsWith('blob:') || url === 'about:blank') return;
        const origin = new URL(url).origin;
        if (origin !== allowedOrigin) problems.push(`request to another origin: ${request.method()} ${url}`);
      });

      await use();

      expect(problems, `the page reported ${problems.length} problem(s):\n${problems.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
