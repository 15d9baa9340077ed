/**
 * The SMS adapter's slice of the configuration (SMS_PROVIDER, TWILIO_*). Refuses the console adapter when
 * APP_ENV=production, since it writes login codes to the log, and a Twilio adapter missing any of its settings.
 */
import { z } from 'zod'
import type { AppEnv } from '#contracts/public-config.ts'
import { ConfigError } from '#server/config/config-error.ts'
import { type EnvOf, optionalText } from '#server/config/env-values.ts'

export const smsEnv = {
  /** SMS adapter: `console` (log + development outbox; refused in production) or `twilio`. */
  SMS_PROVIDER: z.enum(['console', 'twilio']).default('console'),
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  /** Sender: a Twilio phone number in E.164, or a Messaging Service SID (MG…). */
  TWILIO_FROM: optionalText,
  TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),
}

/** The slice the SMS variables fill in `Config`. */
export interface SmsSlice {
  sms: SmsConfig
}

export type SmsConfig =
  | { provider: 'console' }
  | { provider: 'twilio'; accountSid: string; authToken: string; from: string; baseUrl: string }

export function smsConfigOf(e: EnvOf<typeof smsEnv> & { APP_ENV: AppEnv }): SmsSlice {
  if (e.SMS_PROVIDER === 'console') {
    if (e.APP_ENV === 'production') {
      throw new ConfigError(
        'SMS_PROVIDER=console writes login codes to the log and is refused when APP_ENV=production; set SMS_PROVIDER=twilio',
      )
    }
    return { sms: { provider: 'console' } }
  }
  const missing = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const).filter(
    (name) => !e[name],
  )
  if (missing.length > 0) throw new ConfigError(`SMS_PROVIDER=twilio needs ${missing.join(', ')}`)
  return {
    sms: {
      provider: 'twilio',
      accountSid: e.TWILIO_ACCOUNT_SID ?? '',
      authToken: e.TWILIO_AUTH_TOKEN ?? '',
      from: e.TWILIO_FROM ?? '',
      baseUrl: e.TWILIO_BASE_URL.replace(/\/+$/, ''),
    },
  }
}
