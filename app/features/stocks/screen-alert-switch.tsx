/**
 * A saved screen's switch: "Alert me when a stock enters this screen" (ADR 0040). Saved at once through the alerts
 * API; refused (the plan's number of alerts, a screen gone) it goes back and says why in the reader's language. The
 * first refresh after it is on records the screen's stocks; later refreshes tell of each stock that enters. Its code
 * is fetched after the page's (saved-screens.tsx defers it).
 */
import { useEffect, useState } from 'react'
import { setScreenAlert } from '#app/features/alerts/alerts-api.ts'
import { useAlertFailure } from '#app/features/alerts/use-alert-failure.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'

export function ScreenAlertSwitch({
  screenId,
  name,
  initial,
  max,
}: {
  screenId: string
  name: string
  initial: boolean
  max: number
}) {
  const { t } = useTranslation('screener')
  const failure = useAlertFailure()
  const [isOn, setIsOn] = useState(initial)
  const [isBusy, setIsBusy] = useState(false)
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null)
  // Drawn by the server before its code arrives: `data-loaded` tells when the switch answers.
  const [isLoaded, setIsLoaded] = useState(false)
  useEffect(() => setIsLoaded(true), [])
  async function onChange(enabled: boolean) {
    setIsBusy(true)
    setIsOn(enabled)
    setMessage(null)
    try {
      setIsOn((await setScreenAlert(screenId, enabled)).enabled)
      setMessage({ kind: 'ok', text: t(enabled ? 'saved.alertOn' : 'saved.alertOff', { name }) })
    } catch (error) {
      setIsOn(!enabled)
      setMessage({ kind: 'error', text: failure(error, max) })
    } finally {
      setIsBusy(false)
    }
  }
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-start gap-2 text-xs text-ink-800">
        <input
          type="checkbox"
          checked={isOn}
          disabled={isBusy}
          onChange={(event) => void onChange(event.currentTarget.checked)}
          className="size-6 shrink-0 rounded border-ink-300 accent-brand-600"
          aria-label={t('saved.alertFor', { name })}
          data-testid="screen-alert-switch"
          data-loaded={isLoaded ? 'true' : undefined}
        />
        <span aria-hidden="true" className="pt-1">
          {t('saved.alert')}
        </span>
      </label>
      {message ? (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          className={message.kind === 'error' ? 'text-xs text-loss' : 'text-xs text-ink-900'}
        >
          {message.text}
        </p>
      ) : null}
    </div>
  )
}
