/**
 * /ai-stock-diagnosis (spec §2, §3, §4): the reader names a stock (`?code=…&market=…`, which article pages link to)
 * and gets its diagnosis. The URL is the state: the loader diagnoses in-process through the stocks service, which
 * counts the attempt, so the page works without JavaScript; the autocomplete is an enhancement on top.
 */
import { useEffect, useState } from 'react'
import { Link, useNavigation, useSearchParams } from 'react-router'
import { api, dataOf } from '#app/api/api-client.ts'
import { deferHydration } from '#app/components/deferred-hydration.tsx'
import { whenIdle } from '#app/components/on-demand.ts'
import { isChunkLoadError, reloadOnceAfterChunkFailure } from '#app/features/app-updates/chunk-reload.ts'
import { DiagnosingSkeleton } from '#app/features/stocks/diagnosing-skeleton.tsx'
import { diagnosisHref } from '#app/features/stocks/diagnosis-href.ts'
import { loadDiagnosisPage } from '#app/features/stocks/diagnosis-page.server.ts'
import { type AttemptsLeft, attemptsLeftOf } from '#app/features/stocks/diagnosis-state.ts'
import { StockSearch } from '#app/features/stocks/stock-search.tsx'
import {
  type CatalogHandle,
  ensureCatalogs,
  ensureErrorMessages,
  fetchPageCatalogs,
} from '#app/i18n/browser-catalogs.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { requestContext } from '#app/request-context.ts'
import { pageMeta, rootDataOf } from '#app/routing/page-meta.ts'
import { useRootData } from '#app/use-root-data.ts'
import type { QuotaStatus } from '#contracts/accounts.ts'
import type { Route } from './+types/ai-stock-diagnosis.ts'

export const handle = { catalogs: ['stock-diagnosis', 'stocks'] } satisfies CatalogHandle

/**
 * The report and the states' panels are drawn by the server with the page, and their code comes after the page's
 * (ADR 0011): the search form and the report's place are the first paint; the report hydrates when its code has
 * arrived. The states' panels come with the error messages they speak, which a page with a report never needs.
 */
const loadReport = () =>
  Promise.all([
    import('#app/features/stocks/diagnosis-report.tsx'),
    // The dividends' words come with the report's code, not with the page (every stocks page shares `stocks`).
    ensureCatalogs(['dividends']).catch(() => undefined),
  ]).then(([module]) => module)
const DiagnosisReport = deferHydration(() => loadReport().then((module) => module.DiagnosisReport))

/**
 * The empty page exists to be asked: once it is idle, the report's code and its controls' are fetched, so the first
 * Enter waits for the diagnosis only.
 */
function usePreloadedReport(isIdle: boolean) {
  useEffect(() => {
    if (!isIdle) return
    return whenIdle(() => {
      loadReport()
        .then((module) => module.preloadReportControls())
        .catch(() => undefined)
    })
  }, [isIdle])
}
const loadStateViews = () =>
  Promise.all([import('#app/features/stocks/diagnosis-states.tsx'), ensureErrorMessages()]).then(
    ([module]) => module,
  )
const DiagnosisStateView = deferHydration(async () => (await loadStateViews()).DiagnosisStateView)
const NetworkLimitLine = deferHydration(async () => (await loadStateViews()).NetworkLimitLine)

/**
 * A diagnosis asked for on a client navigation: its report's code is fetched alongside its data, and the page waits
 * for both, so the report does not appear empty first.
 */
const preloadReport: Route.ClientMiddlewareFunction = async ({ request }, next) => {
  const report = new URL(request.url).searchParams.has('code') ? DiagnosisReport.preload() : null
  const result = await next()
  await report
  return result
}

export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle), preloadReport]

export function loader({ request, context }: Route.LoaderArgs) {
  return loadDiagnosisPage(request, context.get(requestContext))
}

/** Which of the page's data is drawn by the states' panels, whose code and words come after the page's. */
function needsStateViews(data: { state: { kind: string }; attempts: AttemptsLeft | null }): boolean {
  return (data.state.kind !== 'idle' && data.state.kind !== 'result') || data.attempts?.period === 'network'
}

/**
 * A client navigation that ends in a state (not found, out of attempts…) shows it with its words, not an empty place
 * that fills a moment later: the panels' code and the error messages are fetched before the page renders.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader()
  if (needsStateViews(data)) await DiagnosisStateView.preload()
  return data
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const state = loaderData?.state
  const stock = state?.kind === 'result' ? state.diagnosis.stock : null
  return pageMeta({
    title: stock ? `${stock.name} (${stock.code}) · ${loaderData?.title ?? ''}` : (loaderData?.title ?? ''),
    description: loaderData?.description,
    path: location.pathname,
    root: rootDataOf(matches),
    // A diagnosis is personal to the reader's attempts; only the empty page is for search engines.
    noIndex: Boolean(loaderData?.query),
  })
}

/**
 * The attempts left: the page's own when it has them, else (a visitor's first request, on the empty page) asked
 * from the API once. Taken from the page's data in the same render as the report it comes with: set a render later,
 * the line would appear above a report already drawn and push it down.
 */
