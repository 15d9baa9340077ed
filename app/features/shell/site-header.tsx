/**
 * The header (spec §2): logo, search, services mega-menu, the main links (those that do not fit move into More),
 * the AI diagnosis and classroom links, the account entry and the language switcher. Below the desktop
 * breakpoint everything folds into a menu sheet, so the header works from 360 px up. A logged-in reader's number,
 * plan and log out sit in the account menu, so the bar holds at every desktop width.
 */
import { clsx } from 'clsx'
import { __iconData as ellipsisShape } from 'lucide-react/icons/ellipsis'
import { Link } from 'react-router'
import { DropdownMenu, DropdownMenuLinkItem } from '#app/components/dropdown-menu.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { PageLink, PageNavLink } from '#app/components/page-link.tsx'
import { HeaderAccountMenu } from '#app/features/account/account-menu.tsx'
import { NotificationBell } from '#app/features/alerts/notification-bell.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { MenuGroup } from '#contracts/site.ts'
import { LanguageSwitcher } from './language-switcher.tsx'
import { MegaMenu } from './mega-menu.tsx'
import { MobileMenu } from './mobile-menu.tsx'
import { barVisibility, moreMenuVisibility, navItems } from './nav-items.ts'
import { SiteLogo } from './site-logo.tsx'

const MoreHorizontal = outlineIcon(ellipsisShape)

export function SiteHeader({ menu, search }: { menu: MenuGroup[]; search?: React.ReactNode }) {
  const { t } = useTranslation('shell')
  return (
    <header className="sticky top-0 z-30 border-b border-ink-100 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('skipToContent')}
      </a>
      {/* `relative`: the services mega-menu panel is positioned against this container. */}
      <div className="relative mx-auto flex h-16 max-w-screen-2xl items-center gap-2 px-4 lg:gap-4 lg:px-6">
        <PageLink to="/" className="shrink-0" aria-label={t('homeLink')}>
          <SiteLogo />
        </PageLink>
        {/* The search keeps a usable width; the links give way to the More menu first (nav-items.ts). */}
        <div className="min-w-0 flex-1 lg:min-w-28 lg:max-w-sm xl:min-w-44">{search}</div>
        <nav aria-label={t('mainNavigation')} className="hidden items-center gap-1 lg:flex">
          <MegaMenu groups={menu} />
          {navItems
            .filter((item) => item.visibleFrom !== 'more')
            .map((item) => (
              <PageNavLink
                key={item.to}
                to={item.to}
                className={({ isActive }) =>
                  clsx(
                    barVisibility[item.visibleFrom],
                    'items-center rounded-lg px-2 py-2 2xl:px-3 text-sm font-medium whitespace-nowrap hover:bg-ink-100',
                    isActive ? 'text-brand-700' : 'text-ink-800',
                  )
                }
              >
                {t(item.labelKey)}
              </PageNavLink>
            ))}
          <div>
            <DropdownMenu
              trigger={
                <button
                  type="button"
                  className="inline-flex items-center gap-1 rounded-lg px-2 py-2 2xl:px-3 text-sm font-medium text-ink-800 hover:bg-ink-100"
                >
                  <MoreHorizontal className="size-4" aria-hidden="true" />
                  {t('nav.more')}
                </button>
              }
            >
              {navItems
                .filter((item) => item.visibleFrom !== 'lg')
                .map((item) => (
                  <div key={item.to} className={moreMenuVisibility[item.visibleFrom]}>
                    <DropdownMenuLinkItem>
                      <Link to={item.to}>{t(item.labelKey)}</Link>
                    </DropdownMenuLinkItem>
                  </div>
                ))}
              <DropdownMenuLinkItem>
                <Link to="/about-us">{t('nav.aboutUs')}</Link>
              </DropdownMenuLinkItem>
            </DropdownMenu>
          </div>
        </nav>
        <div className="hidden shrink-0 items-center gap-1 whitespace-nowrap lg:flex">
          <LanguageSwitcher />
          <HeaderAccountMenu />
        </div>
        <NotificationBell />
        <MobileMenu menu={menu} />
      </div>
    </header>
  )
}
