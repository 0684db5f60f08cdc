import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { chromiumPath, quietChromium } from './e2e/chromium.ts'

/**
 * The browser journeys (docs/architecture.md#tests): the built app (`npm run build`) served by the real server on a
 * fixed port, with a brand-new SQLite database in a temporary folder, driven in Debian's Chromium
 * (`scripts/ensure-chromium.sh`; Playwright's own browser download is never used).
 */
const port = Number(process.env.E2E_PORT ?? 3107)
const origin = `http://127.0.0.1:${port}`
/** A second server with AI_PROVIDER=gemini, talking to a fake Gemini (e2e/fake-gemini-server.ts), and mailing. */
const geminiPort = port + 1
const fakeGeminiPort = port + 2
/** The SMTP server (e2e/test-mail-server.ts) that second server mails reset links through. */
const mailPort = port + 3

/**
 * A fresh, empty DATA_DIR for the server. This file is loaded by the runner and again by every
 * worker; only the runner makes the folder (the workers inherit its name through the environment)
 * and removes it when it exits.
 */
function freshDataDir(): string {
  const inherited = process.env.LEGADO_E2E_DATA_DIR
  if (inherited) return inherited
  const dir = mkdtempSync(path.join(os.tmpdir(), 'legado-e2e-'))
  process.env.LEGADO_E2E_DATA_DIR = dir
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
  return dir
}
const dataDir = freshDataDir()
/** Every mail the test SMTP server received, one JSON line each (read by `mailsTo` in e2e/fixtures.ts). */
const mailFile = path.join(dataDir, 'mail.jsonl')
// Every journey signs someone up from this one address.
const serverEnv = { HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', SIGNUP_RATE_LIMIT_PER_HOUR: '10000' }

const isCI = Boolean(process.env.CI)

export default defineConfig({
  testDir: 'e2e',
  // Every journey signs up people of its own (a11y-sweep: one per worker), so journeys never see
  // each other's data and any two may run at once, on the same servers. Two workers on two
  // cores: most of a journey is waiting for the browser or the server, which the other fills.
  workers: 2,
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: origin,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    // Recording a trace (a snapshot of the page at every step) took a quarter of the journeys'
    // time, though only a failure's was kept: where journeys are retried (CI) the second run of a
    // failed one records it, and `npx playwright test --trace=retain-on-failure` records them all.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath, args: quietChromium },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: 'node dist/server/server/main.js',
      url: `${origin}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { ...serverEnv, PORT: String(port), DATA_DIR: dataDir },
    },
    {
      command: 'node --import tsx e2e/fake-gemini-server.ts',
      port: fakeGeminiPort,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { FAKE_GEMINI_PORT: String(fakeGeminiPort) },
    },
    {
      command: 'node --import tsx e2e/test-mail-server.ts',
      port: mailPort,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { TEST_MAIL_PORT: String(mailPort), TEST_MAIL_FILE: mailFile },
    },
    {
      command: 'node dist/server/server/main.js',
      url: `http://127.0.0.1:${geminiPort}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        PORT: String(geminiPort),
        DATA_DIR: path.join(dataDir, 'gemini'),
        AI_PROVIDER: 'gemini',
        GEMINI_API_KEY: 'e2e-key-never-in-the-browser',
        GEMINI_BASE_URL: `http://127.0.0.1:${fakeGeminiPort}`,
        // It also mails reset links, which point at its own address.
        SMTP_URL: `smtp://127.0.0.1:${mailPort}`,
        PUBLIC_URL: `http://127.0.0.1:${geminiPort}`,
      },
    },
  ],
})