function useAttemptsLeft(initial: AttemptsLeft | null, shouldAsk: boolean): AttemptsLeft | null {
  const [asked, setAsked] = useState<AttemptsLeft | null>(null)
  useEffect(() => {
    if (!shouldAsk) return
    const controller = new AbortController()
    api
      .get<QuotaStatus>('/member/quota', { kind: 'diagnosis' }, controller.signal)
      .then(async (envelope) => {
        const left = attemptsLeftOf(dataOf(envelope))
        // Drawn in the same render as its words and code, so the line does not appear empty first.
        if (left?.period === 'network') await NetworkLimitLine.preload()
        if (!controller.signal.aborted) setAsked(left)
      })
      .catch(() => undefined)
    return () => controller.abort()
  }, [shouldAsk])
  return initial ?? (shouldAsk ? asked : null)
}

const examples = [
  { code: 'AAPL', market: 'us' },
  { code: '0700', market: 'hk' },
  { code: '7203', market: 'jp' },
  { code: '005930', market: 'kr' },
] as const

function HowItWorks() {
  const { t } = useTranslation(['stocks', 'stock-diagnosis'], { nsMode: 'fallback' })
  return (
    <section
      aria-labelledby="how-heading"
      className="grid gap-6 rounded-card border border-ink-100 bg-white p-5 md:grid-cols-2"
    >
      <div className="flex flex-col gap-2">
        <h2 id="how-heading" className="text-lg font-semibold text-ink-950">
          {t('diagnosis.howTitle')}
        </h2>
        <ul className="flex list-disc flex-col gap-1 ps-5 text-sm text-ink-800">
          <li>{t('diagnosis.howScores')}</li>
          <li>{t('diagnosis.howLevels')}</li>
          <li>{t('diagnosis.howFairValue')}</li>
          <li>{t('diagnosis.howMethods')}</li>
        </ul>
      </div>
      <div className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold text-ink-950">{t('diagnosis.examplesTitle')}</h2>
        <ul className="flex flex-wrap gap-2">
          {examples.map((e) => (
            <li key={e.code}>
              <Link
                to={diagnosisHref(e.code, e.market)}
                className="inline-flex items-center gap-1 rounded-full border border-ink-300 px-3 py-1 text-sm text-ink-900 hover:border-brand-600 hover:text-brand-700"
              >
                <span className="font-semibold">{e.code}</span>
                <span className="text-ink-700">{t(`markets.${e.market}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="text-xs text-ink-700">{t('disclaimer.short')}</p>
      </div>
    </section>
  )
}

/** The attempts left; a network whose visitors used their allowance has its own line (diagnosis-states.tsx). */
function AttemptsLine({ attempts }: { attempts: AttemptsLeft }) {
  const { t } = useTranslation(['stocks', 'stock-diagnosis'], { nsMode: 'fallback' })
  if (attempts.period === 'network') return <NetworkLimitLine />
  return (
    <p className="text-sm text-ink-700" data-testid="attempts-left">
      {t(attempts.period === 'month' ? 'quota.leftThisMonth' : 'quota.leftToday', {
        count: attempts.count,
      })}
    </p>
  )
}

/** The page frame: title, the input, the attempts left, and the state below. */
function DiagnosisPage({
  query,
  attempts,
  isIdle,
  children,
}: {
  query: string
  attempts: AttemptsLeft | null
  isIdle: boolean
  children: React.ReactNode
}) {
  const { t } = useTranslation(['stocks', 'stock-diagnosis'], { nsMode: 'fallback' })
  const navigation = useNavigation()
  const isDiagnosing =
    navigation.state !== 'idle' &&
    navigation.location?.pathname === '/ai-stock-diagnosis' &&
    Boolean(navigation.location.search)
  return (
    <div className="mx-auto flex max-w-screen-xl flex-col gap-6 px-4 py-8 lg:px-6 lg:py-10">
      <header className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold text-ink-950 sm:text-3xl">{t('diagnosis.title')}</h1>
          <p className="text-ink-700">{t('diagnosis.intro')}</p>
        </div>
        <StockSearch defaultQuery={query} isBusy={isDiagnosing} autoFocus={isIdle} />
        {attempts ? <AttemptsLine attempts={attempts} /> : null}
      </header>
      {isDiagnosing ? <DiagnosingSkeleton /> : children}
    </div>
  )
}

export default function AiStockDiagnosis({ loaderData }: Route.ComponentProps) {
  const { displayLocale, timeZone } = useRootData()
  const { state, query } = loaderData
  const attempts = useAttemptsLeft(loaderData.attempts, state.kind === 'idle' && loaderData.attempts === null)
  usePreloadedReport(state.kind === 'idle')
  return (
    <DiagnosisPage query={query} attempts={attempts} isIdle={state.kind === 'idle'}>
      {state.kind === 'idle' ? (
        <HowItWorks />
      ) : state.kind === 'result' ? (
        <DiagnosisReport
          diagnosis={state.diagnosis}
          companyText={state.companyText}
          displayLocale={displayLocale}
          timeZone={timeZone}
        />
      ) : (
        <DiagnosisStateView state={state} />
      )}
    </DiagnosisPage>
  )
}

/**
 * Anything unexpected while diagnosing (the connection dropped during a client-side navigation, a server error) is
 * a failed diagnosis to the reader: the spec's message and a retry, inside the page, not a generic error screen.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const [searchParams] = useSearchParams()
  useEffect(() => {
    if (isChunkLoadError(error)) reloadOnceAfterChunkFailure()
  }, [error])
  return (
    <DiagnosisPage query={searchParams.get('code') ?? ''} attempts={null} isIdle={false}>
      <DiagnosisStateView state={{ kind: 'failed', code: 'DIAGNOSIS_FAILED' }} />
    </DiagnosisPage>
  )
}
