// The `test` every browser spec uses: each page fails its test if the browser logged an error
// (console.error, an uncaught exception, a CSP violation, a hydration mismatch) or if the page
// reached for any origin other than the site under test. And a page loaded with JavaScript is
// handed back only once it is interactive, as a person would wait for it.
import { expect, type Page, type Response } from '@playwright/test';
import { siteTest as base } from './site-server.ts';

/** Resolves once React has hydrated the page and every component has switched to its scripted
 * behaviour (app/root.tsx marks the document). */
export async function waitForHydration(page: Page) {
  // 15 s, not the 5 s of other checks: two workers on two busy cores can take that long to
  // fetch and run a page's scripts, and a slow hydration is not what any test is about.
  await expect(page.locator('html[data-hydrated="true"]'), 'React hydrated the page').toBeAttached({
    timeout: 15_000,
  });
}

/** The site's route modules start only after the first paint (docs/decisions/012), so the load
 * event comes before the page is interactive: a key pressed in between does nothing and a click
 * on a form posts it natively. Every navigation that loads one of the site's pages therefore
 * waits for hydration before the test goes on. */
function waitForHydrationAfterNavigation(page: Page) {
  const afterLoad = async (response: Response | null) => {
    const isPage =
      response?.request().isNavigationRequest() && response.headers()['content-type']?.startsWith('text/html');
    if (isPage) await waitForHydration(page);
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const goBack = page.goBack.bind(page);
  const goForward = page.goForward.bind(page);
  page.goto = async (url, options) => afterLoad(await goto(url, options));
  page.reload = async (options) => afterLoad(await reload(options));
  page.goBack = async (options) => afterLoad(await goBack(options));
  page.goForward = async (options) => afterLoad(await goForward(options));
}

/** Requests a test expects to fail (an API refusal or a cut connection whose message the page
 * shows): Chromium logs 'Failed to load resource' for them, which is then no problem. */
const expectedFailures = new WeakMap<Page, RegExp[]>();
export function allowFailedRequests(page: Page, url: RegExp) {
  expectedFailures.set(page, [...(expectedFailures.get(page) ?? []), url]);
}

export const test = base.extend<{ pageGuard: void }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) waitForHydrationAfterNavigation(page);
    await use(page);
  },
  pageGuard: [
    async ({ page, baseURL }, use) => {
      if (!baseURL) throw new Error('baseURL is not set: it comes from the site fixture (tests/e2e/site-server.ts)');
      const allowedOrigin = new URL(baseURL).origin;
      const problems: string[] = [];

      // A page answered with an error status (the 404 page) makes Chromium log 'Failed to load
      // resource' for the document itself; the test asserts that status, so it is no problem.
      const errorDocuments = new Set<string>();
      page.on('response', (response) => {
        if (response.request().isNavigationRequest() && response.status() >= 400) errorDocuments.add(response.url());
      });
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const { url, lineNumber } = message.location();
        if (errorDocuments.has(url) && message.text().startsWith('Failed to load resource')) return;
        if (
          message.text().startsWith('Failed to load resource') &&
          expectedFailures.get(page)?.some((re) => re.test(url))
        )
          return;
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
