/**
 * The allowance ladder on /subscribe, visitor to Premium, as the quota service enforces it: each column gives at
 * least what the one to its left does. The reader's own column is marked.
 */
import { clsx } from 'clsx'
import { ScrollRegion } from '#app/components/scroll-region.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import type { RungAllowances } from './plans.server.ts'

const allowanceRows = [
  { kind: 'diagnosis', period: 'daily', labelKey: 'subscribe.allowances.diagnosesPerDay' },
  { kind: 'diagnosis', period: 'monthly', labelKey: 'subscribe.allowances.diagnosesPerMonth' },
  { kind: 'chat', period: 'daily', labelKey: 'subscribe.allowances.repliesPerDay' },
  { kind: 'chat', period: 'monthly', labelKey: 'subscribe.allowances.repliesPerMonth' },
  { kind: 'upload', period: 'daily', labelKey: 'subscribe.allowances.uploadsPerDay' },
  { kind: 'upload', period: 'monthly', labelKey: 'subscribe.allowances.uploadsPerMonth' },
] as const

export function AllowanceTable({
  allowances,
  currentRung,
}: {
  allowances: RungAllowances[]
  currentRung: RungAllowances['rung']
}) {
  const { t } = useTranslation('plans')
  const { displayLocale } = useRootData()
  const rungName = (rung: RungAllowances['rung']) =>
    rung === 'visitor' || rung === 'member'
      ? t(`subscribe.allowances.rungs.${rung}`)
      : t(`subscribe.tiers.${rung}`)
  return (
    <section aria-labelledby="allowances-title" className="flex flex-col gap-3">
      <h2 id="allowances-title" className="text-xl font-bold text-ink-950">
        {t('subscribe.allowances.title')}
      </h2>
      <p className="max-w-3xl text-sm text-ink-800">{t('subscribe.allowances.intro')}</p>
      <ScrollRegion
        labelledBy="allowances-caption"
        className="rounded-card border border-ink-100 bg-white p-3"
      >
        <table className="w-full min-w-[40rem] text-sm" data-testid="allowance-table">
          <caption id="allowances-caption" className="sr-only">
            {t('subscribe.allowances.caption')}
          </caption>
          <thead>
            <tr className="border-b border-ink-300 text-ink-900">
              <td />
              {allowances.map(({ rung }) => (
                <RungColumnHead key={rung} name={rungName(rung)} isYours={rung === currentRung} align="end" />
              ))}
            </tr>
          </thead>
          <tbody>
            {allowanceRows.map(({ kind, period, labelKey }) => (
              <tr key={labelKey} className="border-b border-ink-100 last:border-b-0">
                <th scope="row" className="py-2 pe-3 text-start font-medium text-ink-900">
                  {t(labelKey)}
                </th>
                {allowances.map((allowance) => (
                  <td
                    key={allowance.rung}
                    className={clsx(
                      'px-2 py-2 text-end tabular-nums text-ink-900',
                      allowance.rung === currentRung && 'bg-brand-100',
                    )}
                    data-testid={`allowance-${kind}-${period}-${allowance.rung}`}
                  >
                    {allowance[kind][period].toLocaleString(displayLocale)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  )
}

/** A column head of a plan table: the rung's name, marked when it is the reader's own. */
export function RungColumnHead({
  name,
  isYours,
  align,
}: {
  name: string
  isYours: boolean
  align: 'start' | 'end'
}) {
  const { t } = useTranslation('plans')
  return (
    <th
      scope="col"
      className={clsx(
        'px-2 py-2 font-semibold',
        align === 'end' ? 'text-end' : 'text-start',
        isYours && 'bg-brand-100',
      )}
    >
      {name}
      {isYours ? (
        <span className="block text-xs font-normal text-ink-700">{t('subscribe.allowances.you')}</span>
      ) : null}
    </th>
  )
}
