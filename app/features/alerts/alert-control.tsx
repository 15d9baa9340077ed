/**
 * The diagnosis report's alert control (issue 26): "alert me" on this stock — the kind and its level — for a logged-in
 * member; a visitor is asked to log in (once the page is live). Drawn by the server with the report, its code
 * fetched after the page's own.
 * The level of a day's move is typed in percent.
 */

import { __iconData as bellShape } from 'lucide-react/icons/bell'
import { type FormEvent, useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { Button } from '#app/components/button.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { toast } from '#app/components/toaster.tsx'
import { loginHref } from '#app/features/account/account-menu.tsx'
import { useAccount } from '#app/features/account/account-provider.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { type AlertKind, alertKinds, alertKindTakesThreshold } from '#contracts/alert-rules.ts'
import type { Market } from '#contracts/regions.ts'
import { createAlert } from './alerts-api.ts'
import { useAlertFailure } from './use-alert-failure.ts'

const Bell = outlineIcon(bellShape)

export function AlertControl({
  market,
  code,
  name,
  price,
}: {
  market: Market
  code: string
  name: string
  price: number | null
}) {
  const { t } = useTranslation('alerts')
  const { isLoggedIn } = useAccount()
  const location = useLocation()
  const failure = useAlertFailure()
  const [kind, setKind] = useState<AlertKind>('priceAbove')
  const [level, setLevel] = useState(price === null ? '' : String(price))
  const [isBusy, setIsBusy] = useState(false)
  const [isSet, setIsSet] = useState(false)
  // Drawn by the server before its code arrives: `data-loaded` tells when the form answers (as the follow star does).
  const [isLoaded, setIsLoaded] = useState(false)
  useEffect(() => setIsLoaded(true), [])

  // A visitor's invitation is written once the page is live, in a line of its height kept from the start: the
  // diagnosis page's HTML stays within its 100 KB for a sentence every visitor's browser can draw itself.
  if (!isLoggedIn && !isLoaded) return <p className="min-h-5 text-sm" />
  if (!isLoggedIn)
    return (
      <p className="min-h-5 text-sm text-ink-700">
        <Bell className="me-1 inline size-4" aria-hidden="true" />
        <Link to={loginHref(location.pathname, location.search)} className="text-brand-700 underline">
          {t('form.logIn')}
        </Link>
      </p>
    )

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    setIsBusy(true)
    try {
      const threshold = alertKindTakesThreshold(kind)
        ? kind === 'dayMove'
          ? Number(level) / 100
          : Number(level)
        : undefined
      await createAlert({ market, code, kind, threshold })
      setIsSet(true)
      toast.success(t('form.saved'))
    } catch (error) {
      toast.error(failure(error, undefined))
    } finally {
      setIsBusy(false)
    }
  }

  function onKind(next: AlertKind) {
    setKind(next)
    if (next === 'dayMove') setLevel('5')
    else if (next === 'scoreChange') setLevel('10')
    else if (next === 'priceAbove' || next === 'priceBelow') setLevel(price === null ? '' : String(price))
  }

  return (
    <form
      onSubmit={onSubmit}
      className="flex flex-col gap-2 rounded-lg border border-ink-100 bg-ink-50 p-3"
      aria-label={t('form.title', { stock: name })}
      data-testid="alert-control"
      data-loaded={isLoaded ? 'true' : undefined}
    >
      <p className="flex items-center gap-1 text-sm font-semibold text-ink-900">
        <Bell className="size-4" aria-hidden="true" />
        {t('form.title', { stock: name })}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-xs text-ink-700">
          {t('form.kind')}
          <select
            value={kind}
            onChange={(event) => onKind(event.currentTarget.value as AlertKind)}
            className="h-10 rounded-lg border border-ink-300 bg-white px-2 text-sm text-ink-900"
          >
            {alertKinds.map((option) => (
              <option key={option} value={option}>
                {t(`kinds.${option}`)}
              </option>
            ))}
          </select>
        </label>
        {alertKindTakesThreshold(kind) ? (
          <label className="flex flex-col gap-1 text-xs text-ink-700">
            {t('form.threshold')}
            <span className="flex items-center gap-1">
              <input
                type="number"
                step="any"
                min="0"
                inputMode="decimal"
                required
                value={level}
                onChange={(event) => setLevel(event.currentTarget.value)}
                className="h-10 w-28 rounded-lg border border-ink-300 bg-white px-2 text-sm text-ink-900"
              />
              {kind === 'dayMove' ? t('units.percent') : kind === 'scoreChange' ? t('units.points') : null}
            </span>
          </label>
        ) : null}
        <Button type="submit" isLoading={isBusy}>
          {t('form.submit')}
        </Button>
        {isSet ? (
          <Link to="/member/alerts" className="text-sm text-brand-700 underline">
            {t('form.manage')}
          </Link>
        ) : null}
      </div>
    </form>
  )
}
