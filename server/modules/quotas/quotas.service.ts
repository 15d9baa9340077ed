/**
 * Quotas of metered features (AI diagnoses now, AI chat replies later): how many uses a reader has left this
 * month and today, and taking one. Decides the limits by role and tier (spec §6, §9) and which message a refusal
 * carries (spec §8); leaves who the reader is to accounts (`Reader`) and what a use produces to the caller.
 *
 *   const status = await services.quotas.consume({ reader: request.reader, kind: 'diagnosis' })
 *   // … run the diagnosis; if it fails for a reason that is ours, give the use back:
 *   await services.quotas.refund(status.receipt)
 *
 * `consume` throws AppError('limited', code) with the code of QuotaErrorCode[kind][visitor|member|subscriber|daily].
 */
import { QuotaErrorCode, type QuotaKind, type QuotaStatus, type Tier } from '#contracts/accounts.ts'
import { type Clock, calendarOf } from '#server/clock.ts'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { Reader } from '#server/modules/accounts/reader.ts'
import {
  consumeUse,
  countNetworkUses,
  deleteUsageBefore,
  findUsage,
  returnUse,
  type UsageKey,
  type UsageLimits,
} from './quotas.repo.ts'

/** AI diagnoses per month by tier (spec §6 table). */
export const diagnosesPerMonth: Record<Tier, number> = { base: 20, plus: 30, premium: 60 }

/** A visitor's uses a day: their own allowance, never above the daily cap for everyone. */
export function visitorDailyLimitOf(config: Config, kind: QuotaKind): number {
  return Math.min(config.quotas[kind].visitorDaily, config.quotas[kind].daily)
}

/** Proof of one use, to give it back with `refund`. */
export interface QuotaReceipt {
  kind: QuotaKind
  subject: string
  month: string
  day: string
}

export interface QuotaRequest {
  reader: Reader
  kind: QuotaKind
}

export function createQuotaService({ db, config, clock }: { db: Db; config: Config; clock: Clock }) {
  /** Visitors have a daily allowance and no monthly one (the daily reset is what a visitor can wait for). */
  function monthlyLimitOf(reader: Reader, kind: QuotaKind): number | null {
    const limits = config.quotas[kind]
    if (reader.role === 'visitor') return null
    if (reader.role === 'member' || !reader.tier) return limits.memberMonthly
    return kind === 'diagnosis' ? diagnosesPerMonth[reader.tier] : null
  }

  function usageKeyOf(reader: Reader, kind: QuotaKind, month: string): UsageKey {
    const subject = reader.memberId ? `member:${reader.memberId}` : `device:${reader.device.key}`
    return { kind, subject, month }
  }

  function limitsOf(reader: Reader, kind: QuotaKind): UsageLimits {
    const network =
      reader.role === 'visitor' && reader.device.network
        ? { key: reader.device.network, daily: config.quotas.visitorNetworkDaily }
        : null
    const daily = reader.role === 'visitor' ? visitorDailyLimitOf(config, kind) : config.quotas[kind].daily
    return { monthly: monthlyLimitOf(reader, kind), daily, network }
  }

  function statusOf(
    reader: Reader,
    kind: QuotaKind,
    limits: UsageLimits,
    used: { month: number; today: number },
  ): QuotaStatus {
    const monthlyRemaining = limits.monthly === null ? null : Math.max(0, limits.monthly - used.month)
    const dailyRemaining = Math.max(0, limits.daily - used.today)
    return {
      kind,
      role: reader.role,
      tier: reader.tier,
      monthlyLimit: limits.monthly,
      monthlyRemaining,
      dailyLimit: limits.daily,
      dailyRemaining,
      remaining: monthlyRemaining === null ? dailyRemaining : Math.min(monthlyRemaining, dailyRemaining),
    }
  }

  /**
   * The refusal for a reader with nothing left: the monthly reason wins, since tomorrow would not help. A visitor
   * is always told to log in: a member's uses are counted apart from the device's, so logging in helps at once.
   */
  function refusalOf(reader: Reader, kind: QuotaKind, status: QuotaStatus): AppError {
    const codes: Partial<Record<string, string>> & { daily: string } = QuotaErrorCode[kind]
    const byRole = reader.role === 'visitor' || status.monthlyRemaining === 0
    const code = byRole ? (codes[reader.role] ?? codes.daily) : codes.daily
    return new AppError('limited', code, { params: { remaining: 0 } })
  }

  /** What the reader has left, without using anything (for "N left" beside a button). */
  async function peek({ reader, kind }: QuotaRequest): Promise<QuotaStatus> {
    const { day, month } = calendarOf(clock.now(), config.limitsTimeZone)
    const limits = limitsOf(reader, kind)
    const usage = await findUsage(db, usageKeyOf(reader, kind, month))
    const status = statusOf(reader, kind, limits, {
      month: usage?.monthUsed ?? 0,
      today: usage?.day === day ? usage.dayUsed : 0,
    })
    if (limits.network && status.remaining > 0) {
      const networkUses = await countNetworkUses(db, kind, month, day, limits.network.key)
      if (networkUses >= limits.network.daily) return { ...status, dailyRemaining: 0, remaining: 0 }
    }
    return status
  }

  /** Takes one use, atomically; throws AppError('limited', code) when none is left. */
  async function consume({ reader, kind }: QuotaRequest): Promise<QuotaStatus & { receipt: QuotaReceipt }> {
    const now = clock.now()
    const { day, month } = calendarOf(now, config.limitsTimeZone)
    const key = usageKeyOf(reader, kind, month)
    const limits = limitsOf(reader, kind)
    const hasAllowance = limits.daily > 0 && limits.monthly !== 0 && (limits.network?.daily ?? 1) > 0
    const row = hasAllowance ? await consumeUse(db, key, day, limits, now) : undefined
    if (!row) throw refusalOf(reader, kind, await peek({ reader, kind }))
    const status = statusOf(reader, kind, limits, { month: row.monthUsed, today: row.dayUsed })
    return { ...status, receipt: { kind, subject: key.subject, month, day } }
  }

  /** Gives back a use taken by `consume` (e.g. the diagnosis failed on our side). */
  async function refund(receipt: QuotaReceipt): Promise<void> {
    await returnUse(db, { kind: receipt.kind, subject: receipt.subject, month: receipt.month }, receipt.day)
  }

  /** Drops the counters of past months (operator housekeeping; `npm run ops -- accounts:purge`). */
  async function purgePastMonths(): Promise<void> {
    await deleteUsageBefore(db, calendarOf(clock.now(), config.limitsTimeZone).month)
  }

  return { peek, consume, refund, purgePastMonths }
}

export type QuotaService = ReturnType<typeof createQuotaService>
