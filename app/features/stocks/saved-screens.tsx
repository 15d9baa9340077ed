/**
 * A member's saved screens beside the screener: each a link to its screen, a button deleting it, and a form saving
 * the current screen under a name (as many as the tier table's `savedScreens`; the server enforces it and says so
 * in the reader's language). Saving and deleting call the API and reload the page's data. A visitor is asked to log
 * in; the list is only ever the reader's own (the loader asks for it with the reader's session). Each saved screen
 * has its switch "Alert me when a stock enters this screen" (screen-alert-switch.tsx, ADR 0040). A screen is saved
 * with its market, the one the page shows (the region's when the address names none), so its alert watches what the
 * reader saw.
 */
import { useState } from 'react'
import { useLocation, useRevalidator } from 'react-router'
import { ApiError, api, dataOf } from '#app/api/api-client.ts'
import { buttonClassName } from '#app/components/button.tsx'
import { deferHydration } from '#app/components/deferred-hydration.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { loginHref } from '#app/features/account/account-menu.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { SavedScreensAnswer } from '#contracts/screener.ts'
import { canonicalScreenSearch, savedScreenNameMax } from '#contracts/screener-rules.ts'
import { screenerPath } from './screener-href.ts'

/** Drawn with the page; its code (and the alerts API's) comes after the page's own (the page's JS budget). */
const ScreenAlertSwitch = deferHydration(() =>
  import('./screen-alert-switch.tsx').then((module) => module.ScreenAlertSwitch),
)

export function SavedScreens({
  saved,
  alerts,
  market,
}: {
  saved: SavedScreensAnswer | null
  /** The saved screens with their alert on, and the plan's number of alerts. */
  alerts: { screenIds: string[]; max: number } | null
  /** The market the page shows (the region's when the address names none). */
  market: string | undefined
}) {
  const { t } = useTranslation('screener')
  const location = useLocation()
  const revalidator = useRevalidator()
  const [name, setName] = useState('')
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null)

  if (!saved) {
    return (
      <section aria-labelledby="saved-screens" className="flex flex-col gap-2 rounded-card bg-ink-50 p-4">
        <h2 id="saved-screens" className="text-base font-semibold text-ink-950">
          {t('saved.heading')}
        </h2>
        <p className="text-sm text-ink-700">
          {t('saved.logIn')}{' '}
          <PageLink
            to={loginHref(location.pathname, location.search)}
            className="font-medium text-brand-700 underline"
          >
            {t('saved.logInLink')}
          </PageLink>
        </p>
      </section>
    )
  }

  const failureText = (error: unknown) =>
    t(`errors:${error instanceof ApiError ? error.code : 'INTERNAL_ERROR'}`, {
      count: saved.limit,
      defaultValue: t('errors:INTERNAL_ERROR'),
    })

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    setMessage(null)
    try {
      const search = new URLSearchParams(location.search)
      if (!search.has('market') && market) search.set('market', market)
      const query = canonicalScreenSearch(search)
      dataOf(await api.post('/screener/saved', { name, query }))
      setName('')
      setMessage({ kind: 'ok', text: t('saved.savedOne') })
      await revalidator.revalidate()
    } catch (error) {
      setMessage({ kind: 'error', text: failureText(error) })
    } finally {
      setBusy(false)
    }
  }

  async function remove(id: string) {
    setMessage(null)
    try {
      dataOf(await api.delete(`/screener/saved/${encodeURIComponent(id)}`))
      await revalidator.revalidate()
    } catch (error) {
      setMessage({ kind: 'error', text: failureText(error) })
    }
  }

  return (
    <section
      aria-labelledby="saved-screens"
      className="flex flex-col gap-3 rounded-card bg-ink-50 p-4"
      data-testid="saved-screens"
    >
      <h2 id="saved-screens" className="text-base font-semibold text-ink-950">
        {t('saved.heading')}
      </h2>
      <p className="text-xs text-ink-700">
        {t('saved.count', { count: saved.screens.length, limit: saved.limit })}
      </p>
      {saved.screens.length === 0 ? (
        <p className="text-sm text-ink-700">{t('saved.none')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {saved.screens.map((screen) => (
            <li key={screen.id} className="flex flex-col gap-1" data-testid="saved-screen">
              <div className="flex items-center justify-between gap-2">
                <PageLink
                  to={screen.query ? `${screenerPath}?${screen.query}` : screenerPath}
                  className="truncate text-sm font-medium text-brand-700 hover:underline"
                >
                  {screen.name}
                </PageLink>
                <button
                  type="button"
                  onClick={() => void remove(screen.id)}
                  className="text-xs text-ink-700 underline hover:text-loss"
                  aria-label={t('saved.delete', { name: screen.name })}
                >
                  ×
                </button>
              </div>
              {alerts ? (
                <ScreenAlertSwitch
                  screenId={screen.id}
                  name={screen.name}
                  initial={alerts.screenIds.includes(screen.id)}
                  max={alerts.max}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void save(event)} className="flex flex-col gap-2">
        <label className="flex flex-col gap-1 text-sm text-ink-700">
          {t('saved.name')}
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={savedScreenNameMax}
            required
            className="h-10 rounded-lg border border-ink-300 bg-white px-2 text-sm text-ink-950"
          />
        </label>
        <button type="submit" disabled={busy} className={buttonClassName('secondary')}>
          {busy ? t('saved.saving') : t('saved.save')}
        </button>
        <noscript>
          <p className="text-xs text-ink-700">{t('saved.needScript')}</p>
        </noscript>
      </form>
      {message ? (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          className={message.kind === 'error' ? 'text-sm text-loss' : 'text-sm text-ink-900'}
        >
          {message.text}
        </p>
      ) : null}
    </section>
  )
}
