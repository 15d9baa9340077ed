/**
 * Web push's slice of the configuration (PUSH_ENABLED, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT; ADR 0044).
 * Outside production a site without keys pushes with the published development key pair, so a fresh clone and the
 * tests need nothing; production never uses that pair. In production push is on when the keys are set, off when they
 * are not, and PUSH_ENABLED=true without them refuses to boot: a site that promises notifications must be able to
 * send them. PUSH_ENABLED=false turns push off anywhere (the account page hides the switch).
 */
import type { AppEnv } from '#contracts/public-config.ts'
import { ConfigError } from '#server/config/config-error.ts'
import { booleanFromEnv, type EnvOf, optionalText } from '#server/config/env-values.ts'

/**
 * The development key pair: published here on purpose, so it signs nothing anyone trusts. A subscription made with
 * it is tied to it; a site that changes keys asks its devices to subscribe again (ADR 0044).
 */
export const developmentVapidKeys = {
  publicKey: 'BL7OHEweJ6IcdS0kZEOZkebL4nzVM_PD3GSBP4Hl5GVZHPpoeFN8gZ80twjFFE_cCAjImh-gdyslYvxeGBqAKeg',
  privateKey: 'jdRdExJMrmiTUhnIhgFufUavMEZitdh2yMXENpzNdnQ',
  subject: 'mailto:push@tickerwise.localhost',
}

const base64Url = /^[A-Za-z0-9_-]+$/

export const pushEnv = {
  /** Web push on or off; unset: on outside production, and in production when the VAPID keys are set. */
  PUSH_ENABLED: booleanFromEnv.optional(),
  /** The application server's key pair (`npx web-push generate-vapid-keys`), URL-safe base64. */
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  /** Who push services may contact about this sender: a mailto: or https: URL. */
  VAPID_SUBJECT: optionalText,
}

export type VapidKeys = { publicKey: string; privateKey: string; subject: string }

export type PushConfig =
  | { enabled: false }
  | {
      enabled: true
      vapid: VapidKeys
      /**
       * Endpoints over plain HTTP on this machine are accepted (the tests' fake push service) only in develop;
       * elsewhere an endpoint must be HTTPS on a public host name (ADR 0044).
       */
      allowLoopbackEndpoints: boolean
    }

export interface PushSlice {
  push: PushConfig
}

function vapidKeysOf(e: EnvOf<typeof pushEnv>): VapidKeys | null {
  const given = [e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, e.VAPID_SUBJECT].filter(
    (value) => value !== undefined,
  )
  if (given.length === 0) return null
  if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY || !e.VAPID_SUBJECT) {
    throw new ConfigError(
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are set together or not at all',
    )
  }
  if (!base64Url.test(e.VAPID_PUBLIC_KEY) || Buffer.from(e.VAPID_PUBLIC_KEY, 'base64url').length !== 65) {
    throw new ConfigError('VAPID_PUBLIC_KEY must be a P-256 public key in URL-safe base64 (65 bytes)')
  }
  if (!base64Url.test(e.VAPID_PRIVATE_KEY) || Buffer.from(e.VAPID_PRIVATE_KEY, 'base64url').length !== 32) {
    throw new ConfigError('VAPID_PRIVATE_KEY must be a P-256 private key in URL-safe base64 (32 bytes)')
  }
  if (!/^(mailto:|https:\/\/)/.test(e.VAPID_SUBJECT)) {
    throw new ConfigError('VAPID_SUBJECT must be a mailto: or https:// URL')
  }
  return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT }
}

export function pushConfigOf(e: EnvOf<typeof pushEnv> & { APP_ENV: AppEnv }): PushSlice {
  const keys = vapidKeysOf(e)
  if (e.PUSH_ENABLED === false) return { push: { enabled: false } }
  const allowLoopbackEndpoints = e.APP_ENV === 'develop'
  if (e.APP_ENV !== 'production') {
    return { push: { enabled: true, vapid: keys ?? developmentVapidKeys, allowLoopbackEndpoints } }
  }
  if (keys?.privateKey === developmentVapidKeys.privateKey) {
    throw new ConfigError(
      'VAPID_PRIVATE_KEY is the published development key, refused when APP_ENV=production',
    )
  }
  if (!keys) {
    if (e.PUSH_ENABLED === true) {
      throw new ConfigError(
        'PUSH_ENABLED=true needs VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT when APP_ENV=production (npx web-push generate-vapid-keys), or PUSH_ENABLED=false',
      )
    }
    return { push: { enabled: false } }
  }
  return { push: { enabled: true, vapid: keys, allowLoopbackEndpoints } }
}
