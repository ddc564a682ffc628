import { defineConfig } from '@playwright/test';

// Browser tests drive Debian's Chromium (/usr/bin/chromium); browsers are never downloaded
// (no `npx playwright install`). e2e/global-setup.ts builds the real server and loads the demo
// once; e2e/fixtures.ts gives each spec file its own server on a fresh copy of it.
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // The longest specs took near 30 s on a machine with one core kept busy; longer ones set their own.
  timeout: 60_000,
  // A save can take seconds while other suites run beside (two CI runs and this one on two cores).
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    locale: 'es-ES',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
