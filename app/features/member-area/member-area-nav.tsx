/**
 * The member area's tabs (issue 15, issue 25, issue 26): the reader's own portfolio and watchlist, their alerts and
 * notifications, the classroom, portfolio
 * strategies, monthly picks, expert diagnosis and the adviser, each its own page under /member/. Every reader sees
 * every tab; what a page opens is decided by contracts/benefits.ts and explained on the page (lock-prompt.tsx).
 */
import { clsx } from 'clsx'
import { PageNavLink } from '#app/components/page-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'

export const memberAreaTabs = [
  { key: 'portfolio', to: '/member/portfolio' },
  { key: 'watchlist', to: '/member/watchlist' },
  { key: 'alerts', to: '/member/alerts' },
  { key: 'notifications', to: '/member/notifications' },
  { key: 'classroom', to: '/member/investment' },
  { key: 'strategies', to: '/member/strategies' },
  { key: 'picks', to: '/member/picks' },
  { key: 'expert', to: '/member/expert' },
  { key: 'adviser', to: '/member/adviser' },
] as const

export type MemberAreaTab = (typeof memberAreaTabs)[number]['key']

export function MemberAreaNav() {
  const { t } = useTranslation('member')
  return (
    <nav aria-label={t('nav.label')} className="-mx-4 overflow-x-auto px-4">
      <ul className="flex min-w-max gap-1 border-b border-ink-100">
        {memberAreaTabs.map((tab) => (
          <li key={tab.key}>
            <PageNavLink
              to={tab.to}
              end
              className={({ isActive }) =>
                clsx(
                  '-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium',
                  isActive
                    ? 'border-brand-600 text-brand-700'
                    : 'border-transparent text-ink-800 hover:text-ink-950',
                )
              }
            >
              {t(`nav.${tab.key}`)}
            </PageNavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** A member-area page's frame: the tabs, the page's title and introduction, and the page. */
export function MemberAreaPage({
  title,
  intro,
  children,
}: {
  title: string
  intro: string
  children: React.ReactNode
}) {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <MemberAreaNav />
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold text-ink-950">{title}</h1>
        <p className="max-w-3xl text-ink-800">{intro}</p>
      </header>
      {children}
    </div>
  )
}
