/**
 * Optional validation rules for route parameters (spec §2, route check 1). A path that matches a pattern but
 * fails its rule is a fatal 404 'Page Not Found: {path}' before anything else runs. Features add their rules here.
 */
import { matchPath } from 'react-router'
import { isAcceptableText } from '#contracts/text-input.ts'

export interface RouteRule {
  pattern: string
  isValid(params: Record<string, string | undefined>): boolean
}

/** An article is reached by its key (lower-case slug) or its numeric id. */
const articleDetail = /^(?:[a-z0-9][a-z0-9-]{0,119}|\d{1,18})$/

export const routeRules: RouteRule[] = [
  { pattern: '/articles/:detail', isValid: ({ detail }) => articleDetail.test(detail ?? '') },
]

/**
 * The rule of every page: a control character (or a lone surrogate) in the path or the query string is no text a
 * reader typed (contracts/text-input.ts), so the address names no page. Checked before any loader, so none of them
 * has to: a NUL would otherwise reach a search or a diagnosis and PostgreSQL, which refuses it with an error.
 */
export function hasUnacceptableText(url: URL): boolean {
  let path = url.pathname
  try {
    path = decodeURIComponent(url.pathname)
  } catch {
    // An undecodable path is kept as it came: percent signs and all, no control characters.
  }
  if (!isAcceptableText(path)) return true
  for (const [name, value] of url.searchParams) {
    if (!isAcceptableText(name) || !isAcceptableText(value)) return true
  }
  return false
}

export function findBrokenRule(pathname: string, rules: RouteRule[] = routeRules): RouteRule | undefined {
  for (const rule of rules) {
    const match = matchPath(rule.pattern, pathname)
    if (match && !rule.isValid(match.params)) return rule
  }
  return undefined
}
