/**
 * An instant shown in the region's time zone and language (spec §9: New York time for English), always with the
 * zone's name when it shows a time of day: the English Korea and Japan sites show Seoul and Tokyo times.
 */
import { useRootData } from '#app/use-root-data.ts'

const formats = new Map<string, Intl.DateTimeFormat>()

export function formatArticleTime(
  iso: string,
  displayLocale: string,
  timeZone: string,
  withTime = true,
): string {
  const key = `${displayLocale}|${timeZone}|${withTime}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(
      displayLocale,
      withTime
        ? {
            year: 'numeric',
            month: 'short',
            day: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
            timeZoneName: 'short',
            timeZone,
          }
        : { dateStyle: 'medium', timeZone },
    )
    formats.set(key, format)
  }
  return format.format(new Date(iso))
}

/** The browser's ICU may space a time differently from the server's; the text is the same instant either way. */
export function ArticleTime({
  iso,
  withTime = true,
  className,
}: {
  iso: string
  withTime?: boolean
  className?: string
}) {
  const { displayLocale, timeZone } = useRootData()
  return (
    <time dateTime={iso} className={className} suppressHydrationWarning>
      {formatArticleTime(iso, displayLocale, timeZone, withTime)}
    </time>
  )
}
