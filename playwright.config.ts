import { defineConfig } from '@playwright/test';

/**
 * Two kinds of end-to-end tests:
 * - harness: the production renderer build in Debian's Chromium, bridged to the real main-process
 *   handler table running in the test process (works where no Electron binary can be installed);
 * - electron: the packaged app through Playwright's _electron, run wherever an Electron binary exists.
 */
export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Generous: CI machines have 2 cores and these tests start a sandbox and a browser each.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright-results.json' }]],
  projects: [
    {
      name: 'harness',
      testIgnore: /electron\//,
      use: {
        browserName: 'chromium',
        viewport: { width: 1200, height: 780 },
        locale: 'en-GB',
        colorScheme: 'light',
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--no-first-run',
            '--disable-sync',
            '--disable-quic',
            // A fake camera and microphone, allowed without asking: the recorder's tests (issue 30).
            '--use-fake-device-for-media-stream',
            '--use-fake-ui-for-media-stream',
          ],
        },
      },
    },
    { name: 'electron', testMatch: /electron\/.*\.spec\.ts$/ },
  ],
});
