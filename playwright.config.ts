// Browser tests (tests/e2e): the real server with the production build, driven through the
// system Chromium. `npm run build` first; global-setup starts the server and sets E2E_BASE_URL.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/helpers/chromium.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'test-results',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
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
