import { defineConfig } from '@playwright/test';

// Browser tests drive Debian's Chromium headless shell (/usr/bin/chromium-headless-shell, the
// build Playwright itself runs headless tests on); browsers are never downloaded (no `npx
// playwright install`). The full browser, headless, took 31 min for the suite in the CI run of
// 2026-11-28; the shell took 14 min on 2026-11-29 with Go builds running beside it (one spec file:
// 12% less CPU, its GPU process gone). e2e/global-setup.ts builds the real server and loads the
// demo once; e2e/fixtures.ts gives each spec file its own server on a fresh copy of it, so files
// share nothing and two run at once (each worker its own browser and server). With another
// process keeping one of the two cores busy, the full browser's specs took 25-27 min on two
// workers, 31-54 min on one.
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // A test's time limit only catches a hang, never slowness: one limit for all, far above the
  // longest test (about 1 min alone, 3 min with two other CI runs on the two cores).
  timeout: 360_000,
  // A step waits for its state as long as a busy machine needs (a reload of a page took over
  // 10 s with three CI runs on the two cores); a state that comes returns at once.
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    screenshot: 'only-on-failure',
    // No trace: recording one (its screencast and snapshots) for every test, to keep the failed
    // ones', took a spec file 190 s instead of 127 s and 2.4 times the CPU. `--trace on` records
    // them when a failure needs one.
    trace: 'off',
    locale: 'es-ES',
    // The browser prefers reduced motion, so the console animates nothing (AppProviders): each
    // dialog, list and message shows and goes at once, not after Playwright waits it out; a
    // test took a third to a half less time.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: '/usr/bin/chromium-headless-shell',
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
