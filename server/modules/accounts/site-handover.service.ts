/**
 * Hand-overs between regional sites (spec §2 language switcher; ADR 0010). When the reader's site and the other
 * language's site share no cookie domain, the switch carries the reader's login, cookie consent and device id (whose
 * free allowances a visitor has used; ADR 0026) in four steps, each a redirect:
 *   1. switch (reader's site, same-origin navigations only) → 2. begin (other site: puts a random state in the
 *   browser) → 3. issue (reader's site: a one-time pass bound to that state, the other site's origin and the
 *   session) → 4. accept (other site: redeems the pass once, in the browser holding the state; a NEW session).
 * The state makes a pass useless in any other browser, so nobody can log a victim into their own account by
 * sending a link (login forgery), and a pass read from a log or a proxy is of no use either.
 * Decides where each step leads and whether a pass is issued or redeemed; leaves cookies and headers to the routes
 * and sessions to the accounts service. Refusals are outcomes, not errors: the reader always lands on the page.
 */
import { timingSafeEqual } from 'node:crypto'
import type { MemberInfo } from '#contracts/accounts.ts'
import { sharedCookieDomain, sharesCookies } from '#contracts/cookie-domains.ts'
import { type Region, regions } from '#contracts/regions.ts'
import { handoverPaths } from '#contracts/site-handover.ts'
import { sameSitePath } from '#contracts/site-paths.ts'
import type { Clock } from '#server/clock.ts'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/database.ts'
import type { Reader } from '#server/kernel/reader.ts'
import { hashHandoverSecret, isHandoverSecretShape, newHandoverSecret } from '#server/kernel/secrets.ts'
import type { AccountsService } from './accounts.service.ts'
import {
  deleteHandoversExpiredBefore,
  findLiveSessionEnd,
  insertHandover,
  takeHandover,
} from './site-handover.repo.ts'

export const handoverRules = {
  /** A pass, the state and the switch mark expire 60 seconds after they are made. */
  validMs: 60 * 1000,
  /** Requests per address to each step (a switch takes one of each). */
  perAddressPerTenMinutes: 60,
} as const

/** Where a step sends the browser, and what happened (logged; never shown). */
export interface HandoverStep<Outcome extends string> {
  location: string
  outcome: Outcome
}

export type SwitchOutcome = 'started' | 'not-needed' | 'nothing-to-carry' | 'cross-site' | 'unknown-host'
export type BeginOutcome = 'started' | 'not-needed' | 'unknown-host'
export type IssueOutcome =
  | 'issued'
  | 'not-needed'
  | 'nothing-to-carry'
  | 'no-switch'
  | 'no-state'
  | 'unknown-host'
export type AcceptRefusal = 'unknown' | 'expired' | 'wrong-host' | 'wrong-browser' | 'session-ended'

export type AcceptResult =
  | (HandoverStep<'accepted'> & {
      region: Region
      hasConsent: boolean
      /** The device id the browser had on the other site, to count its free allowances here too; null when none. */
      deviceId: string | null
      /** The new session on this site; null when the pass carried only consent and the device. */
      session: { token: string; userInfo: MemberInfo; secondsLeft: number } | null
    })
  | (HandoverStep<AcceptRefusal> & { region: Region | undefined })

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

