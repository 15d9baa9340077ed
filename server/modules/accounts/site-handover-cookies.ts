/**
 * The cookies of a hand-over (ADR 0010):
 * - the switch mark (`tw_handover_out`) on the reader's site: this browser started a switch here (step 1), so the
 *   pass may be issued (step 3);
 * - the state (`tw_handover_in`) on the other site: the random value the pass is bound to (steps 2 and 4).
 * Both HttpOnly, host-only, 60 seconds, and `__Host-` prefixed over https, so no other host (a sibling subdomain
 * included) can plant one. The consent (`privacy`) and language choice (`i18n_redirected`) cookies a redeemed pass
 * sets are the ones the page and the route checks write, for a year, on the shared domain when there is one.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { cookieNames } from '#contracts/cookie-names.ts'
import type { Region } from '#contracts/regions.ts'
import type { Config } from '#server/config.ts'
import { isHandoverSecretShape } from '#server/kernel/secrets.ts'
import { siteWideCookieOptions } from './session-cookies.ts'
import { handoverRules } from './site-handover.service.ts'

export type HandoverCookie = 'switchMark' | 'state'

const baseNames: Record<HandoverCookie, string> = {
  switchMark: 'tw_handover_out',
  state: 'tw_handover_in',
}

const oneYearSeconds = 365 * 24 * 60 * 60

function nameOf(config: Config, cookie: HandoverCookie): string {
  return `${config.isHttps ? '__Host-' : ''}${baseNames[cookie]}`
}

/** Host-only (no Domain), HttpOnly: what `__Host-` requires. */
function hostOnlyOptions(config: Config, maxAge: number) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.isHttps, maxAge }
}

export function setHandoverCookie(
  reply: FastifyReply,
  config: Config,
  cookie: HandoverCookie,
  value: string,
): void {
  reply.setCookie(nameOf(config, cookie), value, hostOnlyOptions(config, handoverRules.validMs / 1000))
}

export function clearHandoverCookie(reply: FastifyReply, config: Config, cookie: HandoverCookie): void {
  reply.setCookie(nameOf(config, cookie), '', { ...hostOnlyOptions(config, 0), expires: new Date(0) })
}

/** The cookie's value when it has the shape this server gives it. */
export function readHandoverCookie(
  request: FastifyRequest,
  config: Config,
  cookie: HandoverCookie,
): string | undefined {
  const value = request.cookies[nameOf(config, cookie)]
  return isHandoverSecretShape(value) ? value : undefined
}

export function hasConsentCookie(request: FastifyRequest): boolean {
  return request.cookies[cookieNames.privacy] === 'accepted'
}

export function setConsentCookie(reply: FastifyReply, request: FastifyRequest, config: Config): void {
  reply.setCookie(
    cookieNames.privacy,
    'accepted',
    siteWideCookieOptions(request, config, { maxAge: oneYearSeconds }),
  )
}

export function setLanguageChoiceCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  config: Config,
  region: Region,
): void {
  reply.setCookie(
    cookieNames.languageChoice,
    region,
    siteWideCookieOptions(request, config, { maxAge: oneYearSeconds }),
  )
}
