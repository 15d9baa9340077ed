/**
 * The article-list screen (spec §2): heading, the links between lists, the articles of the page, paging, and an
 * empty state that says why the list is empty (nothing published yet, no search result, past the last page). A
 * keyword search first shows the stocks the keyword names, each opening its AI diagnosis.
 */

import { __iconData as sparklesShape } from 'lucide-react/icons/sparkles'
import { Link, useLocation, useSearchParams } from 'react-router'
import { buttonClassName } from '#app/components/button.tsx'
import { EmptyState } from '#app/components/empty-state.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { ArticleCard } from './article-card.tsx'
import { ArticleListNav } from './article-list-nav.tsx'
import { articleListPageSize, pageHref } from './article-listing.ts'
import type { ArticleListData } from './article-loaders.server.ts'
import { diagnosisPath } from './article-paths.ts'
import { searchLimitMessage } from './search-limit-message.ts'

const Sparkles = outlineIcon(sparklesShape)

export function ArticleListScreen({ data }: { data: ArticleListData }) {
  const { t } = useTranslation(['articles', 'search'])
  const location = useLocation()
  const [searchParams] = useSearchParams()
  const { listing, answer, page } = data
  const pageCount = answer
    ? Math.max(1, Math.ceil(answer.total / (answer.pageSize || articleListPageSize)))
    : 0
  const search = listing.kind === 'search' ? listing : undefined
  return (
    <div className="mx-auto flex max-w-screen-xl flex-col gap-6 px-4 py-8 lg:px-6 lg:py-10">
      <header className="flex flex-col gap-3">
        {data.eyebrow ? (
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{data.eyebrow}</p>
        ) : null}
        <h1 className="text-3xl font-bold tracking-tight text-ink-950">{data.heading}</h1>
        {search ? (
          <div className="flex flex-col gap-1 text-sm text-ink-700">
            {search.tag && search.keyword ? (
              <p>{t('lists.search.searchedFor', { keyword: search.keyword })}</p>
            ) : null}
            {answer ? (
              <p role="status" data-testid="result-count">
                {answer.hasMore
                  ? t('lists.search.range', {
                      from: (page - 1) * answer.pageSize + 1,
                      to: (page - 1) * answer.pageSize + answer.rows.length,
                    })
                  : t('lists.search.count', { count: answer.total })}
              </p>
            ) : null}
          </div>
        ) : (
          <p className="max-w-3xl text-ink-700">{data.description}</p>
        )}
        {listing.kind === 'market' ? (
          <p>
            <Link
              to={`/markets/${listing.market}`}
              className="text-sm font-medium text-brand-700 hover:underline"
              data-testid="market-overview-link"
            >
              {t('lists.market.overviewLink', { market: t(`markets.${listing.market}`) })}
            </Link>
          </p>
        ) : null}
        {search ? null : <ArticleListNav />}
      </header>
      {search && !answer ? (
        <p
          role="alert"
          className="rounded-card border border-warn/40 bg-warn/10 px-4 py-3 text-sm text-ink-900"
        >
          {data.isRateLimited
            ? searchLimitMessage(t, data.retryAfterSeconds)
            : search.isTooLong
              ? t('lists.search.tooLong')
              : t('search:empty')}
        </p>
      ) : null}
      {search && data.stocks.length > 0 ? (
        <section aria-labelledby="search-stocks" className="flex flex-col gap-3" data-testid="search-stocks">
          <h2 id="search-stocks" className="text-sm font-semibold tracking-wide text-ink-700 uppercase">
            {t('lists.search.stocks')}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {data.stocks.map((stock) => (
              <li key={`${stock.market}:${stock.code}`} className="flex">
                <Link
                  to={diagnosisPath(stock)}
                  title={t('detail.diagnoseHint')}
                  className="flex w-full flex-col gap-1 rounded-card border border-ink-100 bg-white px-4 py-3 hover:border-brand-500"
                >
                  <span className="flex items-center justify-between gap-2 text-xs font-semibold text-ink-700">
                    <span>{stock.code}</span>
                    <span>{t(`search:markets.${stock.market}`)}</span>
                  </span>
                  <span className="truncate font-medium text-ink-950">{stock.name}</span>
                  <span className="inline-flex items-center gap-1 text-sm text-brand-700">
                    <Sparkles className="size-4" aria-hidden="true" />
                    {t('lists.search.diagnose')}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {answer && answer.rows.length > 0 ? (
        <ul className={search ? 'flex flex-col gap-4' : 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3'}>
          {answer.rows.map((article) => (
            <li key={article.articleId} className="flex">
              <ArticleCard article={article} layout={search ? 'row' : 'card'} />
            </li>
          ))}
        </ul>
      ) : null}
      {answer && answer.rows.length === 0 ? (
        answer.total > 0 ? (
          <EmptyState
            title={t('empty.pastLastPage')}
            action={
              <Link
                to={pageHref(location.pathname, searchParams, 1)}
                className={buttonClassName('secondary')}
              >
                {t('empty.firstPage')}
              </Link>
            }
          />
        ) : search ? (
          <EmptyState title={t('noResults.title')} description={t('noResults.description')} />
        ) : (
          <EmptyState
            title={t('empty.title')}
            description={t('empty.description')}
            action={
              <Link to="/articles" className={buttonClassName('secondary')}>
                {t('empty.allArticles')}
              </Link>
            }
          />
        )
      ) : null}
      {answer && answer.rows.length > 0 ? (
        <Pagination
          page={page}
          // A search is not counted to its end: it pages on while there is more.
          pageCount={search && answer.hasMore ? undefined : pageCount}
          hasNext={answer.hasMore}
          hrefOf={(target) => pageHref(location.pathname, searchParams, target)}
        />
      ) : null}
    </div>
  )
}
