/**
 * The quotas module's slice of the configuration: the allowance ladder (QUOTA_*; what the numbers mean and the
 * order checked at boot are quota-ladder.ts's), the network ceiling on visitors' uses, and the time zone whose days
 * and months quotas and the daily login-code limit count. Refuses a disordered ladder, a replaced variable and an
 * unknown time zone.
 */
import { z } from 'zod'
import { ConfigError } from '#server/config/config-error.ts'
import { type EnvOf, optionalText } from '#server/config/env-values.ts'
import { type QuotaLadder, readQuotaLadder } from './quota-ladder.ts'

export const quotasEnv = {
  /** Day and month boundaries of quotas and the daily code limit. */
  LIMITS_TIME_ZONE: z.string().default('UTC'),
  /**
   * The allowance ladder (server/modules/quotas/quota-ladder.ts: defaults, and the order checked at boot): uses a
   * day and a month per rung, comma-separated for visitor,member,base,plus,premium. Diagnoses a month list visitor
   * and member only: the plans' 20, 30 and 60 are fixed (spec §6).
   */
  QUOTA_DIAGNOSIS_PER_DAY: optionalText,
  QUOTA_DIAGNOSIS_PER_MONTH: optionalText,
  QUOTA_CHAT_PER_DAY: optionalText,
  QUOTA_CHAT_PER_MONTH: optionalText,
  QUOTA_UPLOAD_PER_DAY: optionalText,
  QUOTA_UPLOAD_PER_MONTH: optionalText,
  /**
   * Visitors' daily allowances that one network (IPv4 address or IPv6 /64) may use a day, across devices, so that
   * clearing cookies does not refill them; large, since a mobile carrier puts many phones behind one IPv4 address.
   */
  QUOTA_VISITORS_PER_NETWORK: z.coerce.number().int().min(1).max(1_000_000).default(100),
}

/** The slice the quota variables fill in `Config`. */
export interface QuotasSlice {
  /** IANA time zone of quota days and months and of the daily code limit. */
  limitsTimeZone: string
  quotas: QuotaConfig
}

export interface QuotaConfig {
  /** Uses a day and a month per rung (visitor, member, Base, Plus, Premium), ordered. */
  ladder: QuotaLadder
  /** A network's daily ceiling on visitors' uses, in visitors' daily allowances. */
  visitorsPerNetwork: number
}

/**
 * `env` is the environment as given: the ladder's variables are read as written (blank = unset), to catch replaced
 * ones too, which the parsed values do not hold.
 */
export function quotasConfigOf(e: EnvOf<typeof quotasEnv>, env: NodeJS.ProcessEnv): QuotasSlice {
  const read = readQuotaLadder(env)
  if ('problem' in read) throw new ConfigError(read.problem)
  if (!isTimeZone(e.LIMITS_TIME_ZONE))
    throw new ConfigError(`LIMITS_TIME_ZONE: unknown time zone ${e.LIMITS_TIME_ZONE}`)
  return {
    limitsTimeZone: e.LIMITS_TIME_ZONE,
    quotas: { ladder: read.ladder, visitorsPerNetwork: e.QUOTA_VISITORS_PER_NETWORK },
  }
}

function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone })
    return true
  } catch {
    return false
  }
}
