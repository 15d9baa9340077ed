/**
 * Retention: what the site forgets, and when (RETENTION_* and ARTICLE_REVISIONS_KEEP, retention.config.ts), applied
 * by the hourly housekeeping job (docs/decisions/0030). Decides only the instants: each owning module deletes its
 * own rows, a batch at a time (server/db/batches.ts), through the function it is handed here:
 * - article revisions older than their days, except the newest ARTICLE_REVISIONS_KEEP of each article;
 * - console audit entries;
 * - raw reading events, and never one the analytics rollup has not counted yet (the rollup's mark bounds the cut);
 * - the stored files of deleted chat conversations (their rows went with the conversation);
 * - login sessions, counted from when they ended;
 * - mail done with (sent, failed, suppressed) and the outbox's copies; never a message still to send;
 * - notifications, read or not, and the alert crossings delivered to them.
 */
import type { Clock } from '#server/clock.ts'
import type { RetentionSettings } from './retention.config.ts'

const dayMs = 24 * 60 * 60 * 1000

export interface RetentionDependencies {
  settings: RetentionSettings
  clock: Clock
  forgetArticleRevisions(rule: { kept: number; before: Date }): Promise<number>
  forgetAuditEntriesBefore(before: Date): Promise<number>
  /** Everything recorded before this instant is counted by the analytics rollup; null while nothing is. */
  analyticsRolledUntil(): Promise<Date | null>
  forgetTrackingEventsBefore(before: Date): Promise<number>
  removeDeletedConversationFiles(before: Date): Promise<number>
  forgetSessionsEndedBefore(before: Date): Promise<number>
  forgetMailBefore(before: Date): Promise<number>
  forgetNotificationsBefore(before: Date): Promise<number>
  forgetDeliveredAlertEventsBefore(before: Date): Promise<number>
}

/** How many went of each, in one run. */
export interface RetentionOutcome {
  articleRevisions: number
  auditEntries: number
  trackingEvents: number
  chatFiles: number
  sessions: number
  mail: number
  notifications: number
  alertEvents: number
}

export function createRetention(deps: RetentionDependencies) {
  const { settings, clock } = deps

  /**
   * Applies every rule. Each is applied even when another fails (file storage down must not keep sessions forever);
   * failures are thrown together at the end, so the job is recorded as failed and runs again within the hour.
   */
  async function applyRetention(): Promise<RetentionOutcome> {
    const now = clock.now().getTime()
    const daysAgo = (days: number) => new Date(now - days * dayMs)
    const outcome: RetentionOutcome = {
      articleRevisions: 0,
      auditEntries: 0,
      trackingEvents: 0,
      chatFiles: 0,
      sessions: 0,
      mail: 0,
      notifications: 0,
      alertEvents: 0,
    }
    const failures: unknown[] = []
    const apply = async (what: keyof RetentionOutcome, rule: () => Promise<number>) => {
      try {
        outcome[what] = await rule()
      } catch (error) {
        failures.push(error)
      }
    }
    const {
      articleRevisionsDays,
      auditLogDays,
      analyticsEventsDays,
      endedSessionsDays,
      mailDays,
      notificationsDays,
    } = settings
    if (articleRevisionsDays !== null) {
      await apply('articleRevisions', () =>
        deps.forgetArticleRevisions({
          kept: settings.articleRevisionsKept,
          before: daysAgo(articleRevisionsDays),
        }),
      )
    }
    if (auditLogDays !== null) {
      await apply('auditEntries', () => deps.forgetAuditEntriesBefore(daysAgo(auditLogDays)))
    }
    if (analyticsEventsDays !== null) {
      await apply('trackingEvents', async () => {
        const rolledUntil = await deps.analyticsRolledUntil()
        if (!rolledUntil) return 0
        const cut = daysAgo(analyticsEventsDays)
        return deps.forgetTrackingEventsBefore(new Date(Math.min(rolledUntil.getTime(), cut.getTime())))
      })
    }
    if (endedSessionsDays !== null) {
      await apply('sessions', () => deps.forgetSessionsEndedBefore(daysAgo(endedSessionsDays)))
    }
    if (mailDays !== null) {
      await apply('mail', () => deps.forgetMailBefore(daysAgo(mailDays)))
    }
    if (notificationsDays !== null) {
      await apply('notifications', () => deps.forgetNotificationsBefore(daysAgo(notificationsDays)))
      await apply('alertEvents', () => deps.forgetDeliveredAlertEventsBefore(daysAgo(notificationsDays)))
    }
    await apply('chatFiles', () =>
      // 0 days: everything listed up to now, this run.
      deps.removeDeletedConversationFiles(new Date(now - settings.deletedChatFilesDays * dayMs + 1)),
    )
    if (failures.length === 1) throw failures[0]
    if (failures.length > 1) throw new AggregateError(failures, 'retention: several rules failed')
    return outcome
  }

  return { settings, applyRetention }
}

export type Retention = ReturnType<typeof createRetention>
