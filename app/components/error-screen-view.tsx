/** The error screen itself (error-screen.tsx decides which and loads this): the message, the way home, a search. */

import { __iconData as searchShape } from 'lucide-react/icons/search'
import type { FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { outlineIcon } from '#app/components/icons.tsx'
import { searchPath } from '#app/features/articles/article-paths.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { searchTextMaxLength } from '#contracts/article-limits.ts'
import { buttonClassName } from './button.tsx'
import type { ErrorScreenProps } from './error-screen.tsx'

const Search = outlineIcon(searchShape)

export function ErrorScreenView({ kind, status, invalidPath, headingLevel = 1 }: ErrorScreenProps) {
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
      {headingLevel === 1 ? <title>{`${title} | ${t('siteName')}`}</title> : null}
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
      {kind === 'unknown' ? null : <FindYourWay />}
    </section>
  )
}

const popularPages = [
  { href: '/articles', label: 'shell:nav.articles' },
  { href: '/stocks-hot', label: 'shell:nav.hotStocks' },
  { href: '/stocks-valuation', label: 'shell:nav.valuation' },
  { href: '/ai-stock-diagnosis', label: 'shell:nav.aiDiagnosis' },
] as const

/**
 * A search of the site and its most visited pages. Without JavaScript the form opens the search page. The field is
 * read when the form is sent (not held in state), so what was typed before the screen hydrated is kept.
 */
function FindYourWay() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const term = String(new FormData(event.currentTarget).get('q') ?? '').trim()
    event.preventDefault()
    if (term) void navigate(searchPath(term))
  }
  return (
    <div className="mt-4 flex w-full flex-col items-center gap-4 border-t border-ink-100 pt-6">
      <search aria-label={t('errorPage.searchLabel')} className="w-full max-w-sm">
        <form action="/search" onSubmit={onSubmit} className="flex w-full gap-2">
          <input
            type="search"
            name="q"
            maxLength={searchTextMaxLength}
            aria-label={t('errorPage.searchLabel')}
            placeholder={t('errorPage.searchPlaceholder')}
            className="h-10 min-w-0 flex-1 rounded-md border border-ink-200 px-3 text-sm text-ink-900"
          />
          <button type="submit" className={buttonClassName('secondary', 'md')}>
            <Search className="size-4" aria-hidden="true" />
            {t('search:submit')}
          </button>
        </form>
      </search>
      <nav aria-label={t('errorPage.usefulLinks')}>
        <ul className="flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm">
          {popularPages.map((page) => (
            <li key={page.href}>
              <a href={page.href} className="text-brand-700 underline-offset-2 hover:underline">
                {t(page.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  )
}
