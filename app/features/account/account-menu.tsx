/**
 * The header's account entry (spec §2, §4): a login link that brings the reader back to where they were, or, when
 * logged in, the user icon with the masked number (and tier), linking to the account page, and a logout button that
 * asks first.
 * The mobile menu shows the same entry. When an analyst has answered an expert question the reader has not opened yet
 * (member info's `expertAnswersUnseen`), the icon carries a dot and the entry a link to /member/expert (issue 15).
 */
import { LogOut, UserRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { preloadConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { useAccount } from './account-provider.tsx'
import { safeRedirectPath } from './safe-redirect.ts'

export function loginHref(pathname: string, search: string): string {
  // On the login page itself, keep the page's own redirect rather than pointing back at the login page.
  const target = pathname.startsWith('/member/login')
    ? safeRedirectPath(new URLSearchParams(search).get('redirect'))
    : `${pathname}${search}`
  return `/member/login?redirect=${encodeURIComponent(target)}`
}

export function AccountMenu() {
  const { t } = useTranslation(['shell', 'account', 'expert'])
  const location = useLocation()
  const { isLoggedIn, userInfo, requestLogout, expertAnswersUnseen } = useAccount()

  if (!isLoggedIn) {
    return (
      <Link
        to={loginHref(location.pathname, location.search)}
        className="inline-flex items-center gap-1 rounded-lg bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        <UserRound className="size-4" aria-hidden="true" />
        {t('account.login')}
      </Link>
    )
  }

  const name = userInfo?.displayName ?? userInfo?.maskedPhone ?? t('account:menu.member')
  const tier = userInfo?.tier ? t(`account:menu.tiers.${userInfo.tier}`) : null
  return (
    <div className="flex items-center gap-1" data-testid="account-menu">
      <Link
        to="/member/account"
        className="inline-flex items-center gap-2 rounded-lg px-2 py-2 text-sm text-ink-800 hover:bg-ink-100"
        title={t('account:menu.signedInAs', { name })}
      >
        <span className="relative inline-flex size-7 items-center justify-center rounded-full bg-brand-600 text-white">
          <UserRound className="size-4" aria-label={t('account:menu.account')} role="img" />
          {expertAnswersUnseen > 0 ? <NoticeDot /> : null}
        </span>
        <span className="max-w-32 truncate font-medium" data-testid="account-name">
          {name}
        </span>
        {tier ? (
          <span className="rounded bg-brand-600/10 px-1.5 py-0.5 text-xs font-semibold text-brand-700">
            {tier}
          </span>
        ) : null}
      </Link>
      {expertAnswersUnseen > 0 ? (
        <Link
          to="/member/expert"
          className="inline-flex items-center gap-1 rounded-lg px-2 py-2 text-sm font-medium text-brand-700 hover:bg-ink-100"
          data-testid="expert-notice"
        >
          <span className="size-2 rounded-full bg-loss" aria-hidden="true" />
          {t('expert:notice.menuItem', { count: expertAnswersUnseen })}
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
