/**
 * Home: each market at a glance (`/markets/:market`), one link per market, the region's market first; next to the hot
 * stocks and the valuation lists.
 */

import { PageLink } from '#app/components/page-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { type Market, markets } from '#contracts/regions.ts'

export function MarketOverviewLinks({ first }: { first: Market }) {
  const { t } = useTranslation('stocks')
  const ordered = [first, ...markets.filter((market) => market !== first)]
  return (
    <section
      aria-labelledby="home-markets-overview"
      className="mx-auto flex max-w-screen-xl flex-col gap-3 px-4 py-6 lg:px-6"
      data-testid="home-markets-overview"
    >
      <h2 id="home-markets-overview" className="text-xl font-bold tracking-tight text-ink-950 sm:text-2xl">
        {t('home.marketsAll')}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {ordered.map((market) => (
          <li key={market}>
            <PageLink
              to={`/markets/${market}`}
              className="inline-flex h-10 items-center rounded-full border border-ink-300 bg-white px-4 text-sm font-medium text-ink-800 hover:border-brand-600 hover:text-brand-700"
            >
              {t('overview.link', { market: t(`markets.${market}`) })}
            </PageLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
