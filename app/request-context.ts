/**
 * What a page loader may use on the server: the domain services (called in-process, no HTTP hop), the reader's
 * region and language, and per-request facts. Set by the HTTP host for every page request (server/http/pages.ts),
 * read with `context.get(requestContext)`.
 */
import type { Logger } from 'pino'
import { createContext } from 'react-router'
import type { PublicConfig } from '#contracts/public-config.ts'
import type { Locale, Region } from '#contracts/regions.ts'
import type { Config } from '#server/config.ts'
import type { Services } from '#server/services.ts'

export interface RequestContext {
  services: Services
  config: Config
  publicConfig: PublicConfig
  region: Region
  locale: Locale
  /** Host name the reader asked for (a regional domain, or the apex before the regional redirect). */
  hostname: string
  requestId: string
  /** The reader's IP address (from X-Forwarded-For only as far as TRUST_PROXY trusts it), e.g. for visitor quotas. */
  clientIp: string
  cspNonce: string
  buildId: string
  log: Logger
}

export const requestContext = createContext<RequestContext>()
