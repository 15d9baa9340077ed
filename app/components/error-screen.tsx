/**
 * The error screens of spec §2: 404 (and its "content missing" variant) and 500, each with a way back to the
 * site home. A 404 also offers a search and the most visited pages, so a reader with an old link finds their way.
 * The screen names the document itself (React hoists the `<title>`): the route that failed renders no meta.
 * Used by the root and the shell error boundaries.
 *
 * The screen itself (error-screen-view.tsx) is drawn by the server and hydrated once its code arrives, so every page
 * does not carry it (ADR 0011): its links are plain links and its search a plain form until then.
 */

import { isRouteErrorResponse } from 'react-router'
import { ensureErrorMessages } from '#app/i18n/browser-catalogs.ts'
import { deferHydration } from './deferred-hydration.tsx'

export type ErrorScreenKind = 'not-found' | 'content-missing' | 'unknown'

export interface ErrorScreenProps {
  kind: ErrorScreenKind
  status: number
  /** The path that failed a route rule, shown as 'Page Not Found: {path}'. */
  invalidPath?: string | undefined
  /** The gallery shows several screens on one page; there they are not the page's main heading. */
  headingLevel?: 1 | 2
}

export function errorScreenPropsOf(error: unknown): ErrorScreenProps {
  if (isRouteErrorResponse(error) && error.status === 404) {
    const data = error.data as { reason?: string; path?: string } | undefined
    if (data?.reason === 'content-missing') return { kind: 'content-missing', status: 404 }
    return {
      kind: 'not-found',
      status: 404,
      invalidPath: data?.reason === 'invalid-route' ? data.path : undefined,
    }
  }
  return { kind: 'unknown', status: isRouteErrorResponse(error) ? error.status : 500 }
}

/** The error messages (a 404's "Page Not Found: {path}") come with the screen's code, not with every page. */
export const ErrorScreen = deferHydration(async () => {
  const [module] = await Promise.all([import('./error-screen-view.tsx'), ensureErrorMessages()])
  return module.ErrorScreenView
})
