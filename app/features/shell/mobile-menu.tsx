/** Below the desktop breakpoint the navigation lives in a sheet opened from the header's menu button. */
import { Menu } from 'lucide-react'
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
          {menu.map((group) => (
            <section key={group.menuName} aria-label={group.menuName}>
              <h2 className="mb-1 text-xs font-semibold tracking-wide text-brand-700 uppercase">
                {group.menuName}
              </h2>
              <ul>
                {group.articles.map((article) => (
                  <li key={article.k}>
                    <Link
                      to={`/articles/${encodeURIComponent(article.k)}`}
                      className="block py-1.5 text-sm text-ink-800"
                    >
                      {article.v}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <div className="flex items-center justify-between border-t border-ink-100 pt-4">
            <LanguageSwitcher />
            <AccountMenu />
          </div>
        </nav>
      </Dialog>
    </div>
  )
}
