/**
 * A live class's schedule in the reader's time zone — the region's (New York on the English site, spec §9), as the
 * rest of the site shows times — and where it stands: upcoming, live now (its join window) or over.
 */

import { __iconData as radioShape } from 'lucide-react/icons/radio'
import { outlineIcon } from '#app/components/icons.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import type { LiveSchedule } from '#contracts/classroom-rules.ts'

const Radio = outlineIcon(radioShape)

const formats = new Map<string, Intl.DateTimeFormat>()

/** A start as date and time with the zone's name; formatters are costly, one per language and zone is kept. */
export function formatLiveStart(iso: string, displayLocale: string, timeZone: string): string {
  const key = `${displayLocale}|${timeZone}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(displayLocale, {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    })
    formats.set(key, format)
  }
  return format.format(new Date(iso))
}

export function LiveLine({ live }: { live: LiveSchedule }) {
  const { t } = useTranslation('classroom')
  const { displayLocale, timeZone } = useRootData()
  const time = formatLiveStart(live.startsAt, displayLocale, timeZone)
  return (
    <p className="flex items-center gap-2 text-sm text-ink-800" data-testid="live-schedule">
      <Radio
        className={live.state === 'open' ? 'size-4 text-loss' : 'size-4 text-ink-500'}
        aria-hidden="true"
      />
      <time dateTime={live.startsAt}>{t(`live.${live.state}`, { time })}</time>
    </p>
  )
}
