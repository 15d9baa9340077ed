/** The stocks an article discusses, each opening the AI diagnosis for it, each with the follow control. */

import { __iconData as sparklesShape } from 'lucide-react/icons/sparkles'
import { deferHydration } from '#app/components/deferred-hydration.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { RelatedStock } from '#contracts/articles.ts'
import { diagnosisPath } from './article-paths.ts'

const Sparkles = outlineIcon(sparklesShape)

// The follow control (issue 25): drawn by the server with the page, its code fetched after the page's own (the JS
// budget); until it arrives the star is drawn but does not answer.
const FollowButton = deferHydration(() =>
  import('#app/features/watchlists/follow-button.tsx').then((module) => module.FollowButton),
)

export function RelatedStocks({ stocks }: { stocks: RelatedStock[] }) {
  const { t } = useTranslation('articles')
  if (stocks.length === 0) return null
  return (
    <section aria-labelledby="related-stocks" className="flex flex-col gap-3">
      <h2 id="related-stocks" className="text-sm font-semibold tracking-wide text-ink-700 uppercase">
        {t('detail.relatedStocks')}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {stocks.map((stock) => (
          <li key={`${stock.market}:${stock.code}`} className="flex items-center gap-1">
            <FollowButton market={stock.market} code={stock.code} name={stock.code} />
            <PageLink
              to={diagnosisPath(stock)}
              title={t('detail.diagnoseHint')}
              className="inline-flex items-center gap-2 rounded-lg border border-ink-100 bg-white px-3 py-2 text-sm font-medium text-ink-900 hover:border-brand-500"
            >
              <span className="rounded bg-ink-100 px-1.5 py-0.5 text-xs font-semibold text-ink-700 uppercase">
                {stock.market}
              </span>
              <span>{stock.code}</span>
              <Sparkles className="size-4 text-brand-600" aria-hidden="true" />
              <span className="sr-only">{t('detail.diagnose', { code: stock.code })}</span>
            </PageLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
