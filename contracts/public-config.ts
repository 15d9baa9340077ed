/**
 * The part of the server's configuration the browser may see, as the page receives it (`toPublicConfig` in
 * server/config.ts builds it; the root loader hands it to the page). Zod-free: the shell and the contact button read
 * it on every page (ADR 0011). Anything not listed here stays on the server.
 */
import type { Region } from './regions.ts'

/** The deployment (`APP_ENV`): `develop` also serves the API at /portal and allows the development-only adapters. */
export const appEnvs = ['develop', 'staging', 'production'] as const
export type AppEnv = (typeof appEnvs)[number]

/** `none`: contact buttons open the contact dialog. */
export const liveChatProviders = ['none', 'tawk'] as const
export type LiveChatProvider = (typeof liveChatProviders)[number]

/** The contact channels shown to readers (`CONTACT_*` until an admin saves others). */
export interface ContactChannels {
  phone: string
  email: string
  whatsapp: string
  line: string
  kakaotalk: string
  telegram: string
}

/** The live-chat widget (`LIVECHAT_PROVIDER`, `LIVECHAT_SCRIPT_URL`). */
export interface LiveChatSettings {
  provider: LiveChatProvider
  scriptUrl: string | undefined
}

/** What the browser may know. */
export interface PublicConfig {
  appEnv: AppEnv
  apiBase: '/portal' | '/api/portal'
  siteOrigins: Record<Region, string>
  /** The regional sites' shared parent domain for cookies; null when they share none (e.g. `*.localhost`). */
  cookieDomain: string | null
  buildPollIntervalMs: number
  contact: ContactChannels
  liveChat: LiveChatSettings
}
