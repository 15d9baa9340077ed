/**
 * /console/analytics (editor, admin): what readers did, by the firm's days — views per day with the logged-in
 * share, sign-ups, logins, diagnoses and chat questions per day, and the ranked tables (articles, topics,
 * referrers, landing pages, searches with and without results, devices, browsers) — for a range and a site kept in
 * the address. Every table downloads as CSV (ADR 0016).
 */

import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import {
  type AnalyticsDashboard,
  type AnalyticsRankedRow,
  type AnalyticsRanking,
  type AnalyticsTable,
  analyticsRankings,
} from '#contracts/console-analytics-rules.ts'
import { regions } from '#contracts/regions.ts'
import { analyticsFiltersOf, analyticsSearchOf, loggedInShareOf } from './analytics-view.ts'
import { consoleApi, consoleClient } from './console-client.ts'
import { ConsoleFilterForm, ConsoleListState, useConsoleListQuery } from './console-lists.tsx'
import { SelectField } from './console-ui.tsx'
import { DailyChart } from './daily-chart.tsx'
import { useConsoleAction } from './use-console-action.ts'
import { useConsoleData } from './use-console-data.ts'

/**
 * Fetches one table's CSV through the console's client (its headers and cookies, its failure reader: a 401 logs
 * out) and hands it to the browser as a download.
 */
