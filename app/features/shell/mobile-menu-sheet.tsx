/**
 * The sheet the header's menu button opens below the desktop breakpoint (mobile-menu.tsx): the account entry and the
 * language switcher first, then the main links and each service group's articles in a disclosure. Fetched, with the
 * dialog, when the button is first pointed at, focused or pressed (ADR 0011).
 */

import { __iconData as chevronDownShape } from 'lucide-react/icons/chevron-down'
import { Link } from 'react-router'
import { Dialog } from '#app/components/dialog.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { AccountMenu } from '#app/features/account/account-menu.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { MenuGroup } from '#contracts/site.ts'
import { LanguageSwitcher } from './language-switcher.tsx'
import { navItems } from './nav-items.ts'

const ChevronDown = outlineIcon(chevronDownShape)

export function MobileMenuSheet({
  menu,
  isOpen,
  onOpenChange,
}: {
  menu: MenuGroup[]
  isOpen: boolean
  onOpenChange(isOpen: boolean): void
}) {
  const { t } = useTranslation('shell')
  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title={t('menu')}>
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
                className="block rounded-lg bg-ink-50 px-3 py-1.5 text-sm font-medium text-ink-900"
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
  )
}
