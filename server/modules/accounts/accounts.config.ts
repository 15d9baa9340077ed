/**
 * The accounts module's slice of the configuration: the key of login-code hashes and visitor keys, session
 * lifetimes and the login limits. Refuses a missing or short AUTH_SECRET outside develop and an idle time longer
 * than the absolute one; leaves the SMS adapter to server/providers/sms/sms.config.ts and the calendar of the daily
 * code limit (LIMITS_TIME_ZONE) to the quotas module.
 */
import { z } from 'zod'
import type { AppEnv } from '#contracts/public-config.ts'
import { ConfigError } from '#server/config/config-error.ts'
import { type EnvOf, optionalText } from '#server/config/env-values.ts'

export const accountsEnv = {
  /** Keys the login-code hashes (HMAC-SHA-256) and visitor keys; at least 32 characters outside develop. */
  AUTH_SECRET: optionalText,
  SESSION_IDLE_DAYS: z.coerce.number().positive().max(365).default(7),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().max(365).default(30),
  /** Login codes one mobile number may receive per calendar day (LIMITS_TIME_ZONE). */
  LOGIN_CODE_DAILY_LIMIT: z.coerce.number().int().min(1).max(100).default(10),
  /** Requests one IP address may make per hour to each of the code and login endpoints. */
  LOGIN_IP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(30),
}

/** The slice the accounts variables fill in `Config`. */
export interface AccountsSlice {
  auth: AuthConfig
}

export interface AuthConfig {
  secret: string
  sessionIdleMs: number
  sessionAbsoluteMs: number
  codeDailyLimit: number
  ipLimitPerHour: number
}

/** A fixed, public secret keeps development logins working across restarts; it is refused anywhere else. */
const developmentAuthSecret = 'tickerwise-development-secret-not-for-real-use'

export function accountsConfigOf(e: EnvOf<typeof accountsEnv> & { APP_ENV: AppEnv }): AccountsSlice {
  if (e.APP_ENV !== 'develop' && (!e.AUTH_SECRET || e.AUTH_SECRET.length < 32)) {
    throw new ConfigError('AUTH_SECRET must be set to at least 32 characters when APP_ENV is not develop')
  }
  const dayMs = 24 * 60 * 60 * 1000
  if (e.SESSION_IDLE_DAYS > e.SESSION_ABSOLUTE_DAYS) {
    throw new ConfigError('SESSION_IDLE_DAYS cannot be longer than SESSION_ABSOLUTE_DAYS')
  }
  return {
    auth: {
      secret: e.AUTH_SECRET ?? developmentAuthSecret,
      sessionIdleMs: Math.round(e.SESSION_IDLE_DAYS * dayMs),
      sessionAbsoluteMs: Math.round(e.SESSION_ABSOLUTE_DAYS * dayMs),
      codeDailyLimit: e.LOGIN_CODE_DAILY_LIMIT,
      ipLimitPerHour: e.LOGIN_IP_LIMIT_PER_HOUR,
    },
  }
}
