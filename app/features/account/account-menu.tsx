/**
 * The account entry (spec §2, §4): a login link that brings the reader back to where they were, or, when logged in,
 * the user icon with the masked number. In the desktop header (`HeaderAccountMenu`) the number opens a menu — who is
 * logged in and on which plan, the account page, the portfolio (issue 25), the plans, the expert notice and log
 * out — so the header keeps its width for the search; the phone menu's sheet (`AccountMenu`) lays the same entries out in a row.
 * When an analyst has answered an expert question the reader has not opened yet (member info's
 * `expertAnswersUnseen`), the icon carries a dot and the entry a link to /member/expert (issue 15). Both lead to
 * the member's watchlist (issue 25).
 * Log out asks first.
 */

import { __iconData as chevronDownShape } from 'lucide-react/icons/chevron-down'
import { __iconData as logOutShape } from 'lucide-react/icons/log-out'
import { __iconData as userRoundShape } from 'lucide-react/icons/user-round'
import { Link, useLocation } from 'react-router'
import { preloadConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { DropdownMenu, DropdownMenuItem, DropdownMenuLinkItem } from '#app/components/dropdown-menu.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useAccount } from './account-provider.tsx'
import { safeRedirectPath } from './safe-redirect.ts'

const ChevronDown = outlineIcon(chevronDownShape)
const LogOut = outlineIcon(logOutShape)
const UserRound = outlineIcon(userRoundShape)

export function loginHref(pathname: string, search: string): string {
  // On the login page itself, keep the page's own redirect rather than pointing back at the login page.
  const target = pathname.startsWith('/member/login')
    ? safeRedirectPath(new URLSearchParams(search).get('redirect'))
    : `${pathname}${search}`
  return `/member/login?redirect=${encodeURIComponent(target)}`
}

function LoginLink() {
  const { t } = useTranslation('shell')
  const location = useLocation()
  return (
    <Link
      to={loginHref(location.pathname, location.search)}
      className="inline-flex items-center gap-1 rounded-lg bg-brand-600 px-3 py-2 text-sm font-medium whitespace-nowrap text-white hover:bg-brand-700"
    >
      <UserRound className="size-4" aria-hidden="true" />
      {t('account.login')}
    </Link>
  )
}

function useAccountEntry() {
  const { t } = useTranslation(['account'])
  const account = useAccount()
  const { userInfo } = account
  const name = userInfo?.displayName ?? userInfo?.maskedPhone ?? t('account:menu.member')
  const tier = userInfo?.tier ? t(`account:menu.tiers.${userInfo.tier}`) : null
  return { ...account, name, tier }
}

function TierBadge({ tier }: { tier: string }) {
  return (
    <span className="rounded bg-brand-600/10 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-brand-700">
      {tier}
    </span>
  )
}

/** The user icon, with the dot while an expert answer waits unopened; named only where it stands alone. */
function AccountAvatar({ hasNotice, label }: { hasNotice: boolean; label?: string }) {
  return (
    <span className="relative inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white">
      {label ? (
        <UserRound className="size-4" aria-label={label} role="img" />
      ) : (
        <UserRound className="size-4" aria-hidden="true" />
      )}
      {hasNotice ? <NoticeDot /> : null}
    </span>
  )
}

/** The desktop header's entry: the number opens the account menu. */
export function HeaderAccountMenu() {
  const { t } = useTranslation(['shell', 'account'])
  const { isLoggedIn, requestLogout, expertAnswersUnseen, name, tier } = useAccountEntry()
  if (!isLoggedIn) return <LoginLink />
  return (
    <div data-testid="account-menu">
      <DropdownMenu
        trigger={
          <button
            type="button"
            className="inline-flex items-center gap-1.5 rounded-lg px-2 py-2 text-sm text-ink-800 hover:bg-ink-100"
            aria-label={t('account:menu.openMenu', { name })}
          >
            <AccountAvatar hasNotice={expertAnswersUnseen > 0} />
            {/* The bar has no room for the number next to a usable search (it is capped at 1536 px); the open menu
                says who is logged in. */}
            <span className="sr-only" data-testid="account-name">
              {name}
            </span>
            <ChevronDown className="size-4 shrink-0" aria-hidden="true" />
          </button>
        }
      >
        <div className="flex items-center gap-2 px-3 pt-2 pb-1 text-xs text-ink-700">
          <span className="truncate">{t('account:menu.signedInAs', { name })}</span>
          {tier ? <TierBadge tier={tier} /> : null}
        </div>
        <DropdownMenuLinkItem>
          <Link to="/member/account">{t('account:menu.account')}</Link>
        </DropdownMenuLinkItem>
        <DropdownMenuLinkItem>
          <Link to="/member/watchlist">{t('account:menu.watchlist')}</Link>
        </DropdownMenuLinkItem>
        <DropdownMenuLinkItem>
          <Link to="/member/portfolio">{t('account:menu.portfolio')}</Link>
        </DropdownMenuLinkItem>
        {expertAnswersUnseen > 0 ? (
          <DropdownMenuLinkItem>
            <Link to="/member/expert" data-testid="expert-notice">
              <span className="size-2 rounded-full bg-loss" aria-hidden="true" />
              {t('account:menu.expertAnswers', { count: expertAnswersUnseen })}
            </Link>
          </DropdownMenuLinkItem>
        ) : null}
        <DropdownMenuLinkItem>
          <Link to="/subscribe">{t('shell:nav.plans')}</Link>
        </DropdownMenuLinkItem>
        <DropdownMenuItem onSelect={requestLogout}>
          <LogOut className="size-4" aria-hidden="true" />
          {t('account:menu.logout')}
        </DropdownMenuItem>
      </DropdownMenu>
    </div>
  )
}

/** The phone menu's entry: the number (and plan) linking to the account page, the expert notice and log out. */
export function AccountMenu() {
  const { t } = useTranslation(['shell', 'account'])
  const { isLoggedIn, requestLogout, expertAnswersUnseen, name, tier } = useAccountEntry()
  if (!isLoggedIn) return <LoginLink />
  return (
    <div className="flex flex-wrap items-center gap-1" data-testid="account-menu">
      <Link
        to="/member/account"
        className="inline-flex items-center gap-2 rounded-lg px-2 py-2 text-sm text-ink-800 hover:bg-ink-100"
        title={t('account:menu.signedInAs', { name })}
      >
        <AccountAvatar hasNotice={expertAnswersUnseen > 0} label={t('account:menu.account')} />
        <span className="max-w-32 truncate font-medium" data-testid="account-name">
          {name}
        </span>
        {tier ? <TierBadge tier={tier} /> : null}
      </Link>
      <Link
        to="/member/watchlist"
        className="inline-flex items-center gap-1 rounded-lg px-2 py-2 text-sm font-medium text-ink-800 hover:bg-ink-100"
      >
        {t('account:menu.watchlist')}
      </Link>
      <Link
        to="/member/portfolio"
        className="inline-flex items-center rounded-lg px-2 py-2 text-sm font-medium text-ink-800 hover:bg-ink-100"
      >
        {t('account:menu.portfolio')}
      </Link>
      {expertAnswersUnseen > 0 ? (
        <Link
          to="/member/expert"
          className="inline-flex items-center gap-1 rounded-lg px-2 py-2 text-sm font-medium text-brand-700 hover:bg-ink-100"
          data-testid="expert-notice"
        >
          <span className="size-2 rounded-full bg-loss" aria-hidden="true" />
          {t('account:menu.expertAnswers', { count: expertAnswersUnseen })}
        </Link>
      ) : null}
      <button
        type="button"
        onClick={requestLogout}
        onPointerEnter={preloadConfirmDialog}
        onFocus={preloadConfirmDialog}
        className="inline-flex items-center gap-1 rounded-lg px-2 py-2 text-sm font-medium text-ink-800 hover:bg-ink-100"
      >
        <LogOut className="size-4" aria-hidden="true" />
        {t('account:menu.logout')}
      </button>
    </div>
  )
}

/** The dot on the user icon (and the mobile menu's button) while an expert answer waits unopened. */
export function NoticeDot() {
  return (
    <span
      className="absolute -end-0.5 -top-0.5 size-2.5 rounded-full bg-loss ring-2 ring-white"
      data-testid="expert-notice-dot"
      aria-hidden="true"
    />
  )
}
