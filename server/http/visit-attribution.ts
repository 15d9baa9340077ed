/**
 * Where a reader's visit came from, as the API sees it (spec §7): the page forwards its `referer` and `landing`
 * cookies (contracts/attribution.ts) as the `RefererVal` and `LandingVal` headers, URI-encoded. A request that
 * carries the cookies but not the headers (a keepalive beacon, a form post) is read from the cookies instead.
 * Values are the reader's own input: decoded leniently, stripped of control characters and cut to a fixed length.
 */
import type { FastifyRequest } from 'fastify'
import { cookieNames } from '#contracts/cookie-names.ts'

export interface VisitAttribution {
  /** The external page that sent the reader here, if any. */
  referer: string | null
  /** The first path of the visit on this site. */
  landing: string | null
}

const maxLength = 500
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/g

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

function decodedOrRaw(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

export function cleanAttributionValue(value: string | undefined): string | null {
  if (!value) return null
  const cleaned = value.replace(controlCharacters, '').trim().slice(0, maxLength)
  return cleaned || null
}

export function visitAttributionOf(request: FastifyRequest): VisitAttribution {
  const fromHeader = (name: string) => {
    const raw = headerValue(request, name)
    return raw === undefined ? undefined : decodedOrRaw(raw)
  }
  return {
    referer: cleanAttributionValue(fromHeader('refererval') ?? request.cookies?.[cookieNames.referer]),
    landing: cleanAttributionValue(fromHeader('landingval') ?? request.cookies?.[cookieNames.landing]),
  }
}
