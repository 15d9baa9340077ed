/**
 * Quotas of metered features (AI diagnoses now, AI chat replies later): how many uses a reader has left today and
 * this month, and taking one. Enforces the allowance ladder (quota-ladder.ts: visitor < member < Base < Plus <
 * Premium, per day and per month; spec §6, §9), the visitors' network ceiling, and which message a refusal carries
 * (spec §8); leaves who the reader is to accounts (`Reader`) and what a use produces to the caller.
 *
 *   const status = await services.quotas.consume({ reader: request.reader, kind: 'diagnosis' })
 *   // … run the diagnosis; if it fails for a reason that is ours, give the use back:
 *   await services.quotas.refund(status.receipt)
 *
 * `consume` throws AppError('limited', code) with the code of QuotaErrorCode[kind][visitor|member|subscriber|daily|network].
 */
import { QuotaErrorCode, type QuotaKind, type QuotaLimit, type QuotaStatus } from '#contracts/accounts.ts'
import { type Clock, calendarOf } from '#server/clock.ts'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { Reader } from '#server/kernel/reader.ts'
import { type QuotaLadder, type QuotaRung, quotaRungs } from './quota-ladder.ts'
import {
  consumeUse,
  countNetworkUses,
  deleteUsageBefore,
  findUsage,
  returnUse,
  type UsageKey,
  type UsageLimits,
} from './quotas.repo.ts'

/** The reader's rung of the ladder: a subscriber's plan, else logged in or not. */
export function rungOf(reader: Pick<Reader, 'role' | 'tier'>): QuotaRung {
  if (reader.role === 'subscriber' && reader.tier) return reader.tier
  return reader.role === 'visitor' ? 'visitor' : 'member'
}

/**
 * Uses a day all visitors behind one network may take together: QUOTA_VISITORS_PER_NETWORK visitors' allowances,
 * so the ceiling grows with the visitor's rung and a carrier's shared address still serves many phones.
 */
export function networkDailyLimitOf(config: Config, kind: QuotaKind): number {
  return config.quotas.visitorsPerNetwork * config.quotas.ladder[kind].visitor.daily
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
  const ladder = config.quotas.ladder

  function usageKeyOf(reader: Reader, kind: QuotaKind, month: string): UsageKey {
    const subject = reader.memberId ? `member:${reader.memberId}` : `device:${reader.device.key}`
    return { kind, subject, month }
  }

  function limitsOf(reader: Reader, kind: QuotaKind): UsageLimits {
    const { daily, monthly } = ladder[kind][rungOf(reader)]
    const network =
      reader.role === 'visitor' && reader.device.network
        ? { key: reader.device.network, daily: networkDailyLimitOf(config, kind) }
        : null
    return { monthly, daily, network }
  }

  function statusOf(
    reader: Reader,
    kind: QuotaKind,
    limits: UsageLimits,
    used: { month: number; today: number },
  ): QuotaStatus {
    const monthlyRemaining = limits.monthly === null ? null : Math.max(0, limits.monthly - used.month)
    const dailyRemaining = Math.max(0, limits.daily - used.today)
    const remaining = monthlyRemaining === null ? dailyRemaining : Math.min(monthlyRemaining, dailyRemaining)
    const limitedBy: QuotaLimit | null = remaining > 0 ? null : monthlyRemaining === 0 ? 'month' : 'day'
    return {
      kind,
      role: reader.role,
      tier: reader.tier,
      monthlyLimit: limits.monthly,
      monthlyRemaining,
      dailyLimit: limits.daily,
      dailyRemaining,
      remaining,
      limitedBy,
    }
  }

  /**
   * The refusal for a reader with nothing left. The network's ceiling is named as such (a visitor who used
   * nothing learns why and that logging in helps); otherwise the monthly reason wins, since tomorrow would not help.
   * A visitor is always told to log in: a member's uses are counted apart from the device's, so logging in helps at
   * once.
   */
  function refusalOf(reader: Reader, kind: QuotaKind, status: QuotaStatus): AppError {
    const codes = QuotaErrorCode[kind]
    const code =
      status.limitedBy === 'network'
        ? codes.network
        : reader.role === 'visitor' || status.limitedBy === 'month'
          ? codes[reader.role]
          : dailyCodeOf(reader, kind)
    return new AppError('limited', code, { params: { remaining: 0 } })
  }

  /**
   * A member's or subscriber's day used up: when a plan above theirs allows more a day, the refusal offers it
   * (subscribe, or upgrade); only at the top of the ladder is tomorrow the one way forward.
   */
  function dailyCodeOf(reader: Reader, kind: QuotaKind): string {
    const codes = QuotaErrorCode[kind]
    const rung = rungOf(reader)
    const daily = ladder[kind][rung].daily
    const higherAllowsMore = quotaRungs
      .slice(quotaRungs.indexOf(rung) + 1)
      .some((higher) => ladder[kind][higher].daily > daily)
    if (!higherAllowsMore) return codes.daily
    return reader.role === 'member' ? codes.dailyMember : codes.dailySubscriber
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
      if (networkUses >= limits.network.daily) return { ...status, remaining: 0, limitedBy: 'network' }
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

  /** The ladder this service enforces, for the pages that show it (/subscribe). */
  function getLadder(): QuotaLadder {
    return ladder
  }

  return { peek, consume, refund, purgePastMonths, getLadder }
}

export type QuotaService = ReturnType<typeof createQuotaService>
