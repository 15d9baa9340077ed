/**
 * The firm's text about a company on its stock page, in the reader's language, signed by the firm's analysts with
 * the day it was last changed; nothing when there is none. The HTML comes rendered and sanitised from the server
 * (the article body's renderer, server/text/render-markdown.ts) and is drawn in the article body's styles. The
 * console's preview draws the same component, so an analyst sees what readers will.
 */
import { useId } from 'react'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { calendarDayIn, type DisplayLocale, formatDate } from './stock-format.ts'

/**
 * Where a document's render finds the text's HTML. The page's data is sent again inside the page for hydration
 * (turbo-stream), which would carry the text a second time, and a long text would take the page past its 100 KB
 * (issue "Fast on a phone and under load"); a symbol key is not serialised. Hydration keeps the HTML the server
 * drew (React does not compare `dangerouslySetInnerHTML`); a navigation in the browser gets the text in `html`.
 */
export const documentHtml = Symbol.for('tickerwise.company-text.document-html')

export interface PageCompanyText {
  /** The sanitised HTML; '' in a document's data, whose render reads `documentHtml`. */
  html: string
  /** ISO instant of the last save. */
  updatedAt: string | null
  [documentHtml]?: string
}

export function CompanyTextPanel({
  text,
  displayLocale,
  timeZone,
}: {
  text: PageCompanyText
  displayLocale: DisplayLocale
  timeZone: string
}) {
  const { t } = useTranslation(['stocks', 'common'])
  const headingId = useId()
  // The day as the reader's region counts it (an evening save in Hong Kong is still that day there).
  const day = text.updatedAt ? calendarDayIn(text.updatedAt, timeZone) : null
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-card border border-ink-100 bg-white p-4 sm:p-5"
      data-testid="company-text"
    >
      <h2 id={headingId} className="text-xl font-semibold text-ink-950">
        {t('stocks:companyText.title')}
      </h2>
      <p className="text-xs text-ink-700" data-testid="company-text-byline">
        {t('stocks:companyText.byline', { firm: t('common:siteName') })}
        {day ? ` · ${t('stocks:companyText.updated', { date: formatDate(day, displayLocale) })}` : ''}
      </p>
      <div
        className="prose-content text-ink-900"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised on the server (server/text/render-markdown.ts)
        dangerouslySetInnerHTML={{ __html: text.html || text[documentHtml] || '' }}
        // Hydrating a document, `html` is '' by design (see documentHtml): the server's HTML stays.
        suppressHydrationWarning
      />
    </section>
  )
}
