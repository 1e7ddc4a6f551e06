import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 3999);
const webRoot = process.env.E2E_WEB_ROOT;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'worksphere-e2e-'));
// The test workers read the server's outbox (DATA_DIR/outbox) from here: they inherit it.
process.env.E2E_DATA_DIR = dataDir;

/** Debian's Chromium: this machine cannot download Playwright's own browser build. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromium } }],
  // Started as a user starts it: `npm start`, on a fresh embedded database.
  // E2E_WEB_ROOT builds into a folder of its own, so parallel runs do not share dist/.
  webServer: {
    command: webRoot ? `node node_modules/vite/bin/vite.js build --outDir ${webRoot} --emptyOutDir --logLevel warn && npm start` : 'npm start',
    url: `http://localhost:${PORT}/api/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(webRoot ? { WEB_ROOT: webRoot } : {}),
      // Every test signs up its own company from one address.
      SIGN_UP_MAX_ATTEMPTS: '10000',
    },
  },
});
