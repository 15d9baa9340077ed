/**
 * The follow control (☆ / ★) beside a stock wherever one appears (issue 25): a toggle button named "Follow <name>",
 * pressed while followed. A click changes the star at once (optimistic) and offers undo in a toast; the work is in
 * follow-actions.ts, fetched on demand, so every list page pays only for this button.
 */
import { useTranslation } from 'react-i18next'
import { useIsLoggedIn } from '#app/features/account/account-provider.tsx'
import type { Market } from '#contracts/regions.ts'
import { loadFollowActions, useIsFollowed } from './followed-stocks.ts'

export function FollowButton({ market, code, name }: { market: Market; code: string; name: string }) {
  const { t, i18n } = useTranslation()
  const owner = useIsLoggedIn() ? 'member' : 'visitor'
  const isFollowed = useIsFollowed(`${market}:${code}`, owner)
  return (
    <button
      type="button"
      aria-pressed={isFollowed}
      aria-label={t('follow.label', { name })}
      title={t('follow.label', { name })}
      data-testid="follow-button"
      onClick={() =>
        void loadFollowActions().then((actions) => actions.toggleFollow({ market, code, name }, owner, i18n))
      }
      className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-lg leading-none text-brand-700 hover:bg-ink-100 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span aria-hidden="true">{isFollowed ? '★' : '☆'}</span>
    </button>
  )
}
