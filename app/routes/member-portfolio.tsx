/**
 * /member/portfolio (issue 25): the reader's own portfolio — its value in the base currency they choose, gains,
 * score, diversification notes, performance against the benchmark, weights, holdings (each linked to its diagnosis)
 * and transactions, with the dialogs that add, edit and delete transactions, import a broker's CSV and delete the
 * portfolio; an alert set on a holding (the diagnosis report's form) and the switch for alerts on big changes of
 * everything held (issue 26). A visitor is asked to log in. Everything is computed by the portfolios service; each change reloads
 * the loader's data. The form and the import are fetched when their dialog first opens, the calls that change the
 * portfolio once the page is idle (ADR 0011).
 */
import { lazy, Suspense, useEffect, useState } from 'react'
import { useRevalidator } from 'react-router'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { ConfirmDialog, preloadConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { deferHydration } from '#app/components/deferred-hydration.tsx'
import { Dialog, preloadDialog } from '#app/components/dialog.tsx'
import { onDemand, whenIdle } from '#app/components/on-demand.ts'
import { toast } from '#app/components/toaster.tsx'
import { loadHeldChanges } from '#app/features/alerts/alerts.server.ts'
import { LockPrompt } from '#app/features/member-area/lock-prompt.tsx'
import { MemberAreaPage } from '#app/features/member-area/member-area-nav.tsx'
import { readerOfRequest } from '#app/features/plans/plans.server.ts'
import {
  PortfolioNotes,
  PortfolioPerformanceChart,
  PortfolioScoreCard,
  PortfolioTotals,
  PortfolioWeights,
} from '#app/features/portfolio/portfolio-figures.tsx'
import { HoldingsTable, TransactionsTable } from '#app/features/portfolio/portfolio-tables.tsx'
import { type PortfolioHoldingRow, portfolioViewOf } from '#app/features/portfolio/portfolio-view.ts'
import { formatDate } from '#app/features/stocks/stock-format.ts'
import { type CatalogHandle, ensureCatalogs, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { requestContext } from '#app/request-context.ts'
import { titledPageMeta } from '#app/routing/page-meta.ts'
import { useRootData } from '#app/use-root-data.ts'
import { type BaseCurrency, baseCurrencies } from '#contracts/base-currencies.ts'
import type { PortfolioTransaction } from '#contracts/portfolio-rules.ts'
import type { Route } from './+types/member-portfolio.ts'

// The error messages load when an error is to be shown (onDemandCatalogs): every failure here comes from the API.
export const handle = { catalogs: ['member', 'plans', 'portfolio'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

// The transaction form with its stock picker's words (`stocks`), fetched when the reader heads for "Add" or the form
// first opens.
function loadTransactionForm() {
  return Promise.all([
    import('#app/features/portfolio/transaction-form.tsx'),
    ensureCatalogs(['stocks']).catch(() => undefined),
  ]).then(([module]) => ({ default: module.TransactionForm }))
}
const TransactionForm = lazy(loadTransactionForm)
function preloadTransactionForm() {
  preloadDialog()
  void loadTransactionForm()
}
// The diagnosis report's alert form (issue 26), with its words (`alerts`), fetched when a holding's "alert" opens it.
const AlertControl = lazy(() =>
  Promise.all([
    import('#app/features/alerts/alert-control.tsx'),
    ensureCatalogs(['alerts']).catch(() => undefined),
  ]).then(([module]) => ({ default: module.AlertControl })),
)
// The switch for alerts on big changes of everything held: drawn with the page, its code fetched after the page's own.
const HeldChangesSwitch = deferHydration(() =>
  import('#app/features/alerts/held-changes-switch.tsx').then((module) => module.HeldChangesSwitch),
)
// The calls that change the portfolio: at hand once the page is idle, before a reader's first change.
const portfolioApi = onDemand(() => import('#app/features/portfolio/portfolio-api.ts'))
const ImportPanel = lazy(() =>
  import('#app/features/portfolio/import-panel.tsx').then((module) => ({ default: module.ImportPanel })),
)

function isBaseCurrency(value: string | null): value is BaseCurrency {
  return (baseCurrencies as readonly string[]).includes(value ?? '')
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const facts = context.get(requestContext)
  const { t } = getServerTranslator(facts.locale)
  const reader = await readerOfRequest(request, facts)
  const asked = new URL(request.url).searchParams.get('base')
  const portfolio = reader.memberId
    ? portfolioViewOf(
        await facts.services.portfolios.getPortfolio(
          reader,
          isBaseCurrency(asked) ? asked : undefined,
          facts.locale,
        ),
      )
    : null
  return {
    portfolio,
    heldChanges: portfolio ? await loadHeldChanges(facts.services, reader) : false,
    today: new Date().toISOString().slice(0, 10),
    title: t('portfolio:page.metaTitle'),
    description: t('portfolio:page.intro'),
  }
}

export const meta: Route.MetaFunction = titledPageMeta

type Open =
  | { kind: 'form'; editing: PortfolioTransaction | null }
  | { kind: 'import' }
  | { kind: 'deleteTransaction'; transaction: PortfolioTransaction }
  | { kind: 'deletePortfolio' }
  | { kind: 'alert'; holding: PortfolioHoldingRow }
  | null

export default function MemberPortfolio({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(['portfolio', 'errors'])
  const { displayLocale } = useRootData()
  const revalidator = useRevalidator()
  const [open, setOpen] = useState<Open>(null)
  const { portfolio, today } = loaderData
  const close = () => setOpen(null)
  const refresh = () => void revalidator.revalidate()
  const failed = () => toast.error(t('errors:INTERNAL_ERROR'))
  useEffect(() => whenIdle(portfolioApi.preload), [])

  if (!portfolio)
    return (
      <MemberAreaPage title={t('page.title')} intro={t('page.intro')}>
        <LockPrompt reason={{ kind: 'logIn' }} what={t('page.lockWhat')} />
      </MemberAreaPage>
    )

  const isEmpty = portfolio.transactionCount === 0
  return (
    <MemberAreaPage title={t('page.title')} intro={t('page.intro')}>
      {portfolio.isDemo ? (
        <p
          role="note"
          className="rounded-lg bg-warn/10 px-3 py-2 text-sm text-ink-900"
          data-testid="demo-note"
        >
          {t('page.demoNote')}
        </p>
      ) : null}
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm font-medium text-ink-800">
          {t('toolbar.base')}
          <select
            value={portfolio.baseCurrency}
            onChange={(event) => {
              const base = event.target.value as BaseCurrency
              portfolioApi
                .load()
                .then((calls) => calls.chooseBaseCurrency(base))
                .then(refresh, failed)
            }}
            className="h-10 rounded-lg border border-ink-300 bg-white px-3 text-sm text-ink-900"
            data-testid="portfolio-base"
          >
            {baseCurrencies.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
        </label>
        <Button
          onClick={() => setOpen({ kind: 'form', editing: null })}
          onPointerEnter={preloadTransactionForm}
          onFocus={preloadTransactionForm}
        >
          {t('toolbar.add')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => setOpen({ kind: 'import' })}
          onPointerEnter={preloadDialog}
        >
          {t('toolbar.import')}
        </Button>
        {isEmpty ? null : (
          <Button
            variant="ghost"
            onClick={() => setOpen({ kind: 'deletePortfolio' })}
            onPointerEnter={preloadConfirmDialog}
          >
            {t('toolbar.delete')}
          </Button>
        )}
      </div>

      {isEmpty ? (
        <Card className="flex flex-col gap-2" data-testid="portfolio-empty">
          <p className="font-semibold text-ink-950">{t('page.empty')}</p>
          <p className="text-ink-800">{t('page.emptyHint')}</p>
        </Card>
      ) : (
        <>
          <PortfolioTotals portfolio={portfolio} locale={displayLocale} />
          <div className="grid gap-4 lg:grid-cols-2">
            <PortfolioScoreCard portfolio={portfolio} locale={displayLocale} />
            <PortfolioNotes notes={portfolio.notes} locale={displayLocale} />
          </div>
          {portfolio.performance ? (
            <PortfolioPerformanceChart performance={portfolio.performance} locale={displayLocale} />
          ) : null}
          <HoldingsTable
            portfolio={portfolio}
            locale={displayLocale}
            onAlert={(holding) => setOpen({ kind: 'alert', holding })}
          />
          <HeldChangesSwitch initial={loaderData.heldChanges} />
          <PortfolioWeights portfolio={portfolio} locale={displayLocale} />
          <TransactionsTable
            portfolio={portfolio}
            locale={displayLocale}
            onEdit={(transaction) => setOpen({ kind: 'form', editing: transaction })}
            onDelete={(transaction) => setOpen({ kind: 'deleteTransaction', transaction })}
            onFailed={failed}
          />
        </>
      )}

      <Dialog
        isOpen={open?.kind === 'form'}
        onOpenChange={(isOpen) => (isOpen ? null : close())}
        title={t(open?.kind === 'form' && open.editing ? 'form.editTitle' : 'form.addTitle')}
        size="md"
      >
        <Suspense fallback={null}>
          {open?.kind === 'form' ? (
            <TransactionForm
              editing={open.editing}
              transactionLimit={portfolio.transactionLimit}
              today={today}
              onCancel={close}
              onSaved={() => {
                close()
                toast.success(t('form.saved'))
                refresh()
              }}
            />
          ) : null}
        </Suspense>
      </Dialog>
      <Dialog
        isOpen={open?.kind === 'import'}
        onOpenChange={(isOpen) => (isOpen ? null : close())}
        title={t('import.title')}
        size="lg"
      >
        <Suspense fallback={null}>
          {open?.kind === 'import' ? (
            <ImportPanel
              locale={displayLocale}
              transactionLimit={portfolio.transactionLimit}
              onImported={(count) => {
                close()
                toast.success(t('import.done', { count }))
                refresh()
              }}
            />
          ) : null}
        </Suspense>
      </Dialog>
      <Dialog
        isOpen={open?.kind === 'alert'}
        onOpenChange={(isOpen) => (isOpen ? null : close())}
        title={open?.kind === 'alert' ? t('holdings.setAlert', { name: open.holding.name }) : ''}
        size="md"
      >
        <Suspense fallback={null}>
          {open?.kind === 'alert' ? (
            <AlertControl
              market={open.holding.market}
              code={open.holding.code}
              name={open.holding.name}
              price={open.holding.price}
            />
          ) : null}
        </Suspense>
      </Dialog>
      <ConfirmDialog
        isOpen={open?.kind === 'deleteTransaction'}
        onOpenChange={(isOpen) => (isOpen ? null : close())}
        title={t('transactions.confirmDelete')}
        description={
          open?.kind === 'deleteTransaction'
            ? t('transactions.confirmDeleteText', {
                kind: t(`kinds.${open.transaction.kind}`),
                name: open.transaction.name,
                date: formatDate(open.transaction.tradeDate, displayLocale),
              })
            : ''
        }
        confirmLabel={t('transactions.delete')}
        isDanger
        onConfirm={() => {
          if (open?.kind !== 'deleteTransaction') return
          const { id } = open.transaction
          portfolioApi
            .load()
            .then((calls) => calls.deleteTransaction(id))
            .then(
              () => {
                toast.success(t('transactions.deleted'))
                refresh()
              },
              (error: unknown) =>
                toast.error(t(`errors:${(error as { code?: string }).code ?? 'INTERNAL_ERROR'}`)),
            )
          close()
        }}
      />
      <ConfirmDialog
        isOpen={open?.kind === 'deletePortfolio'}
        onOpenChange={(isOpen) => (isOpen ? null : close())}
        title={t('deletePortfolio.title')}
        description={t('deletePortfolio.text')}
        confirmLabel={t('deletePortfolio.confirm')}
        isDanger
        onConfirm={() => {
          portfolioApi
            .load()
            .then((calls) => calls.deletePortfolio())
            .then(() => {
              toast.success(t('deletePortfolio.done'))
              refresh()
            }, failed)
          close()
        }}
      />
    </MemberAreaPage>
  )
}
