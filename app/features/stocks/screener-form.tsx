/**
 * The screener's filters: a GET form whose fields are the screen's URL parameters, so without JavaScript it is a
 * plain form that loads the screened page, and with it the router navigates to the same screen at its canonical
 * address (a history entry per screen: the back button returns to the previous one). Fields start from the current URL; the page is left
 * out, so a new screen starts on its first page. Numbers are typed as text (`inputMode` brings the number pad): a
 * value the server cannot use comes back as a message in the reader's language rather than the browser's own.
 */
import type { FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { buttonClassName } from '#app/components/button.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { markets } from '#contracts/regions.ts'
import {
  capitalFlowLabels,
  defaultReturnPeriod,
  defaultScreenSort,
  returnPeriods,
  type ScreenRangeKey,
  scoreParamOf,
  screenScoreKeys,
  screenSectors,
  screenSortKeys,
  sortDirections,
  technicalsLabels,
} from '#contracts/screener-rules.ts'
import { screenerPath, screenHref } from './screener-href.ts'
import { useSectorName } from './sector-name.ts'

const fieldClass =
  'h-10 w-full rounded-lg border border-ink-300 bg-white px-2 text-sm text-ink-950 focus:border-brand-600 focus:outline-none'
const labelClass = 'flex flex-col gap-1 text-sm text-ink-700'
const legendClass = 'mb-2 text-sm font-semibold text-ink-950'

export function ScreenerForm({ values }: { values: Record<string, string> }) {
  const { t } = useTranslation(['screener', 'stocks'])
  const sectorLabel = useSectorName()
  const navigate = useNavigate()
  // A choice without a blank option starts on the screen's default, not on the list's first entry.
  const defaults: Record<string, string> = { sort: defaultScreenSort, period: defaultReturnPeriod }
  const value = (name: string) => values[name] || defaults[name] || ''

  const select = (
    name: string,
    label: string,
    options: readonly string[],
    labelOf: (o: string) => string,
    any?: string,
  ) => (
    <label className={labelClass}>
      {label}
      <select name={name} defaultValue={value(name)} className={fieldClass}>
        {any !== undefined ? <option value="">{any}</option> : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
      </select>
    </label>
  )

  const number = (name: string, label: string) => (
    <label className={labelClass}>
      {label}
      <input name={name} type="text" inputMode="decimal" defaultValue={value(name)} className={fieldClass} />
    </label>
  )

  const range = (key: ScreenRangeKey, label: string, hint?: string) => (
    <div className="flex flex-col gap-1">
      <div className="grid grid-cols-2 gap-2">
        {number(`${key}Min`, t('form.rangeOf', { label, bound: t('form.min') }))}
        {number(`${key}Max`, t('form.rangeOf', { label, bound: t('form.max') }))}
      </div>
      {hint ? <p className="text-xs text-ink-700">{hint}</p> : null}
    </div>
  )

  // With JavaScript, the same screen at its canonical address: blank fields and defaults left out.
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const fields: Record<string, string> = {}
    for (const [name, field] of new FormData(event.currentTarget)) {
      if (typeof field === 'string' && field !== defaults[name]) fields[name] = field
    }
    void navigate(screenHref(fields))
  }

  return (
    <form
      method="get"
      action={screenerPath}
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-card border border-ink-100 bg-white p-4"
      aria-labelledby="screener-filters"
      data-testid="screener-form"
    >
      <h2 id="screener-filters" className="text-lg font-semibold text-ink-950">
        {t('form.heading')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {select('market', t('form.market'), ['all', ...markets], (m) =>
          m === 'all' ? t('form.allMarkets') : t(`stocks:markets.${m}`),
        )}
        {select('sector', t('form.sector'), screenSectors, sectorLabel, t('form.anySector'))}
        {select(
          'technicals',
          t('form.technicals'),
          technicalsLabels,
          (l) => t(`technicals.${l}`),
          t('form.anyLabel'),
        )}
        {select('flow', t('form.flow'), capitalFlowLabels, (l) => t(`flow.${l}`), t('form.anyLabel'))}
      </div>
      <fieldset>
        <legend className={legendClass}>{t('form.scoresLegend')}</legend>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {number(scoreParamOf.total, t('scores.total'))}
        </div>
        <details className="mt-2" open={screenScoreKeys.some((key) => value(scoreParamOf[key]) !== '')}>
          <summary className="cursor-pointer text-sm font-medium text-brand-700">
            {t('form.moreScores')}
          </summary>
          <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
            {screenScoreKeys.map((key) => (
              <div key={key}>{number(scoreParamOf[key], t(`scores.${key}`))}</div>
            ))}
          </div>
        </details>
      </fieldset>
      <fieldset>
        <legend className={legendClass}>{t('form.valuationLegend')}</legend>
        <div className="grid gap-3 lg:grid-cols-2">
          {range('gap', t('form.gap'), t('form.gapHint'))}
          {range('yield', t('form.yield'))}
          {range('pe', t('form.pe'))}
          {range('pb', t('form.pb'))}
        </div>
      </fieldset>
      <fieldset>
        <legend className={legendClass}>{t('form.sizeLegend')}</legend>
        <div className="grid gap-3 lg:grid-cols-2">
          {range('cap', t('form.cap'))}
          {range('position', t('form.position'), t('form.positionHint'))}
          {select('period', t('form.period'), returnPeriods, (p) => t(`periods.${p}`))}
          {range('return', t('form.return'))}
        </div>
      </fieldset>
      <fieldset>
        <legend className={legendClass}>{t('form.sortLegend')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {select('sort', t('form.sort'), screenSortKeys, (key) => t(sortLabelKey(key)))}
          {select('dir', t('form.dir'), sortDirections, (d) => t(`directions.${d}`), t('directions.default'))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClassName('primary')}>
          {t('form.submit')}
        </button>
        <PageLink to={screenerPath} className="text-sm font-medium text-brand-700 hover:underline">
          {t('form.clear')}
        </PageLink>
      </div>
    </form>
  )
}

/** The catalogue key (screener namespace) of a sort column's name. */
export function sortLabelKey(key: string): string {
  if (key === 'total' || (screenScoreKeys as readonly string[]).includes(key)) return `scores.${key}`
  if (key === 'return') return 'columns.returnPlain'
  return `columns.${key}`
}
