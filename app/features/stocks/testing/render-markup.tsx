/**
 * Renders a stock component to HTML in a test, in English or Traditional Chinese, with the site's own message
 * catalogs and a memory router — enough to assert what a reader of either language would see, without a browser.
 */
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { readCatalogFiles } from '#app/i18n/catalog-files.ts'
import { createTranslator } from '#app/i18n/i18n.ts'
import { TranslatorProvider } from '#app/i18n/use-translation.tsx'
import type { Locale } from '#contracts/regions.ts'

const translators = {
  en: createTranslator('en', readCatalogFiles('en')),
  'zh-Hant': createTranslator('zh-Hant', readCatalogFiles('zh-Hant')),
}

export function translatorOf(locale: Locale) {
  return translators[locale]
}

export function renderMarkup(
  node: ReactNode,
  { locale = 'en', url = '/' }: { locale?: Locale; url?: string } = {},
) {
  return renderToStaticMarkup(
    <TranslatorProvider translator={translators[locale]}>
      <MemoryRouter initialEntries={[url]}>{node}</MemoryRouter>
    </TranslatorProvider>,
  )
}

/** Visible text of rendered HTML, tags removed and whitespace collapsed, for sentence assertions. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim()
}
