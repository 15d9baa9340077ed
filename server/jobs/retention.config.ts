/**
 * Retention's slice of the configuration: how long the housekeeping job keeps what piles up (server/jobs/retention.ts).
 * Days count back from the job's run; 0 keeps forever, except for the files of deleted conversations, where 0 means
 * "at the next housekeeping run" (a reader who deleted a conversation expects its files gone, not kept).
 */
import { z } from 'zod'
import type { EnvOf } from '#server/config/env-values.ts'

const days = z.coerce.number().int().min(0).max(36_500)

export const retentionEnv = {
  /** The newest revisions of each article that are always kept, however old. */
  ARTICLE_REVISIONS_KEEP: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Older revisions (beyond ARTICLE_REVISIONS_KEEP) are forgotten after this many days. */
  RETENTION_ARTICLE_REVISIONS_DAYS: days.default(365),
  /** Console audit entries are forgotten after this many days. */
  RETENTION_AUDIT_LOG_DAYS: days.default(730),
  /**
   * Raw reading events, once the analytics rollup has counted them, are forgotten after this many days; at least 7
   * (the home page's hot topics count the last week's reads).
   */
  RETENTION_ANALYTICS_EVENTS_DAYS: days
    .refine((value) => value === 0 || value >= 7, 'must be 0 (keep forever) or at least 7 days')
    .default(90),
  /** The stored files of deleted chat conversations are removed after this many days (0: at the next run). */
  RETENTION_DELETED_CHAT_FILES_DAYS: days.default(0),
  /** Login sessions that ended (expired, idle or replaced) are forgotten this many days after they ended. */
  RETENTION_ENDED_SESSIONS_DAYS: days.default(30),
  /**
   * Mail queued this many days ago and done with (sent, failed, suppressed), and the outbox's copies, are forgotten;
   * at least 90 (the digest desk's send log counts the last 12 weeks' issues from the queue).
   */
  RETENTION_MAIL_DAYS: days
    .refine((value) => value === 0 || value >= 90, 'must be 0 (keep forever) or at least 90 days')
    .default(180),
  /** Notifications (read or not) and the alert crossings delivered to them are forgotten after this many days. */
  RETENTION_NOTIFICATIONS_DAYS: days
    .refine((value) => value === 0 || value >= 7, 'must be 0 (keep forever) or at least 7 days')
    .default(365),
}

/** The slice the retention variables fill in `Config`. */
export interface RetentionSlice {
  retention: RetentionSettings
}

/** Days are `null` when kept forever. */
export interface RetentionSettings {
  articleRevisionsKept: number
  articleRevisionsDays: number | null
  auditLogDays: number | null
  analyticsEventsDays: number | null
  deletedChatFilesDays: number
  endedSessionsDays: number | null
  mailDays: number | null
  notificationsDays: number | null
}

const forever = (value: number): number | null => (value === 0 ? null : value)

export function retentionConfigOf(e: EnvOf<typeof retentionEnv>): RetentionSlice {
  return {
    retention: {
      articleRevisionsKept: e.ARTICLE_REVISIONS_KEEP,
      articleRevisionsDays: forever(e.RETENTION_ARTICLE_REVISIONS_DAYS),
      auditLogDays: forever(e.RETENTION_AUDIT_LOG_DAYS),
      analyticsEventsDays: forever(e.RETENTION_ANALYTICS_EVENTS_DAYS),
      deletedChatFilesDays: e.RETENTION_DELETED_CHAT_FILES_DAYS,
      endedSessionsDays: forever(e.RETENTION_ENDED_SESSIONS_DAYS),
      mailDays: forever(e.RETENTION_MAIL_DAYS),
      notificationsDays: forever(e.RETENTION_NOTIFICATIONS_DAYS),
    },
  }
}
