/**
 * The site's recurring jobs, registered on the scheduler by the process entries (main.ts, dev.ts):
 * - `market-data:<market>` — the refresh of one market after its exchange's close (MARKET_DATA_REFRESH_DELAY_MINUTES
 *   later), and once at start to catch up after downtime (it skips what is already current); then the market's
 *   alerts are evaluated (server/modules/alerts), even when the refresh failed part-way: what is stored is current;
 * - `housekeeping` — hourly: expired rate-limit counters, diagnosis views of past days, chat files a stopped
 *   process left half-read (read again), the temporary files a killed process left (removed), and what retention
 *   forgets (retention.ts);
 * - `article-schedule` — every minute: publishes the scheduled articles whose time has come;
 * - `analytics-rollup` — every 5 minutes: adds what readers did since the last run to the daily analytics tables;
 * - `mail-queue` — every 5 seconds: sends the queued mail that is due (server/modules/mail);
 * - `renewal-reminders` — daily (and at start): mails the plans that renew within 7 days, once per renewal.
 * - `weekly-digest` — Mondays 08:00 in the firm's time zone: queues the week's digest (server/modules/newsletter).
 */
import { type Market, markets } from '#contracts/regions.ts'
import type { Runtime } from '#server/boot.ts'
import type { SessionMove } from '#server/modules/alerts/alerts.service.ts'
import { nextRefreshAt } from '#server/modules/stocks/market-sessions.ts'
import type { Services } from '#server/services.ts'
import { createScheduler, type Job, type JobLogger, type JobOutcome, type Scheduler } from './scheduler.ts'

export const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000

export function marketDataJobs(runtime: Pick<Runtime, 'config' | 'services'>): Job[] {
  const { config, services } = runtime
  return markets.map((market) => ({
    name: `market-data:${market}`,
    runAtStart: true,
    nextRunAt: (after) => nextRefreshAt(market, after, config.marketData.refreshDelayMinutes),
    run: async (signal) => {
      await refreshMarketWithAlerts(services, market, { trigger: 'schedule', signal })
    },
  }))
}

/**
 * A market's refresh, then its alerts against what it stored. The evaluation records each crossing once whoever runs
 * it (ADR 0041), so the operator's refresh and a test's may run it beside the job.
 */
export async function refreshMarketWithAlerts(
  services: Pick<Services, 'stockRefresh' | 'alerts'>,
  market: Market,
  options: {
    trigger: 'schedule' | 'operator'
    signal?: AbortSignal | undefined
    /** The journeys' test endpoint only: a stock's session read as a big move. */
    move?: SessionMove | undefined
  },
): Promise<void> {
  try {
    await services.stockRefresh.refreshMarket(market, {
      trigger: options.trigger,
      ...(options.signal ? { signal: options.signal } : {}),
    })
  } finally {
    await services.alerts.evaluateMarket(market, options.move)
  }
}

export function housekeepingJob(runtime: Pick<Runtime, 'services'>): Job {
  return {
    name: 'housekeeping',
    nextRunAt: (after) => new Date(after.getTime() + HOUSEKEEPING_EVERY_MS),
    run: async () => {
      await runtime.services.rateLimiter.deleteExpired()
      await runtime.services.stocks.forgetPastDiagnosisViews()
      await runtime.services.chatFiles.resumeStalledReadings()
      await runtime.services.chatFiles.removeLeftoverFiles()
      await runtime.services.retention.applyRetention()
    },
  }
}

export const BILLING_RENEWALS_EVERY_MS = 5 * 60 * 1000

/** `billing-renewals` — every 5 minutes: the demo provider's renewals and the ends of cancelled plans (Stripe renews itself). */
export function billingRenewalsJob(runtime: Pick<Runtime, 'services'>): Job {
  return {
    name: 'billing-renewals',
    runAtStart: true,
    nextRunAt: (after) => new Date(after.getTime() + BILLING_RENEWALS_EVERY_MS),
    run: async () => {
      await runtime.services.billing.renewDueSubscriptions()
    },
  }
}

/**
 * `article-schedule` — at the start of every minute (and once at start, after downtime): publishes the scheduled
 * articles whose time has come (article-editing.service.ts `publishDueArticles`).
 */
