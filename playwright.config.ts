// Browser tests (tests/e2e): the real server with the production build, driven through the
// system Chromium. `npm run build` first; each worker starts its own server and database
// (tests/e2e/site-server.ts), so the spec files run two at a time without sharing state.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/helpers/chromium.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'test-results',
  // Two workers share two cores: a heavy page's axe scan or screenshot set can take 3× its quiet time.
  timeout: 60_000,
  // 10 s for an expectation: a form's first submit fetches its code and checks, then the server
  // does its work; beside the other worker's Chromium load on CI's two cores that once took more
  // than 5 s (the demo's result modal in inbox.spec.ts). Speed is measured by the benchmarks,
  // not by these waits.
  expect: { timeout: 10_000 },
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two workers on CI's two cores: the suite's time is mostly waiting on the browser and server.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: 'list',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'off',
    video: 'off',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
      },
    },
  ],
});
