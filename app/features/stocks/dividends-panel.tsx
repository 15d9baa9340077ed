/**
 * The diagnosis's dividends (issue 28): the trailing yield, the payout ratio and the compound growth of the payments,
 * then up to five fiscal years in a small table, with the method, the source and the dates under it. A company that
 * pays none gets one sentence saying so. The source line names demo data as such (the report's header carries the
 * DEMO badge). Drawn by the server with the page, no client code of its own; the figures
 * are the stocks service's (dividend-history.ts), the page only formats them. Frugal markup: the page must stay
 * under 100 KB of HTML (the cells and tiles take their style from `.figure-table` and `.figure-tiles` in app.css).
 */
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { isCurrency } from '#contracts/stock-rules.ts'
import type { PageDiagnosis } from './page-diagnosis.ts'
import { type DisplayLocale, formatAmount, formatDate, formatPercent, formatPrice } from './stock-format.ts'

export function DividendsPanel({
  diagnosis,
  displayLocale,
  asOfText,
}: {
  diagnosis: PageDiagnosis
  displayLocale: DisplayLocale
  asOfText: string
}) {
  const { t } = useTranslation(['dividends', 'stocks'])
  const { dividends, stock } = diagnosis
  const currency = isCurrency(dividends.currency) ? dividends.currency : stock.currency
  const pct = (value: number | null, signed = false) =>
    value === null ? '—' : formatPercent(value, displayLocale, { signed })
  const amount = (value: number) =>
    dividends.basis === 'per_share'
      ? formatPrice(value, currency, displayLocale)
      : formatAmount(value, currency, displayLocale)
  const dated = {
    name: stock.name,
    year: dividends.fiscalYear ?? '—',
    date: dividends.periodEnd ? formatDate(dividends.periodEnd, displayLocale) : '—',
    source: t(`stocks:dataSources.${diagnosis.data.source}`, { defaultValue: diagnosis.data.source }),
    asOf: asOfText,
  }
  const figures = [
    [t('yield'), pct(dividends.yield), t('yieldNote', dated)],
    [t('payout'), pct(dividends.payoutRatio), t('payoutNote', dated)],
    [
      t('cagr'),
      pct(dividends.cagr?.value ?? null, true),
      dividends.cagr ? t('cagrNote', dividends.cagr) : t('cagrNone'),
    ],
  ]
  return (
    <section
      aria-labelledby="dividends-heading"
      className="flex flex-col gap-3 rounded-card border border-ink-100 bg-white p-4 sm:p-5"
      data-testid="dividends"
    >
      <h2 id="dividends-heading" className="text-xl font-semibold text-ink-950">
        {t('title')}
      </h2>
      {dividends.status === 'payer' ? (
        <dl className="figure-tiles">
          {figures.map(([term, value, note]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
              <dd>{note}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-ink-900" data-testid="dividends-none">
          {t(
            dividends.fiscalYear === null
              ? 'noStatements'
              : dividends.status === 'non_payer'
                ? 'none'
                : 'notReported',
            dated,
          )}
        </p>
      )}
      {dividends.years.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="figure-table">
            <caption>{t('caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('year')}</th>
                <th scope="col">{t(dividends.basis === 'per_share' ? 'perShare' : 'total')}</th>
                <th scope="col">{t('change')}</th>
                <th scope="col">{t('payout')}</th>
              </tr>
            </thead>
            <tbody>
              {dividends.years.map((year) => (
                <tr key={year.fiscalYear}>
                  <th scope="row">{year.fiscalYear}</th>
                  <td>{amount(year.amount)}</td>
                  <td>{pct(year.growth, true)}</td>
                  <td>{pct(year.payoutRatio)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {dividends.fiscalYear === null ? null : (
        <p className="text-xs text-ink-700">
          {t(dividends.basis === 'per_share' ? 'methodPerShare' : 'methodTotal', dated)}
        </p>
      )}
    </section>
  )
}
