/**
 * The mail adapter's slice of the configuration (MAIL_PROVIDER, SMTP_*, MAIL_FROM). Refuses the outbox adapter when
 * APP_ENV=production unless MAIL_OUTBOX_IN_PRODUCTION says a public demo site wants it (like the demo payments):
 * on a real site, mail kept in the console's outbox never reaches the reader. Refuses an SMTP adapter without a
 * server.
 */
import { z } from 'zod'
import type { AppEnv } from '#contracts/public-config.ts'
import { ConfigError } from '#server/config/config-error.ts'
import { booleanFromEnv, type EnvOf, optionalText } from '#server/config/env-values.ts'

export const mailEnv = {
  /** Mail adapter: `outbox` (kept in a table the console shows; refused in production unless allowed) or `smtp`. */
  MAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
  MAIL_OUTBOX_IN_PRODUCTION: booleanFromEnv.default(false),
  /** The whole SMTP server as one URL: smtp://user:pass@host:587 or smtps://user:pass@host:465. */
  SMTP_URL: optionalText.pipe(z.url().optional()),
  /** Or its parts (used when SMTP_URL is unset). */
  SMTP_HOST: optionalText,
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: optionalText,
  SMTP_PASS: optionalText,
  /** Implicit TLS (port 465); otherwise STARTTLS when the server offers it. */
  SMTP_SECURE: booleanFromEnv.default(false),
  /** The sender every message carries. */
  MAIL_FROM: z.string().trim().min(3).default('Tickerwise <no-reply@tickerwise.localhost>'),
  /**
   * The provider's webhook signing key: with it, `POST /api/portal/mail/events` takes its bounce and complaint
   * events (Mailgun's format, mailgun-events.ts) and suppresses the address; without it that URL is not there.
   */
  MAIL_EVENTS_SIGNING_KEY: optionalText,
}

/** The slice the mail variables fill in `Config`. */
export interface MailSlice {
  mail: MailConfig
  /** The key delivery events are signed with; null when the site takes none. */
  mailEventsSigningKey: string | null
}

export type SmtpSettings = {
  /** smtp:// or smtps:// URL, credentials included when there are any. */
  url: string
}

export type MailConfig = { from: string } & ({ provider: 'outbox' } | ({ provider: 'smtp' } & SmtpSettings))

/** smtp(s)://user:pass@host:port from the parts. */
function smtpUrlOf(e: EnvOf<typeof mailEnv>): string {
  const scheme = e.SMTP_SECURE ? 'smtps' : 'smtp'
  const credentials = e.SMTP_USER
    ? `${encodeURIComponent(e.SMTP_USER)}${e.SMTP_PASS ? `:${encodeURIComponent(e.SMTP_PASS)}` : ''}@`
    : ''
  return `${scheme}://${credentials}${e.SMTP_HOST}:${e.SMTP_PORT}`
}

export function mailConfigOf(e: EnvOf<typeof mailEnv> & { APP_ENV: AppEnv }): MailSlice {
  return { mail: mailAdapterOf(e), mailEventsSigningKey: e.MAIL_EVENTS_SIGNING_KEY ?? null }
}

function mailAdapterOf(e: EnvOf<typeof mailEnv> & { APP_ENV: AppEnv }): MailConfig {
  const from = e.MAIL_FROM
  if (e.MAIL_PROVIDER === 'outbox') {
    if (e.APP_ENV === 'production' && !e.MAIL_OUTBOX_IN_PRODUCTION) {
      throw new ConfigError(
        'MAIL_PROVIDER=outbox keeps mail in the console instead of sending it and is refused when APP_ENV=production; set MAIL_PROVIDER=smtp with SMTP_URL (or MAIL_OUTBOX_IN_PRODUCTION=true for a demo site)',
      )
    }
    return { provider: 'outbox', from }
  }
  if (e.SMTP_URL) {
    if (!/^smtps?:$/.test(new URL(e.SMTP_URL).protocol))
      throw new ConfigError('SMTP_URL must start with smtp:// or smtps://')
    return { provider: 'smtp', from, url: e.SMTP_URL }
  }
  if (!e.SMTP_HOST) throw new ConfigError('MAIL_PROVIDER=smtp needs SMTP_URL or SMTP_HOST')
  return { provider: 'smtp', from, url: smtpUrlOf(e) }
}
