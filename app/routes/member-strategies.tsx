/**
 * /member/strategies (issue 15): every published portfolio strategy as a card — those the reader's plan opens with
 * their return against the benchmark, the others with the one step that opens them (contracts/benefits.ts) — and,
 * with `?strategy=<slug>`, that strategy in full below the cards, rendered on the server.
 */

import { clsx } from 'clsx'
import { Link } from 'react-router'
import { Badge } from '#app/components/badge.tsx'
import { buttonClassName } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { LockPrompt, SampleBadge } from '#app/features/member-area/lock-prompt.tsx'
import { MemberAreaPage } from '#app/features/member-area/member-area-nav.tsx'
import { readerOfRequest } from '#app/features/plans/plans.server.ts'
import { type DisplayLocale, formatDate, formatPercent } from '#app/features/stocks/stock-format.ts'
import { StrategyDetailView } from '#app/features/strategies/strategy-detail.tsx'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { requestContext } from '#app/request-context.ts'
import { titledPageMeta } from '#app/routing/page-meta.ts'
import { useRootData } from '#app/use-root-data.ts'
import type { StrategyCard, StrategyDetail } from '#contracts/strategies-rules.ts'
import type { Route } from './+types/member-strategies.ts'

export const handle = { catalogs: ['member', 'plans', 'stocks', 'strategies'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

type Selected =
  | { kind: 'open'; strategy: StrategyDetail }
  | { kind: 'locked'; card: StrategyCard }
  | { kind: 'missing' }
  | null

export async function loader({ context, request }: Route.LoaderArgs) {
  const facts = context.get(requestContext)
  const { t } = getServerTranslator(facts.locale)
  const reader = await readerOfRequest(request, facts)
  const { strategies } = facts.services
  const list = await strategies.listForReader(reader, facts.locale)
  const slug = new URL(request.url).searchParams.get('strategy')
  let selected: Selected = null
  if (slug) {
    const card = list.strategies.find((candidate) => candidate.slug === slug)
    if (!card) selected = { kind: 'missing' }
    else if (card.lock) selected = { kind: 'locked', card }
    else selected = { kind: 'open', strategy: await strategies.detailForReader(slug, reader, facts.locale) }
  }
  return {
    list,
    selected,
    title: t('strategies:page.metaTitle'),
    description: t('strategies:page.description'),
  }
}

export const meta: Route.MetaFunction = titledPageMeta

export default function MemberStrategies({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('strategies')
  const { displayLocale } = useRootData()
  const { list, selected } = loaderData
  const selectedSlug =
    selected?.kind === 'open'
      ? selected.strategy.slug
      : selected?.kind === 'locked'
        ? selected.card.slug
        : null
  return (
    <MemberAreaPage title={t('page.title')} intro={t('page.intro')}>
      {list.isDemo ? (
        <p
          role="note"
          className="rounded-lg bg-warn/10 px-3 py-2 text-sm text-ink-900"
          data-testid="demo-note"
        >
          {t('page.demoNote')}
        </p>
      ) : null}
      <ul aria-label={t('page.listLabel')} className="grid gap-4 md:grid-cols-2" data-testid="strategy-cards">
        {list.strategies.map((card) => (
          <li key={card.slug}>
            <StrategyCardView
              card={card}
              isSelected={card.slug === selectedSlug}
              displayLocale={displayLocale}
            />
          </li>
        ))}
      </ul>
      {selected ? (
        <div id="strategy" className="border-t border-ink-100 pt-6">
          {selected.kind === 'open' ? (
            <StrategyDetailView strategy={selected.strategy} displayLocale={displayLocale} />
          ) : selected.kind === 'locked' ? (
            <section aria-labelledby="strategy-title" className="flex flex-col gap-3">
              <h2 id="strategy-title" className="text-2xl font-bold text-ink-950">
                {selected.card.name}
              </h2>
              <p className="text-ink-800">{selected.card.summary}</p>
              {selected.card.lock ? (
                <LockPrompt
                  reason={selected.card.lock}
                  what={t(`page.lockWhat.${selected.card.visibility}`)}
                />
              ) : null}
            </section>
          ) : (
            <p role="alert" className="text-ink-900">
              {t('page.notFound')}
            </p>
          )}
        </div>
      ) : null}
    </MemberAreaPage>
  )
}

function StrategyCardView({
  card,
  isSelected,
  displayLocale,
}: {
  card: StrategyCard
  isSelected: boolean
  displayLocale: DisplayLocale
}) {
  const { t } = useTranslation('strategies')
  const { t: tStocks } = useTranslation('stocks')
  const signed = (value: number | null) =>
    value === null ? '—' : formatPercent(value, displayLocale, { signed: true })
  return (
    <Card
      className={clsx('flex h-full flex-col gap-3', isSelected && 'border-brand-600 ring-1 ring-brand-600')}
      data-testid="strategy-card"
      data-locked={card.lock ? 'true' : 'false'}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={card.visibility === 'exclusive' ? 'brand' : 'neutral'}>
          {t(`page.visibility.${card.visibility}`)}
        </Badge>
        <Badge>{tStocks(`markets.${card.market}`)}</Badge>
        {card.isSample ? <SampleBadge /> : null}
      </div>
      <h2 className="text-lg font-semibold text-ink-950">{card.name}</h2>
      <p className="text-sm text-ink-800">{card.summary}</p>
      {card.lock ? (
        <div className="mt-auto">
          <LockPrompt reason={card.lock} what={t(`page.lockWhat.${card.visibility}`)} compact />
        </div>
      ) : (
        <>
          {card.glance ? (
            <p className="text-sm text-ink-800">
              {t('page.since', { date: formatDate(card.glance.inception, displayLocale) })} ·{' '}
              {t('page.holdingsCount', { count: card.glance.holdings })}
              <br />
              <span className="font-semibold text-ink-950" data-testid="strategy-card-return">
                {t('page.returnLine', {
                  strategy: signed(card.glance.totalReturn),
                  benchmark: signed(card.glance.benchmarkReturn),
                })}
              </span>
            </p>
          ) : null}
          <div className="mt-auto">
            <Link
              to={`?strategy=${encodeURIComponent(card.slug)}#strategy`}
              className={buttonClassName(isSelected ? 'primary' : 'secondary')}
              aria-current={isSelected ? 'true' : undefined}
            >
              {isSelected ? t('page.showing') : t('page.open')}
              <span className="sr-only"> — {card.name}</span>
            </Link>
          </div>
        </>
      )}
    </Card>
  )
}