export function articleScheduleJob(runtime: Pick<Runtime, 'services'>): Job {
  return {
    name: 'article-schedule',
    runAtStart: true,
    nextRunAt: (after) => new Date(Math.floor(after.getTime() / 60_000) * 60_000 + 60_000),
    run: async () => {
      await runtime.services.console.newsroom.publishDueArticles()
    },
  }
}

export const ANALYTICS_ROLLUP_EVERY_MS = 5 * 60 * 1000

/**
 * `analytics-rollup` — every 5 minutes (and once at start): adds the tracking events, sign-ups, logins, diagnoses
 * and chat questions recorded since its last run to the daily tables the console's dashboard reads (ADR 0016).
 * Often enough that past days are complete before housekeeping forgets diagnosis views and login codes.
 */
export function analyticsRollupJob(runtime: Pick<Runtime, 'services'>): Job {
  return {
    name: 'analytics-rollup',
    runAtStart: true,
    nextRunAt: (after) => new Date(after.getTime() + ANALYTICS_ROLLUP_EVERY_MS),
    run: async () => {
      await runtime.services.console.analytics.rollUp()
    },
  }
}

export const MAIL_QUEUE_EVERY_MS = 5 * 1000

/**
 * `mail-queue` — every 5 seconds (and at start): sends the mail that is due, retries included (mail.service.ts
 * `deliverDue`). One process runs it at a time; a message is claimed by one sender even if two ever overlap.
 */
export function mailQueueJob(runtime: Pick<Runtime, 'services'>): Job {
  return {
    name: 'mail-queue',
    runAtStart: true,
    quiet: true,
    nextRunAt: (after) => new Date(after.getTime() + MAIL_QUEUE_EVERY_MS),
    run: async (signal) => {
      await runtime.services.mail.deliverDue(signal)
    },
  }
}

export const RENEWAL_REMINDERS_EVERY_MS = 24 * 60 * 60 * 1000

/**
 * `renewal-reminders` — daily (and at start, so a restart does not skip a day): queues the reminder of each plan
 * renewing within 7 days (billing-renewals.ts `remindRenewals`); its idempotency key makes every run after the
 * first, in this process or another, a no-op for the same renewal.
 */
export function renewalRemindersJob(runtime: Pick<Runtime, 'services'>): Job {
  return {
    name: 'renewal-reminders',
    runAtStart: true,
    nextRunAt: (after) => new Date(after.getTime() + RENEWAL_REMINDERS_EVERY_MS),
    run: async () => {
      await runtime.services.billing.remindRenewals()
    },
  }
}

/**
 * `weekly-digest` — every Monday at 08:00 in the firm's time zone (LIMITS_TIME_ZONE), and once at start: queues the
 * week's digest to every confirmed sign-up (digest.service.ts `sendScheduledIssue`). A start within a day of the
 * issue's time catches up on an issue a stopped process missed; its idempotency keys make any repeat a no-op.
 */
export function weeklyDigestJob(runtime: Pick<Runtime, 'services'>): Job {
  return {
    name: 'weekly-digest',
    runAtStart: true,
    nextRunAt: (after) => runtime.services.digest.nextIssueAt(after),
    run: async () => {
      await runtime.services.digest.sendScheduledIssue()
    },
  }
}

/** Builds the scheduler with every job and starts it (unless JOBS_ENABLED is false). */
export function startJobs(
  runtime: Runtime,
  log: JobLogger,
  onOutcome?: (job: string, outcome: JobOutcome) => void,
): Scheduler {
  const scheduler = createScheduler({ database: runtime.database, log, ...(onOutcome ? { onOutcome } : {}) })
  for (const job of [
    ...marketDataJobs(runtime),
    housekeepingJob(runtime),
    billingRenewalsJob(runtime),
    articleScheduleJob(runtime),
    analyticsRollupJob(runtime),
    mailQueueJob(runtime),
    renewalRemindersJob(runtime),
    weeklyDigestJob(runtime),
  ])
    scheduler.register(job)
  if (runtime.config.jobsEnabled) scheduler.start()
  return scheduler
}
