/**
 * Below the desktop breakpoint the navigation lives in a sheet opened from the header's menu button. The account entry
 * and the language switcher come first, where a reader looks for them; each service group's articles fold into a
 * disclosure (closed at first, native so it works before hydration), so the sheet stays about one screen tall.
 */
import { ChevronDown, Menu } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { Dialog } from '#app/components/dialog.tsx'
import { AccountMenu } from '#app/features/account/account-menu.tsx'
import type { MenuGroup } from '#contracts/site.ts'
import { LanguageSwitcher } from './language-switcher.tsx'
import { navItems } from './nav-items.ts'

export function MobileMenu({ menu }: { menu: MenuGroup[] }) {
  const { t } = useTranslation('shell')
  const [isOpen, setIsOpen] = useState(false)
  const location = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: close on every navigation
  useEffect(() => setIsOpen(false), [location.key])
  return (
    <div className="lg:hidden">
      <button
        type="button"
        onClick={() => setIsOpen(true)}
        className="inline-flex size-10 items-center justify-center rounded-lg text-ink-800 hover:bg-ink-100"
        aria-label={t('openMenu')}
      >
        <Menu className="size-6" aria-hidden="true" />
      </button>
      <Dialog isOpen={isOpen} onOpenChange={setIsOpen} title={t('menu')}>
        <nav aria-label={t('mainNavigation')} className="flex flex-col gap-4">
          <div
            className="flex flex-wrap items-center justify-between gap-2 border-b border-ink-100 pb-4"
            data-testid="mobile-menu-account"
          >
            <AccountMenu />
            <LanguageSwitcher />
          </div>
          <ul className="grid grid-cols-2 gap-2">
            {navItems.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="block rounded-lg bg-ink-50 px-3 py-2 text-sm font-medium text-ink-900"
                >
                  {t(item.labelKey)}
                </Link>
              </li>
            ))}
          </ul>
          {menu.length > 0 ? (
            <div className="flex flex-col">
              <h3 className="text-xs font-semibold tracking-wide text-ink-700 uppercase">
                {t('nav.services')}
              </h3>
              {menu.map((group) => (
                <details key={group.menuName} className="group border-b border-ink-100">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-2 py-2.5 text-sm font-semibold text-brand-700 [&::-webkit-details-marker]:hidden">
                    {group.menuName}
                    <ChevronDown
                      className="size-4 shrink-0 transition-transform group-open:rotate-180"
                      aria-hidden="true"
                    />
                  </summary>
                  <ul className="pb-2">
                    {group.articles.map((article) => (
                      <li key={article.k}>
                        <Link
                          to={`/articles/${encodeURIComponent(article.k)}`}
                          className="block py-1.5 ps-3 text-sm text-ink-800"
                        >
                          {article.v}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </details>
              ))}
            </div>
          ) : null}
        </nav>
      </Dialog>
    </div>
  )
}
