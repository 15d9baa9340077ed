/**
 * The error screens of spec §2: 404 (and its "content missing" variant) and 500, each with a way back to the
 * site home. Used by the root and the shell error boundaries.
 */

import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse } from 'react-router'
import { buttonClassName } from './button.tsx'

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

export function ErrorScreen({ kind, status, invalidPath, headingLevel = 1 }: ErrorScreenProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  const { t } = useTranslation()
  const title =
    kind === 'not-found'
      ? t('errorPage.notFound')
      : kind === 'content-missing'
        ? t('errorPage.contentMissing')
        : t('errorPage.unknown')
  return (
    <section
      className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center"
      aria-label={title}
    >
      <p className="text-6xl font-bold text-brand-600" aria-hidden="true">
        {status}
      </p>
      <Heading className="text-2xl font-semibold text-ink-950">{title}</Heading>
      {invalidPath ? (
        <p className="text-sm text-ink-700">{t('errors:PAGE_NOT_FOUND', { path: invalidPath })}</p>
      ) : (
        <p className="text-sm text-ink-700">
          {kind === 'unknown' ? t('errorPage.unknownHint') : t('errorPage.notFoundHint')}
        </p>
      )}
      {/* A full page load: after an error the safest way home is a fresh document. */}
      <a href="/" className={buttonClassName('primary', 'lg')}>
        {t('errorPage.backHome')}
      </a>
    </section>
  )
}
