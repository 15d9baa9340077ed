/**
 * An instant shown in the region's time zone and language (spec §9: New York time for English), always with the
 * zone's name when it shows a time of day: the English Korea and Japan sites show Seoul and Tokyo times.
 */
import { useRootData } from '#app/use-root-data.ts'

const formats = new Map<string, Intl.DateTimeFormat>()

/**
 * Times already formatted: every reader of a list or an article is shown the same few times, and Intl takes a few
 * microseconds for each, a dozen per uncached list page. Starts over when full.
 */
const formatted = new Map<string, string>()
const formattedMax = 5_000

export function formatArticleTime(
  iso: string,
  displayLocale: string,
  timeZone: string,
  withTime = true,
): string {
  const key = `${displayLocale}|${timeZone}|${withTime}`
  const formattedKey = `${key}|${iso}`
  const known = formatted.get(formattedKey)
  if (known !== undefined) return known
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
  const text = format.format(new Date(iso))
  if (formatted.size >= formattedMax) formatted.clear()
  formatted.set(formattedKey, text)
  return text
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
