/**
 * Optional validation rules for route parameters (spec §2, route check 1). A path that matches a pattern but
 * fails its rule is a fatal 404 'Page Not Found: {path}' before anything else runs. Features add their rules here.
 */
import { matchPath } from 'react-router'

export interface RouteRule {
  pattern: string
  isValid(params: Record<string, string | undefined>): boolean
}

/** An article is reached by its key (lower-case slug) or its numeric id. */
const articleDetail = /^(?:[a-z0-9][a-z0-9-]{0,119}|\d{1,18})$/

export const routeRules: RouteRule[] = [
  { pattern: '/articles/:detail', isValid: ({ detail }) => articleDetail.test(detail ?? '') },
]

export function findBrokenRule(pathname: string, rules: RouteRule[] = routeRules): RouteRule | undefined {
  for (const rule of rules) {
    const match = matchPath(rule.pattern, pathname)
    if (match && !rule.isValid(match.params)) return rule
  }
  return undefined
}
