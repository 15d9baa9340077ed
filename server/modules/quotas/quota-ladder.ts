/**
 * The allowance ladder: how many uses of each metered feature every rung of reader gets a day and a month —
 * visitor, member (logged in, no plan), Base, Plus, Premium. The one table the quota service enforces and the plan
 * page shows (spec §6: logging in and paying must each give more, so every rung allows at least what the rung below
 * does, per day and per month; checked at boot). Base, Plus and Premium's diagnoses a month are the plans' 20, 30
 * and 60 (spec §6, §9) and not configurable; everything else comes from the QUOTA_* variables (quotas.config.ts).
 * Leaves counting uses to the quota service and the network ceiling's size to QUOTA_VISITORS_PER_NETWORK.
 */
import type { QuotaKind, Tier } from '#contracts/accounts.ts'

/** The rungs, lowest first. */
export const quotaRungs = ['visitor', 'member', 'base', 'plus', 'premium'] as const
export type QuotaRung = (typeof quotaRungs)[number]

export interface Allowance {
  daily: number
  monthly: number
}

export type QuotaLadder = Record<QuotaKind, Record<QuotaRung, Allowance>>

/** AI diagnoses a month by plan (spec §6 table, §9). */
export const planDiagnosesPerMonth: Record<Tier, number> = { base: 20, plus: 30, premium: 60 }

/**
 * The defaults. Diagnoses: a visitor can try the tool on a couple of stocks (2 a day, 4 a month), logging in gives
 * 2.5 times that (5 / 10), and each plan's day is half its month, so a subscriber can review a portfolio in one
 * sitting but not spend the month in a day. AI replies: a conversation takes several, so every rung gets more of
 * them, in the same order.
 */
export const defaultQuotaLadder: QuotaLadder = {
  diagnosis: {
    visitor: { daily: 2, monthly: 4 },
    member: { daily: 5, monthly: 10 },
    base: { daily: 10, monthly: planDiagnosesPerMonth.base },
    plus: { daily: 15, monthly: planDiagnosesPerMonth.plus },
    premium: { daily: 30, monthly: planDiagnosesPerMonth.premium },
  },
  chat: {
    visitor: { daily: 5, monthly: 10 },
    member: { daily: 10, monthly: 30 },
    base: { daily: 50, monthly: 300 },
    plus: { daily: 75, monthly: 600 },
    premium: { daily: 100, monthly: 1200 },
  },
  // Files in the chat: a reader attaches a few to a conversation; the allowance keeps storage and text extraction
  // bounded per reader (each file may be 50 MB).
  upload: {
    visitor: { daily: 5, monthly: 10 },
    member: { daily: 20, monthly: 100 },
    base: { daily: 50, monthly: 500 },
    plus: { daily: 100, monthly: 1000 },
    premium: { daily: 200, monthly: 2000 },
  },
}

/** The variables that set the ladder, by kind and period; each lists one number per configurable rung. */
export const quotaLadderVariables = {
  diagnosis: { daily: 'QUOTA_DIAGNOSIS_PER_DAY', monthly: 'QUOTA_DIAGNOSIS_PER_MONTH' },
  chat: { daily: 'QUOTA_CHAT_PER_DAY', monthly: 'QUOTA_CHAT_PER_MONTH' },
  upload: { daily: 'QUOTA_UPLOAD_PER_DAY', monthly: 'QUOTA_UPLOAD_PER_MONTH' },
} as const satisfies Record<QuotaKind, Record<keyof Allowance, string>>

export type QuotaLadderVariable = (typeof quotaLadderVariables)[QuotaKind][keyof Allowance]

/** The rungs a variable sets: the plans' diagnoses a month are fixed, so that one lists visitor and member only. */
function configurableRungs(kind: QuotaKind, period: keyof Allowance): readonly QuotaRung[] {
  return kind === 'diagnosis' && period === 'monthly' ? ['visitor', 'member'] : quotaRungs
}