async function downloadCsv(table: AnalyticsTable, filters: ReturnType<typeof analyticsFiltersOf>) {
  const params: Record<string, string> = { table }
  for (const [name, value] of Object.entries(filters)) if (value) params[name] = value
  const response = await consoleClient.send('GET', '/analytics/export', { params })
  const fileName =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${table}.csv`
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export function AnalyticsSection() {
  const { t } = useTranslation(['console', 'console-analytics'], { nsMode: 'fallback' })
  const { displayLocale } = useRootData()
  const { filters, search } = useConsoleListQuery('/console/analytics', analyticsFiltersOf, analyticsSearchOf)
  const { data, error, isLoading } = useConsoleData(
    () => consoleApi.get<AnalyticsDashboard>('/analytics', { ...filters }),
    search,
  )
  const downloading = useConsoleAction()
  const numbers = new Intl.NumberFormat(displayLocale)
  const formatDay = (day: string) =>
    new Intl.DateTimeFormat(displayLocale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    )

  const download = (table: AnalyticsTable) => void downloading.run(() => downloadCsv(table, filters))

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-ink-950">{t('analytics.title')}</h1>
      <ConsoleFilterForm
        action="/console/analytics"
        label={t('analytics.filters')}
        columns="sm:grid-cols-2 lg:grid-cols-4"
        applyLabel={t('articles.apply')}
      >
        <TextField
          label={t('analytics.from')}
          name="from"
          type="date"
          defaultValue={filters.from || data?.from}
          key={`from-${data?.from ?? ''}`}
        />
        <TextField
          label={t('analytics.to')}
          name="to"
          type="date"
          defaultValue={filters.to || data?.to}
          key={`to-${data?.to ?? ''}`}
        />
        <SelectField label={t('analytics.site')} name="region" defaultValue={filters.region}>
          <option value="">{t('analytics.allSites')}</option>
          {regions.map((region) => (
            <option key={region} value={region}>
              {t(`analytics.sites.${region}`)}
            </option>
          ))}
        </SelectField>
      </ConsoleFilterForm>
      <ConsoleListState error={error ?? downloading.error} isLoading={isLoading} data={data} />
      {data ? (
        <>
          <p className="text-sm text-ink-700" data-testid="analytics-range">
            {t('analytics.range', { from: data.from, to: data.to, timeZone: data.timeZone })}
          </p>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-7">
            {(
              [
                ['views', numbers.format(data.totals.views)],
                [
                  'loggedInShare',
                  `${numbers.format(loggedInShareOf(data.totals.views, data.totals.loggedInViews))} %`,
                ],
                ['searches', numbers.format(data.totals.searches)],
                ['signups', numbers.format(data.totals.signups)],
                ['logins', numbers.format(data.totals.logins)],
                ['diagnoses', numbers.format(data.totals.diagnoses)],
                ['chatQuestions', numbers.format(data.totals.chatQuestions)],
              ] as const
            ).map(([name, value]) => (
              <div key={name} className="rounded-lg border border-ink-100 bg-white p-3">
                <dt className="text-xs text-ink-500">{t(`analytics.totals.${name}`)}</dt>
                <dd className="text-xl font-semibold text-ink-950" data-testid={`analytics-total-${name}`}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <div className="grid gap-4 xl:grid-cols-2">
            <Card>
              <h2 className="mb-2 text-lg font-semibold text-ink-950">{t('analytics.viewsPerDay')}</h2>
              <DailyChart
                title={t('analytics.viewsPerDay')}
                description={t('analytics.viewsChartDescription', {
                  from: data.from,
                  to: data.to,
                  views: numbers.format(data.totals.views),
                })}
                days={data.days.map((day) => day.day)}
                series={[
                  {
                    label: t('analytics.totals.views'),
                    values: data.days.map((day) => day.views),
                    colorClass: 'text-brand-600',
                  },
                  {
                    label: t('analytics.loggedInViews'),
                    values: data.days.map((day) => day.loggedInViews),
                    colorClass: 'text-gold-500',
                  },
                ]}
                formatDay={formatDay}
                formatNumber={(value) => numbers.format(value)}
              />
            </Card>
            <Card>
              <h2 className="mb-2 text-lg font-semibold text-ink-950">{t('analytics.usePerDay')}</h2>
              <DailyChart
                title={t('analytics.usePerDay')}
                description={t('analytics.useChartDescription', { from: data.from, to: data.to })}
                days={data.days.map((day) => day.day)}
                series={[
                  {
                    label: t('analytics.totals.signups'),
                    values: data.days.map((day) => day.signups),
                    colorClass: 'text-brand-700',
                  },
                  {
                    label: t('analytics.totals.logins'),
                    values: data.days.map((day) => day.logins),
                    colorClass: 'text-ink-500',
                  },
                  {
                    label: t('analytics.totals.diagnoses'),
                    values: data.days.map((day) => day.diagnoses),
                    colorClass: 'text-gold-500',
                  },
                  {
                    label: t('analytics.totals.chatQuestions'),
                    values: data.days.map((day) => day.chatQuestions),
                    colorClass: 'text-loss',
                  },
                ]}
                formatDay={formatDay}
                formatNumber={(value) => numbers.format(value)}
              />
              <p className="mt-2 text-xs text-ink-500">{t('analytics.allSitesNote')}</p>
            </Card>
          </div>
          <Card>
            <TableHeading
              title={t('analytics.tables.days')}
              onDownload={() => download('days')}
              downloadLabel={t('analytics.downloadCsv', { table: t('analytics.tables.days') })}
            />
            <details>
              <summary className="cursor-pointer text-sm text-brand-700">{t('analytics.showDays')}</summary>
              <div className="mt-2 max-h-96 overflow-auto">
                <table className="w-full text-left text-sm">
                  <thead className="border-b border-ink-100 text-ink-500">
                    <tr>
                      <th className="py-2 pr-3">{t('analytics.day')}</th>
                      <th className="py-2 pr-3 text-right">{t('analytics.totals.views')}</th>
                      <th className="py-2 pr-3 text-right">{t('analytics.loggedInViews')}</th>
                      <th className="py-2 pr-3 text-right">{t('analytics.totals.signups')}</th>
                      <th className="py-2 pr-3 text-right">{t('analytics.totals.logins')}</th>
                      <th className="py-2 pr-3 text-right">{t('analytics.totals.diagnoses')}</th>
                      <th className="py-2 pr-3 text-right">{t('analytics.totals.chatQuestions')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.days.map((day) => (
                      <tr key={day.day} className="border-b border-ink-50">
                        <td className="py-1 pr-3 whitespace-nowrap">{day.day}</td>
                        {[
                          day.views,
                          day.loggedInViews,
                          day.signups,
                          day.logins,
                          day.diagnoses,
                          day.chatQuestions,
                        ].map((value, index) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                          <td key={index} className="py-1 pr-3 text-right tabular-nums">
                            {numbers.format(value)}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          </Card>
          <div className="grid gap-4 lg:grid-cols-2">
            {analyticsRankings.map((ranking) => (
              <RankedTable
                key={ranking}
                ranking={ranking}
                rows={data.rankings[ranking]}
                formatNumber={(value) => numbers.format(value)}
                onDownload={() => download(ranking)}
              />
            ))}
          </div>
        </>
      ) : null}
    </div>
  )
}

function TableHeading({
  title,
  onDownload,
  downloadLabel,
}: {
  title: string
  onDownload: () => void
  downloadLabel: string
}) {
  const { t } = useTranslation(['console', 'console-analytics'], { nsMode: 'fallback' })
  return (
    <div className="mb-2 flex items-center justify-between gap-2">
      <h2 className="text-lg font-semibold text-ink-950">{title}</h2>
      <Button type="button" variant="secondary" onClick={onDownload} aria-label={downloadLabel}>
        {t('analytics.csv')}
      </Button>
    </div>
  )
}

function RankedTable({
  ranking,
  rows,
  formatNumber,
  onDownload,
}: {
  ranking: AnalyticsRanking
  rows: AnalyticsRankedRow[]
  formatNumber: (value: number) => string
  onDownload: () => void
}) {
  const { t } = useTranslation(['console', 'console-analytics'], { nsMode: 'fallback' })
  const title = t(`analytics.tables.${ranking}`)
  const labelOf = (row: AnalyticsRankedRow) => {
    if (ranking === 'referers' && row.key === '') return t('analytics.direct')
    if (ranking === 'landings' && row.key === '') return t('analytics.unknown')
    if (ranking === 'devices') return t(`analytics.devices.${row.key}`, { defaultValue: row.label })
    return row.label
  }
  return (
    <Card>
      <section aria-label={title} data-testid={`analytics-table-${ranking}`}>
        <TableHeading
          title={title}
          onDownload={onDownload}
          downloadLabel={t('analytics.downloadCsv', { table: title })}
        />
        {rows.length === 0 ? (
          <p className="text-sm text-ink-700">{t('analytics.empty')}</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="border-b border-ink-100 text-ink-500">
              <tr>
                <th className="py-2 pr-3">{t(`analytics.keys.${ranking}`)}</th>
                <th className="py-2 text-right">{t(`analytics.counts.${ranking}`)}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-b border-ink-50 align-top">
                  <td className="py-1 pr-3 break-all">{labelOf(row)}</td>
                  <td className="py-1 text-right tabular-nums">{formatNumber(row.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </Card>
  )
}
