/**
 * What the pages show beyond the data: the contact channels readers see until an admin saves others (the
 * site-texts module keeps those), the live-chat widget, a web-font stylesheet and the analytics script loaded after
 * cookie consent. Refuses a live-chat provider without its script; the browser's share is `publicSiteConfigOf`.
 */
import { z } from 'zod'
import {
  type ContactChannels,
  type LiveChatSettings,
  liveChatProviders,
  type PublicConfig,
} from '#contracts/public-config.ts'
import { ConfigError } from './config-error.ts'
import { type EnvOf, optionalUrl } from './env-values.ts'

export const siteEnv = {
  CONTACT_PHONE: z.string().default('+852 3000 8000'),
  CONTACT_EMAIL: z.string().default('service@tickerwise.example'),
  CONTACT_WHATSAPP: z.string().default('85230008000'),
  CONTACT_LINE: z.string().default('@tickerwise'),
  CONTACT_KAKAOTALK: z.string().default('tickerwise'),
  CONTACT_TELEGRAM: z.string().default('tickerwise_support'),
  /** Live-chat provider: `none` (contact buttons open the contact dialog) or `tawk`. */
  LIVECHAT_PROVIDER: z.enum(liveChatProviders).default('none'),
  LIVECHAT_SCRIPT_URL: optionalUrl,
  FONT_STYLESHEET_URL: optionalUrl,
  ANALYTICS_SCRIPT_URL: optionalUrl,
}

/** The slice the site's variables fill in `Config`. */
export interface SiteSlice {
  contact: ContactChannels
  liveChat: LiveChatSettings
  fontStylesheetUrl: string | undefined
  analyticsScriptUrl: string | undefined
}

export function siteConfigOf(e: EnvOf<typeof siteEnv>): SiteSlice {
  if (e.LIVECHAT_PROVIDER !== 'none' && !e.LIVECHAT_SCRIPT_URL) {
    throw new ConfigError('LIVECHAT_SCRIPT_URL is required when LIVECHAT_PROVIDER is set')
  }
  return {
    contact: {
      phone: e.CONTACT_PHONE,
      email: e.CONTACT_EMAIL,
      whatsapp: e.CONTACT_WHATSAPP,
      line: e.CONTACT_LINE,
      kakaotalk: e.CONTACT_KAKAOTALK,
      telegram: e.CONTACT_TELEGRAM,
    },
    liveChat: { provider: e.LIVECHAT_PROVIDER, scriptUrl: e.LIVECHAT_SCRIPT_URL },
    fontStylesheetUrl: e.FONT_STYLESHEET_URL,
    analyticsScriptUrl: e.ANALYTICS_SCRIPT_URL,
  }
}

/**
 * The browser's share: the contact channels and the live-chat widget (the font and the analytics script reach the
 * page through the root loader's data).
 */
export function publicSiteConfigOf(config: SiteSlice): Pick<PublicConfig, 'contact' | 'liveChat'> {
  return { contact: config.contact, liveChat: config.liveChat }
}