/** Variables the ladder replaced; a deployment still setting one would silently lose its value. */
const replacedVariables = [
  'QUOTA_DIAGNOSIS_VISITOR_DAILY',
  'QUOTA_DIAGNOSIS_MEMBER_MONTHLY',
  'QUOTA_DIAGNOSIS_DAILY',
  'QUOTA_CHAT_VISITOR_DAILY',
  'QUOTA_CHAT_MEMBER_MONTHLY',
  'QUOTA_CHAT_DAILY',
  'QUOTA_VISITOR_NETWORK_DAILY',
]

/** Larger than any real allowance, and inside the database's integer counters. */
const largestAllowance = 1_000_000_000

/**
 * The ladder from the environment (unset or blank variables keep the defaults), or the one-line problem that names the
 * variable to fix: a list of the wrong length, a value that is not a whole number, or a rung below the one under it.
 */
export function readQuotaLadder(
  env: Partial<Record<string, string>>,
): { ladder: QuotaLadder } | { problem: string } {
  const variableValue = (name: string) => (env[name]?.trim() ? env[name].trim() : undefined)
  const replaced = replacedVariables.find((name) => variableValue(name) !== undefined)
  if (replaced) {
    return {
      problem: `${replaced} is no longer read: the allowance ladder replaced it (${Object.values(
        quotaLadderVariables,
      )
        .flatMap((v) => Object.values(v))
        .join(', ')}, QUOTA_VISITORS_PER_NETWORK; see .env.example); unset it`,
    }
  }
  const ladder = structuredClone(defaultQuotaLadder)
  for (const kind of Object.keys(quotaLadderVariables) as QuotaKind[]) {
    for (const period of ['daily', 'monthly'] as const) {
      const variable = quotaLadderVariables[kind][period]
      const text = variableValue(variable)
      if (text === undefined) continue
      const rungs = configurableRungs(kind, period)
      const values = text.split(',').map((value) => value.trim())
      const isWellFormed =
        values.length === rungs.length &&
        values.every((value) => /^\d+$/.test(value) && Number(value) <= largestAllowance)
      if (!isWellFormed) {
        const fixed =
          rungs.length < quotaRungs.length ? '; Base, Plus and Premium have their plans’ 20, 30 and 60' : ''
        return {
          problem: `${variable}: must be ${rungs.length} whole numbers separated by commas, for ${rungs.join(',')} (default ${rungs.map((rung) => defaultQuotaLadder[kind][rung][period]).join(',')})${fixed}`,
        }
      }
      rungs.forEach((rung, index) => {
        ladder[kind][rung][period] = Number(values[index])
      })
    }
  }
  const disorder = findLadderDisorder(ladder)
  if (disorder) {
    const { kind, period, rung, below } = disorder
    const variable = quotaLadderVariables[kind][period]
    const value = (r: QuotaRung) =>
      `${ladder[kind][r][period]}${configurableRungs(kind, period).includes(r) ? '' : ', its plan’s'}`
    return {
      problem: `${variable}: ${rung} (${value(rung)}) allows less than ${below} (${value(below)}); each rung must allow at least as much as the one below it (visitor ≤ member ≤ base ≤ plus ≤ premium)`,
    }
  }
  return { ladder }
}

/** The first rung that allows less than the rung below it, or null when the ladder is ordered. */
export function findLadderDisorder(
  ladder: QuotaLadder,
): { kind: QuotaKind; period: keyof Allowance; rung: QuotaRung; below: QuotaRung } | null {
  for (const kind of Object.keys(ladder) as QuotaKind[]) {
    for (const period of ['daily', 'monthly'] as const) {
      for (let index = 1; index < quotaRungs.length; index++) {
        const rung = quotaRungs[index] as QuotaRung
        const below = quotaRungs[index - 1] as QuotaRung
        if (ladder[kind][rung][period] < ladder[kind][below][period]) return { kind, period, rung, below }
      }
    }
  }
  return null
}
