/** A company text as a readable page: title, last update in the reader's zone, sanitised body. */
import type { ReactNode } from 'react'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import type { SiteText } from '#contracts/site.ts'

const dateFormats = new Map<string, Intl.DateTimeFormat>()

/** Formatters are costly to build and there are only a few locale/zone pairs: keep one of each. */
export function formatDate(iso: string, displayLocale: string, timeZone: string): string {
  const key = `${displayLocale}|${timeZone}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(displayLocale, { dateStyle: 'long', timeZone })
    dateFormats.set(key, format)
  }
  return format.format(new Date(iso))
}

export function SiteTextArticle({
  text,
  children,
  aside,
}: {
  text: SiteText
  children?: ReactNode
  aside?: ReactNode
}) {
  const { t } = useTranslation()
  const { displayLocale, timeZone } = useRootData()
  return (
    <div className="mx-auto max-w-screen-xl px-4 py-10 lg:px-6">
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <article className="min-w-0">
          <header className="mb-6 border-b border-ink-100 pb-6">
            <h1 className="text-3xl font-bold tracking-tight text-ink-950">{text.title}</h1>
            <p className="mt-2 text-sm text-ink-500">
              {t('time.updated', { date: formatDate(text.updatedAt, displayLocale, timeZone) })}
            </p>
          </header>
          {children}
          <div
            className="prose-content"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitised on the server (server/text/render-markdown.ts)
            dangerouslySetInnerHTML={{ __html: text.bodyHtml }}
          />
        </article>
        {aside ? <aside className="flex flex-col gap-6">{aside}</aside> : null}
      </div>
    </div>
  )
}
