/**
 * /member/alerts (issue 26): every alert of the member with its condition, whether it is paused and when it last
 * told them; its level changed, paused, resumed or deleted here; and the saved screens the member asked to hear about
 * ("alert me when a stock enters this screen", set on the screener), each turned off here. (The switch for big
 * changes of followed stocks is on the watchlist page.)
 */
import { type FormEvent, useState } from 'react'
import { Link, useRevalidator } from 'react-router'
import { Button } from '#app/components/button.tsx'
import { EmptyState } from '#app/components/empty-state.tsx'
import { toast } from '#app/components/toaster.tsx'
import { diagnosisPath } from '#app/features/articles/article-paths.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import {
  type AlertItem,
  type AlertsAnswer,
  alertKindTakesThreshold,
  type ScreenAlertItem,
} from '#contracts/alert-rules.ts'
import { conditionText } from './alert-words.ts'
import { deleteAlert, setScreenAlert, updateAlert } from './alerts-api.ts'
import { useAlertFailure } from './use-alert-failure.ts'

export function AlertsList({
  answer,
  displayLocale,
  timeZone,
}: {
  answer: AlertsAnswer
  displayLocale: string
  timeZone: string
}) {
  const { t } = useTranslation('alerts')
  return (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col gap-3" aria-labelledby="alerts-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="alerts-heading" className="text-xl font-semibold text-ink-950">
            {t('list.heading')}
          </h2>
          <p className="text-sm text-ink-700" data-testid="alerts-count">
            {t('list.count', { count: answer.alerts.length + answer.screens.length, max: answer.max })}
          </p>
        </div>
        {answer.alerts.length === 0 ? (
          <EmptyState title={t('list.empty')} />
        ) : (
          <ul className="flex flex-col divide-y divide-ink-100 rounded-lg border border-ink-100 bg-white">
            {answer.alerts.map((alert) => (
              <AlertRow key={alert.id} alert={alert} displayLocale={displayLocale} timeZone={timeZone} />
            ))}
          </ul>
        )}
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="screen-alerts-heading">
        <h2 id="screen-alerts-heading" className="text-xl font-semibold text-ink-950">
          {t('screens.heading')}
        </h2>
        {answer.screens.length === 0 ? (
          <p className="text-sm text-ink-700">{t('screens.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-ink-100 rounded-lg border border-ink-100 bg-white">
            {answer.screens.map((screen) => (
              <ScreenAlertRow
                key={screen.screenId}
                screen={screen}
                displayLocale={displayLocale}
                timeZone={timeZone}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

function firedText(at: string | null, displayLocale: string, timeZone: string, never: string): string {
  return at
    ? new Intl.DateTimeFormat(displayLocale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
        new Date(at),
      )
    : never
}

/** A saved screen with its alert on: a link to the screen, when a stock last entered it, and a button turning it off. */
function ScreenAlertRow({
  screen,
  displayLocale,
  timeZone,
}: {
  screen: ScreenAlertItem
  displayLocale: string
  timeZone: string
}) {
  const { t } = useTranslation('alerts')
  const revalidator = useRevalidator()
  const failure = useAlertFailure()
  const [isBusy, setIsBusy] = useState(false)
  async function turnOff() {
    setIsBusy(true)
    try {
      await setScreenAlert(screen.screenId, false)
      toast.success(t('screens.off', { name: screen.name }))
      await revalidator.revalidate()
    } catch (error) {
      toast.error(failure(error))
    } finally {
      setIsBusy(false)
    }
  }
  return (
    <li
      className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="screen-alert-row"
    >
      <div className="flex flex-col gap-1">
        <Link
          to={screen.query ? `/stocks-screener?${screen.query}` : '/stocks-screener'}
          className="font-medium text-brand-700 hover:underline"
        >
          {screen.name}
        </Link>
        <p className="text-sm text-ink-900">{t('screens.condition')}</p>
        <p className="text-xs text-ink-700">
          {t('screens.lastEntered')}:{' '}
          {firedText(screen.lastFiredAt, displayLocale, timeZone, t('list.never'))}
        </p>
      </div>
      <Button size="sm" variant="ghost" disabled={isBusy} onClick={() => void turnOff()}>
        {t('screens.turnOff')}
      </Button>
    </li>
  )
}

function AlertRow({
  alert,
  displayLocale,
  timeZone,
}: {
  alert: AlertItem
  displayLocale: string
  timeZone: string
}) {
  const { t } = useTranslation('alerts')
  const revalidator = useRevalidator()
  const failure = useAlertFailure()
  const [isEditing, setIsEditing] = useState(false)
  const [level, setLevel] = useState(String(alert.threshold ?? ''))
  const [isBusy, setIsBusy] = useState(false)
  const stockHref = diagnosisPath(alert)

  async function run(work: () => Promise<unknown>, done?: string) {
    setIsBusy(true)
    try {
      await work()
      if (done) toast.success(done)
      await revalidator.revalidate()
      return true
    } catch (error) {
      toast.error(failure(error))
      return false
    } finally {
      setIsBusy(false)
    }
  }

  async function onSave(event: FormEvent) {
    event.preventDefault()
    const threshold = alert.kind === 'dayMove' ? Number(level) / 100 : Number(level)
    if (await run(() => updateAlert({ alertId: alert.id, threshold }))) setIsEditing(false)
  }

  const lastFired = firedText(alert.lastFiredAt, displayLocale, timeZone, t('list.never'))

  return (
    <li
      className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="alert-row"
    >
      <div className="flex flex-col gap-1">
        <Link to={stockHref} className="font-medium text-brand-700 hover:underline">
          {alert.name ?? t('list.notCovered')} <span className="text-ink-700">{alert.code}</span>
        </Link>
        <p className="text-sm text-ink-900">{conditionText(alert, displayLocale, t)}</p>
        <p className="text-xs text-ink-700">
          {alert.isPaused ? t('list.paused') : t('list.active')} · {t('list.lastFired')}: {lastFired}
        </p>
      </div>
      {isEditing ? (
        <form className="flex items-center gap-2" onSubmit={onSave}>
          <label className="sr-only" htmlFor={`level-${alert.id}`}>
            {t('form.threshold')}
          </label>
          <input
            id={`level-${alert.id}`}
            type="number"
            step="any"
            min="0"
            inputMode="decimal"
            value={level}
            onChange={(event) => setLevel(event.currentTarget.value)}
            className="h-8 w-28 rounded-lg border border-ink-300 px-2 text-sm"
          />
          <Button type="submit" size="sm" isLoading={isBusy}>
            {t('list.save')}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setIsEditing(false)}>
            {t('list.cancel')}
          </Button>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          {alertKindTakesThreshold(alert.kind) ? (
            <Button
              size="sm"
              variant="secondary"
              disabled={isBusy}
              onClick={() => {
                setLevel(
                  alert.kind === 'dayMove' && alert.threshold !== null
                    ? String(Math.round(alert.threshold * 10000) / 100)
                    : String(alert.threshold ?? ''),
                )
                setIsEditing(true)
              }}
            >
              {t('list.edit')}
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="secondary"
            disabled={isBusy}
            onClick={() => void run(() => updateAlert({ alertId: alert.id, isPaused: !alert.isPaused }))}
          >
            {alert.isPaused ? t('list.resume') : t('list.pause')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={isBusy}
            onClick={() => void run(() => deleteAlert(alert.id), t('list.deleted'))}
          >
            {t('list.delete')}
          </Button>
        </div>
      )}
    </li>
  )
}
