/**
 * Configuration from the environment, validated once at boot: a wrong value stops the process with a message
 * naming the variable. Each area declares its own variables and turns them into its part of `Config`, its slice,
 * beside the code that reads it (`*.config.ts` in the module, provider or server folder); this file puts the slices
 * together, parses the environment once, and says what the browser may see (`toPublicConfig`). Every variable is
 * documented in `.env.example` and the README.
 */
import { z } from 'zod'
import type { PublicConfig } from '#contracts/public-config.ts'
import { ConfigError } from './config/config-error.ts'
import {
  type ProcessSlice,
  processConfigOf,
  processEnv,
  publicProcessConfigOf,
} from './config/process.config.ts'
import { publicSiteConfigOf, type SiteSlice, siteConfigOf, siteEnv } from './config/site.config.ts'
import { type HttpSlice, httpConfigOf, httpEnv } from './http/http.config.ts'
import { type RetentionSlice, retentionConfigOf, retentionEnv } from './jobs/retention.config.ts'
import { type AccountsSlice, accountsConfigOf, accountsEnv } from './modules/accounts/accounts.config.ts'
import { type ArticlesSlice, articlesConfigOf, articlesEnv } from './modules/articles/articles.config.ts'
import { type BillingSlice, billingConfigOf, billingEnv } from './modules/billing/billing.config.ts'
import { type ChatSlice, chatConfigOf, chatEnv } from './modules/chat/chat.config.ts'
import { type ExpertSlice, expertConfigOf, expertEnv } from './modules/expert/expert.config.ts'
import {
  type NewsletterSlice,
  newsletterConfigOf,
  newsletterEnv,
} from './modules/newsletter/newsletter.config.ts'
import { type PushSlice, pushConfigOf, pushEnv } from './modules/push/push.config.ts'
import { type QuotasSlice, quotasConfigOf, quotasEnv } from './modules/quotas/quotas.config.ts'
import { type StocksSlice, stocksConfigOf, stocksEnv } from './modules/stocks/stocks.config.ts'
import {
  type FileStorageSlice,
  fileStorageConfigOf,
  fileStorageEnv,
} from './providers/file-storage/file-storage.config.ts'
import { type MailSlice, mailConfigOf, mailEnv } from './providers/mail/mail.config.ts'
import { type SmsSlice, smsConfigOf, smsEnv } from './providers/sms/sms.config.ts'

const EnvSchema = z.object({
  ...processEnv,
  ...httpEnv,
  ...siteEnv,
  ...chatEnv,
  ...accountsEnv,
  ...smsEnv,
  ...mailEnv,
  ...pushEnv,
  ...billingEnv,
  ...fileStorageEnv,
  ...quotasEnv,
  ...stocksEnv,
  ...expertEnv,
  ...newsletterEnv,
  ...articlesEnv,
  ...retentionEnv,
})

export type Env = z.infer<typeof EnvSchema>

/** Every variable the configuration reads. */
export const configVariableNames = Object.keys(EnvSchema.shape) as Array<keyof Env>

/** The whole configuration: each slice's fields, as the slices define them. */
export interface Config
  extends ProcessSlice,
    HttpSlice,
    SiteSlice,
    ChatSlice,
    NewsletterSlice,
    ArticlesSlice,
    AccountsSlice,
    SmsSlice,
    MailSlice,
    PushSlice,
    BillingSlice,
    FileStorageSlice,
    QuotasSlice,
    StocksSlice,
    ExpertSlice,
    RetentionSlice {}

/** An empty (or blank) variable means unset, so it takes its default: `PORT=` is port 3000, not port 0. */
function withoutEmptyVariables(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => (entry[1] ?? '').trim() !== ''),
  )
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(withoutEmptyVariables(env))
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration: ${issues.join('; ')}`)
  }
  const e = parsed.data
  // Read in this order, which decides which of several wrong settings is reported.
  const processSlice = processConfigOf(e)
  const chat = chatConfigOf(e)
  const site = siteConfigOf(e)
  const accounts = accountsConfigOf(e)
  const http = httpConfigOf(e)
  const sms = smsConfigOf(e)
  const mail = mailConfigOf(e)
  const push = pushConfigOf(e)
  const billing = billingConfigOf(e)
  const stocks = stocksConfigOf(e)
  const quotas = quotasConfigOf(e, env)
  const fileStorage = fileStorageConfigOf(e)
  return {
    ...processSlice,
    ...http,
    ...site,
    ...chat,
    ...newsletterConfigOf(e),
    ...articlesConfigOf(e),
    ...accounts,
    ...sms,
    ...mail,
    ...push,
    ...billing,
    ...fileStorage,
    ...quotas,
    ...stocks,
    ...expertConfigOf(e),
    ...retentionConfigOf(e),
  }
}

/** What the browser may know. Anything not listed here stays on the server. */
export function toPublicConfig(config: Config): PublicConfig {
  return { ...publicProcessConfigOf(config), ...publicSiteConfigOf(config) }
}
