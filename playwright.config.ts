/**
 * Browser journeys in Debian's Chromium. Every spec runs twice: on the English site and on the Traditional
 * Chinese site (projects `en` and `zh-Hant`), but for the journeys tagged language-neutral (ADR 0042). The site is
 * the production build on a fresh PGlite data folder.
 * A second server with a live-chat provider configured serves the live-chat journeys, and, with a small visitors'
 * allowance per network, the shared-network diagnosis journeys.
 */
import { defineConfig } from '@playwright/test'
import { consoleAdminNumbers } from './e2e/support/console-staff.ts'
import { chromiumFlags, e2ePort, languageNeutralTag, liveChatPort } from './e2e/support/sites.ts'

const serverEnv = (port: number, extra: Record<string, string> = {}) => ({
  NODE_ENV: 'production',
  APP_ENV: 'develop',
  // The journeys read login codes, grant plans and read back tracking events through the test endpoints, which
  // answer only loopback callers (the test process and the browser both run on this machine).
  TEST_ENDPOINTS: 'loopback',
  PORT: String(port),
  HOST: '127.0.0.1',
  SITE_URL_PATTERN: `http://{region}.localhost:${port}`,
  DATA_DIR: `node_modules/.cache/e2e-data-${port}`,
  // A fresh PGlite folder every run, even when CI exports DATABASE_URL and REDIS_URL for the API tests: the journeys
  // must not depend on what an earlier run left in a shared database or in Redis counters.
  DATABASE_URL: '',
  REDIS_URL: '',
  LOG_LEVEL: 'warn',
  BUILD_POLL_INTERVAL_MS: '1000',
  // The diagnosis journeys run readers out of attempts within one day: visitors 3 a day (4 a month), members 5 a day
  // and a month; Base 20 a day (its month), Plus 21 and Premium 22 a day, below their 30 and 60 a month, so they
  // reach the monthly refusal, the daily one a higher plan lifts (Plus) and the top plan's daily one (Premium). The
  // plans journey reads the same numbers in /subscribe's table.
  QUOTA_DIAGNOSIS_PER_DAY: '3,5,20,21,22',
  QUOTA_DIAGNOSIS_PER_MONTH: '4,5',
  // Every browser comes from 127.0.0.1: the per-address and per-network ceilings (each tested by the API tests)
  // would otherwise stop journeys that are not about them, depending on which run in the same minute.
  STOCKS_DIAGNOSIS_RATE_PER_MINUTE: '100000',
  STOCKS_SUGGEST_RATE_PER_MINUTE: '100000',
  QUOTA_VISITORS_PER_NETWORK: '100000',
  LOGIN_IP_LIMIT_PER_HOUR: '100000',
  NEWSLETTER_RATE_PER_10_MINUTES: '100000',
  SEARCH_RATE_PER_MINUTE: '100000',
  CHAT_RATE_PER_MINUTE: '100000',
  CHAT_SEARCH_RATE_PER_MINUTE: '100000',
  CHAT_UPLOAD_RATE_PER_MINUTE: '100000',
  BUILD_DIR: process.env.BUILD_DIR || 'build',
  ...extra,
})

const traceModes = ['off', 'on', 'retain-on-failure', 'on-first-retry', 'retain-on-first-failure'] as const
function traceMode(value: string | undefined): (typeof traceModes)[number] {
  return traceModes.find((mode) => mode === value) ?? 'off'
}

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  // One folder per port: Playwright empties its output folder when it starts, and runs on other ports (another
  // checkout's, a bench's) must not lose each other's traces.
  outputDir: `test-results/${e2ePort}`,
  use: {
    // Recording a trace of every journey to keep only the failures' costs a fifth of the run's CPU: off unless asked
    // for, as when looking into a failure (`E2E_TRACE=retain-on-failure npx playwright test e2e/<file>`).
    trace: traceMode(process.env.E2E_TRACE),
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumFlags },
    // The service worker registers when the browser is idle, so whether it holds a page depends on timing, and
    // requests it answers are out of reach of `page.route`. Only the web app journeys (web-push.spec.ts) allow it.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'en', use: { baseURL: `http://en.localhost:${e2ePort}`, locale: 'en-US' } },
    // A journey whose behaviour does not depend on the language runs on the English site only (ADR 0042).
    {
      name: 'zh-Hant',
      use: { baseURL: `http://hant.localhost:${e2ePort}`, locale: 'zh-TW' },
      grepInvert: new RegExp(languageNeutralTag),
    },
  ],
  webServer: [
    {
      command: `rm -rf node_modules/.cache/e2e-data-${e2ePort} && node server/ops.ts console:grant ${consoleAdminNumbers.join(',')} admin && node server/main.ts`,
      url: `http://127.0.0.1:${e2ePort}/api/portal`,
      env: serverEnv(e2ePort),
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `rm -rf node_modules/.cache/e2e-data-${liveChatPort} && node server/main.ts`,
      url: `http://127.0.0.1:${liveChatPort}/api/portal`,
      env: serverEnv(liveChatPort, {
        // Only the contact journeys use this server: a small universe keeps its first start short.
        MARKET_DATA_COMPANIES: 'us:AAPL,us:MSFT,hk:0700,jp:7203,kr:005930',
        LIVECHAT_PROVIDER: 'tawk',
        LIVECHAT_SCRIPT_URL: 'https://embed.tawk.to/5f0000000000000000000000/default',
        // The shared-network journeys: the visitors of 127.0.0.1 (every browser) get one visitor's allowance a day
        // together, as visitors behind a carrier's address would once it is used.
        QUOTA_VISITORS_PER_NETWORK: '1',
        // The chat's quota journeys: a member and a Base subscriber run out after one reply (month: subscribe,
        // upgrade), a Plus subscriber after two (today's limit, which Premium's three lift: upgrade), Premium after
        // three (today's limit at the top: come back tomorrow).
        QUOTA_CHAT_PER_DAY: '1,1,1,2,3',
        QUOTA_CHAT_PER_MONTH: '1,1,1,30,60',
      }),
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
})
