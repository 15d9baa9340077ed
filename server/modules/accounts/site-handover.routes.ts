/**
 * The hand-over steps (ADR 0010; site-handover.service.ts decides): GET navigations that answer a redirect, never
 * a page of their own. Each sets or clears its cookies, logs its outcome (never a pass or a state) and forbids
 * caching and referrers, so a pass in a URL goes nowhere but the next hop. Rate-limited per address.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { userInfoCookieOf } from '#contracts/accounts.ts'
import {
  HandoverAcceptQuery,
  HandoverBeginQuery,
  HandoverIssueQuery,
  HandoverSwitchQuery,
} from '#contracts/site-handover.ts'
import type { Config } from '#server/config.ts'
import { isSameOriginNavigation } from '#server/http/request-origin.ts'
import { isDeviceId, newHandoverSecret } from '#server/kernel/secrets.ts'
import { sessionTokenOf } from './reader-identification.ts'
import { accountCookieNames, setDeviceCookie, setSessionCookies } from './session-cookies.ts'
import { handoverRules, type SiteHandoverService } from './site-handover.service.ts'
import {
  clearHandoverCookie,
  hasConsentCookie,
  readHandoverCookie,
  setConsentCookie,
  setHandoverCookie,
  setLanguageChoiceCookie,
} from './site-handover-cookies.ts'

function redirectTo(reply: FastifyReply, location: string) {
  reply.header('cache-control', 'no-store')
  reply.header('referrer-policy', 'no-referrer')
  return reply.redirect(location, 302)
}

/** The browser's device id on this site, when it has a well-formed one. */
function deviceIdOf(request: FastifyRequest): string | undefined {
  const deviceId = request.cookies[accountCookieNames.device]
  return isDeviceId(deviceId) ? deviceId : undefined
}

function logStep(request: FastifyRequest, step: string, outcome: string, isRefusal = false): void {
  const entry = { handover: { step, outcome } }
  if (isRefusal) request.log.warn(entry, 'site hand-over refused')
  else request.log.info(entry, 'site hand-over')
}

export function registerSiteHandoverRoutes(
  routes: FastifyInstance,
  { siteHandover, config }: { siteHandover: SiteHandoverService; config: Config },
): void {
  const perAddress = {
    rateLimit: { max: handoverRules.perAddressPerTenMinutes, timeWindow: '10 minutes' },
  }

  // 1. On the reader's site: the language switcher's link.
  routes.get('/handover', { config: perAddress }, async (request, reply) => {
    const query = HandoverSwitchQuery.parse(request.query)
    const step = siteHandover.planSwitch({
      host: request.host,
      to: query.to,
      path: query.path,
      isFromThisSite: isSameOriginNavigation(request, siteHandover.originOfHost(request.host)),
      reader: request.reader,
      hasConsent: hasConsentCookie(request),
      deviceId: deviceIdOf(request),
    })
    logStep(request, 'switch', step.outcome, step.outcome === 'cross-site')
    if (step.outcome === 'started') setHandoverCookie(reply, config, 'switchMark', newHandoverSecret())
    return redirectTo(reply, step.location)
  })

  // 2. On the other site: a state for this browser.
  routes.get('/handover/begin', { config: perAddress }, async (request, reply) => {
    const query = HandoverBeginQuery.parse(request.query)
    const step = siteHandover.beginHandover({ host: request.host, from: query.from, path: query.path })
    logStep(request, 'begin', step.outcome)
    if (step.state) setHandoverCookie(reply, config, 'state', step.state)
    return redirectTo(reply, step.location)
  })

  // 3. Back on the reader's site: the one-time pass, if this browser started the switch here.
  routes.get('/handover/issue', { config: perAddress }, async (request, reply) => {
    const query = HandoverIssueQuery.parse(request.query)
    const hasSwitchMark = readHandoverCookie(request, config, 'switchMark') !== undefined
    clearHandoverCookie(reply, config, 'switchMark')
    const step = await siteHandover.issueHandover({
      host: request.host,
      to: query.to,
      state: query.state,
      path: query.path,
      hasSwitchMark,
      reader: request.reader,
      hasConsent: hasConsentCookie(request),
      deviceId: deviceIdOf(request),
    })
    logStep(request, 'issue', step.outcome, step.outcome === 'no-switch' || step.outcome === 'no-state')
    return redirectTo(reply, step.location)
  })

  // 4. On the other site: redeem the pass; the reader lands on the page either way.
  routes.get('/handover/accept', { config: perAddress }, async (request, reply) => {
    const query = HandoverAcceptQuery.parse(request.query)
    const state = readHandoverCookie(request, config, 'state')
    clearHandoverCookie(reply, config, 'state')
    const result = await siteHandover.acceptHandover({
      host: request.host,
      token: query.token,
      state,
      path: query.path,
      previousToken: sessionTokenOf(request),
    })
    logStep(request, 'accept', result.outcome, result.outcome !== 'accepted')
    if (result.outcome === 'accepted') {
      if (result.session) {
        setSessionCookies(reply, request, config, {
          token: result.session.token,
          userInfo: userInfoCookieOf(result.session.userInfo),
          secondsLeft: result.session.secondsLeft,
        })
      }
      if (result.hasConsent) setConsentCookie(reply, request, config)
      // The visitor's free allowances count on the device it used there (ADR 0026): the same one here.
      const carriedDevice = result.deviceId ?? undefined
      if (isDeviceId(carriedDevice)) setDeviceCookie(reply, request, config, carriedDevice)
    }
    if (result.region) setLanguageChoiceCookie(reply, request, config, result.region)
    return redirectTo(reply, result.location)
  })
}
