/**
 * /member/watchlist for a visitor: the stocks followed on this device (localStorage, read after hydration: the
 * server never sees them), each leading to its diagnosis with its follow control, and the invitation to log in,
 * which moves them to the account (ADR 0033).
 */
import { useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { buttonClassName } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { deferHydration } from '#app/components/deferred-hydration.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { loginHref } from '#app/features/account/account-menu.tsx'
import { diagnosisHref } from '#app/features/stocks/diagnosis-href.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { deviceWatchlistMax, readDeviceWatchlist, stockOfKey } from './device-watchlist.ts'

// The follow control (issue 25): drawn by the server with the page, its code fetched after the page's own (the JS
// budget); until it arrives the star is drawn but does not answer.
const FollowButton = deferHydration(() =>
  import('#app/features/watchlists/follow-button.tsx').then((module) => module.FollowButton),
)

export function DeviceWatchlistView() {
  const { t } = useTranslation(['watchlist', 'stocks'])
  const location = useLocation()
  const [keys, setKeys] = useState<string[] | null>(null)
  useEffect(() => setKeys(readDeviceWatchlist()), [])
  return (
    <Card className="flex flex-col gap-4" data-testid="device-watchlist">
      <h2 className="text-lg font-semibold text-ink-950">{t('visitor.title')}</h2>
      <p className="text-sm text-ink-800">{t('visitor.text', { max: deviceWatchlistMax })}</p>
      <div>
        <Link to={loginHref(location.pathname, location.search)} className={buttonClassName('primary', 'md')}>
          {t('visitor.logIn')}
        </Link>
      </div>
      {keys === null ? null : keys.length === 0 ? (
        <p className="text-sm text-ink-700">{t('visitor.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-ink-100">
          {keys.map(stockOfKey).map((stock) => (
            <li key={`${stock.market}:${stock.code}`} className="flex items-center gap-2 py-2">
              <FollowButton market={stock.market} code={stock.code} name={stock.code} />
              <PageLink
                to={diagnosisHref(stock.code, stock.market)}
                className="font-semibold text-ink-950 hover:text-brand-700 hover:underline"
              >
                {stock.code}
              </PageLink>
              <span className="text-xs text-ink-700">{t(`stocks:markets.${stock.market}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
