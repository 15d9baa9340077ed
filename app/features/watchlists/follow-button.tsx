/**
 * The follow control (☆ / ★) beside a stock wherever one appears (issue 25): a toggle button named "Follow <name>",
 * pressed while followed. A click changes the star at once (optimistic) and offers undo in a toast; the work is in
 * follow-actions.ts, fetched on demand. Pages place it through follow-control.tsx, which fetches this code after the
 * page's own. `data-loaded` appears once the reader's followed stocks are known (the control then answers clicks).
 */

import { useIsLoggedIn } from '#app/features/account/account-provider.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { Market } from '#contracts/regions.ts'
import { loadFollowActions, useFollowState } from './followed-stocks.ts'

export function FollowButton({
  market,
  code,
  name,
  id,
  tabIndex,
}: {
  market: Market
  code: string
  name: string
  /** Set where a combobox points at the button (`aria-activedescendant`: the search suggestions' grid). */
  id?: string
  /** -1 where the focus stays elsewhere (the search box) and the keyboard reaches the button through it. */
  tabIndex?: number
}) {
  const { t, i18n } = useTranslation()
  const owner = useIsLoggedIn() ? 'member' : 'visitor'
  const state = useFollowState(`${market}:${code}`, owner, i18n)
  const isFollowed = state === 'yes'
  return (
    // Lean markup on purpose: the diagnosis page's HTML has a size budget (the site's global focus ring applies).
    <button
      type="button"
      id={id}
      tabIndex={tabIndex}
      aria-pressed={isFollowed}
      aria-label={t('follow.label', { name })}
      data-loaded={state === 'loading' ? undefined : true}
      onClick={() =>
        void loadFollowActions().then((actions) => actions.toggleFollow({ market, code, name }, owner, i18n))
      }
      className="grid size-8 shrink-0 place-items-center rounded-md text-lg text-brand-700 hover:bg-ink-100"
    >
      <span aria-hidden="true">{isFollowed ? '★' : '☆'}</span>
    </button>
  )
}