export function createSiteHandoverService({
  db,
  config,
  clock,
  accounts,
}: {
  db: Db
  config: Config
  clock: Clock
  accounts: AccountsService
}) {
  const origins = config.siteOrigins
  const hostOfRegion = Object.fromEntries(regions.map((r) => [r, new URL(origins[r]).host])) as Record<
    Region,
    string
  >
  const cookieDomain = sharedCookieDomain(config.apexHostnames[0])

  /** The regional site a request's host is, if any (host names compare without case; ports must match). */
  function regionOfHost(host: string): Region | undefined {
    const wanted = host.toLowerCase()
    return regions.find((region) => hostOfRegion[region] === wanted)
  }

  function originOfHost(host: string): string | undefined {
    const region = regionOfHost(host)
    return region ? origins[region] : undefined
  }

  function stepUrl(region: Region, path: string, query: Record<string, string>): string {
    return `${origins[region]}${path}?${new URLSearchParams(query)}`
  }

  /**
   * Step 1, on the reader's site: a plain move to the page on the other site, unless there is something to carry
   * (a session, the consent or a device id), the sites share no cookies and the navigation came from this site itself.
   */
  function planSwitch(input: {
    host: string
    to: Region
    path: string | undefined
    isFromThisSite: boolean
    reader: Reader
    hasConsent: boolean
    deviceId: string | undefined
  }): HandoverStep<SwitchOutcome> {
    const path = sameSitePath(input.path)
    const page = `${origins[input.to]}${path}`
    const here = regionOfHost(input.host)
    if (!here) return { location: page, outcome: 'unknown-host' }
    if (here === input.to || sharesCookies(cookieDomain, input.host, hostOfRegion[input.to]))
      return { location: page, outcome: 'not-needed' }
    if (!input.reader.sessionId && !input.hasConsent && !input.deviceId)
      return { location: page, outcome: 'nothing-to-carry' }
    if (!input.isFromThisSite) return { location: page, outcome: 'cross-site' }
    return { location: stepUrl(input.to, handoverPaths.begin, { from: here, path }), outcome: 'started' }
  }

  /** Step 2, on the other site: a new random state for this browser (the route stores it in a cookie). */
  function beginHandover(input: {
    host: string
    from: Region
    path: string | undefined
  }): HandoverStep<BeginOutcome> & { state?: string } {
    const path = sameSitePath(input.path)
    const here = regionOfHost(input.host)
    if (!here) return { location: path, outcome: 'unknown-host' }
    if (here === input.from) return { location: path, outcome: 'not-needed' }
    const state = newHandoverSecret()
    return {
      location: stepUrl(input.from, handoverPaths.issue, { to: here, state, path }),
      outcome: 'started',
      state,
    }
  }

  /**
   * Step 3, on the reader's site: a one-time pass for the other site, when this browser started the switch here
   * (`hasSwitchMark`: the cookie step 1 set) and has a session, the consent or a device id to carry.
   */
  async function issueHandover(input: {
    host: string
    to: Region
    state: string | undefined
    path: string | undefined
    hasSwitchMark: boolean
    reader: Reader
    hasConsent: boolean
    deviceId: string | undefined
  }): Promise<HandoverStep<IssueOutcome>> {
    const path = sameSitePath(input.path)
    const page = `${origins[input.to]}${path}`
    const here = regionOfHost(input.host)
    if (!here) return { location: page, outcome: 'unknown-host' }
    if (here === input.to || sharesCookies(cookieDomain, input.host, hostOfRegion[input.to]))
      return { location: page, outcome: 'not-needed' }
    if (!input.hasSwitchMark) return { location: page, outcome: 'no-switch' }
    if (!isHandoverSecretShape(input.state)) return { location: page, outcome: 'no-state' }
    const { sessionId, memberId } = input.reader
    if (!sessionId && !input.hasConsent && !input.deviceId)
      return { location: page, outcome: 'nothing-to-carry' }
    const token = newHandoverSecret()
    const now = clock.now()
    await insertHandover(db, {
      tokenHash: hashHandoverSecret(token),
      stateHash: hashHandoverSecret(input.state),
      targetOrigin: origins[input.to],
      sessionId,
      memberId: sessionId ? memberId : null,
      hasConsent: input.hasConsent,
      deviceId: input.deviceId ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + handoverRules.validMs),
    })
    return { location: stepUrl(input.to, handoverPaths.accept, { token, path }), outcome: 'issued' }
  }

  /**
   * Step 4, on the other site: redeems the pass — once, before it expires, on the site it was issued for, in the
   * browser holding its state — and starts a new session for the member (ending the one this browser had here),
   * no longer than the session it came from. The original session and its token are left as they are.
   */
  async function acceptHandover(input: {
    host: string
    token: string | undefined
    state: string | undefined
    path: string | undefined
    previousToken: string | undefined
  }): Promise<AcceptResult> {
    const location = sameSitePath(input.path)
    const region = regionOfHost(input.host)
    const refuse = (outcome: AcceptRefusal): AcceptResult => ({ location, outcome, region })
    if (!isHandoverSecretShape(input.token)) return refuse('unknown')
    const pass = await takeHandover(db, hashHandoverSecret(input.token))
    if (!pass) return refuse('unknown')
    const now = clock.now()
    if (pass.expiresAt.getTime() <= now.getTime()) return refuse('expired')
    if (!region || origins[region] !== pass.targetOrigin) return refuse('wrong-host')
    if (!isHandoverSecretShape(input.state) || !sameHash(hashHandoverSecret(input.state), pass.stateHash))
      return refuse('wrong-browser')
    let session: Extract<AcceptResult, { outcome: 'accepted' }>['session'] = null
    if (pass.sessionId && pass.memberId) {
      const endsBy = await findLiveSessionEnd(db, pass.sessionId, now, config.auth.sessionIdleMs)
      const started = endsBy
        ? await accounts.continueSession(pass.memberId, { previousToken: input.previousToken, endsBy })
        : undefined
      if (!started) return refuse('session-ended')
      session = {
        token: started.token,
        userInfo: started.userInfo,
        secondsLeft: Math.floor((started.expiresAt.getTime() - now.getTime()) / 1000),
      }
    }
    return {
      location,
      outcome: 'accepted',
      region,
      hasConsent: pass.hasConsent,
      deviceId: pass.deviceId,
      session,
    }
  }

  /** Housekeeping (`accounts:purge`): passes past their expiry. */
  async function purgeExpired(): Promise<number> {
    return deleteHandoversExpiredBefore(db, clock.now())
  }

  return { originOfHost, planSwitch, beginHandover, issueHandover, acceptHandover, purgeExpired }
}

export type SiteHandoverService = ReturnType<typeof createSiteHandoverService>
