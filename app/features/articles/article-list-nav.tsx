/** Links between the article lists: all, analysis, recommendations and the four markets. */
import { clsx } from 'clsx'
import { PageNavLink } from '#app/components/page-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { markets } from '#contracts/regions.ts'
import { marketPath } from './article-paths.ts'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap',
    isActive
      ? 'border-brand-600 bg-brand-600 text-white'
      : 'border-ink-100 bg-white text-ink-800 hover:border-brand-500',
  )

export function ArticleListNav() {
  const { t } = useTranslation('articles')
  const links = [
    { to: '/articles', label: t('nav.all') },
    { to: '/analysis', label: t('nav.analysis') },
    { to: '/recommendations', label: t('nav.recommendations') },
    ...markets.map((market) => ({ to: marketPath(market), label: t(`markets.${market}`) })),
  ]
  return (
    <nav aria-label={t('nav.label')} className="-mx-4 overflow-x-auto px-4">
      <ul className="flex gap-2 pb-1">
        {links.map((link) => (
          <li key={link.to}>
            <PageNavLink to={link.to} end className={linkClass}>
              {link.label}
            </PageNavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
