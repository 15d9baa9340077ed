/**
 * /console/strategies (issue 15): the analysts' portfolio strategies. The list shows every strategy in the order
 * readers see them; `?id=<id>` opens one (`?id=new` a new one): its texts and settings (strategy-editor.tsx), then
 * its rebalances and the form adding one (strategy-rebalance.tsx). The forms check what they can before sending
 * (contracts/strategies-rules.ts), in the reader's language, beside each field; the API checks again and its
 * per-field refusals land beside the same fields.
 */
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Badge } from '#app/components/badge.tsx'
import { Button, buttonClassName } from '#app/components/button.tsx'
import { formatDate } from '#app/features/stocks/stock-format.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import type { ConsoleMe } from '#contracts/console-rules.ts'
import type { ConsoleStrategy } from '#contracts/strategies-rules.ts'
import { consoleApi } from './console-client.ts'
import { ConsoleConfirm, ConsoleList, ConsoleListHeader, useConfirmation } from './console-lists.tsx'
import { ConsoleActionLines, useTextInConsoleLanguage } from './console-ui.tsx'
import { StrategyEditor } from './strategy-editor.tsx'
import { useConsoleAction } from './use-console-action.ts'
import { useConsoleData } from './use-console-data.ts'

export function StrategiesSection({ me }: { me: ConsoleMe }) {
  const [search] = useSearchParams()
  const id = search.get('id')
  // Held here, so what a save did stays said when the address moves from `?id=new` to the new strategy's id.
  const [notice, setNotice] = useState<{ id: string; text: string } | null>(null)
  const noticeOf = (shown: string | null) => (notice && notice.id === shown ? notice.text : '')
  const onNotice = (forId: string, text: string) => setNotice({ id: forId, text })
  if (id === 'new') return <StrategyEditor id={null} me={me} notice="" onNotice={onNotice} />
  if (id) return <StrategyEditor key={id} id={id} me={me} notice={noticeOf(id)} onNotice={onNotice} />
  return <StrategyList />
}

function StrategyList() {
  const { t } = useTranslation('strategies')
  const { t: tConsole } = useTranslation('console')
  const { displayLocale } = useRootData()
  const loaded = useConsoleData(() => consoleApi.get<ConsoleStrategy[]>('/strategies'), 'strategies')
  const removing = useConfirmation<ConsoleStrategy>()
  const action = useConsoleAction()
  const textIn = useTextInConsoleLanguage()
  const nameOf = (strategy: ConsoleStrategy) => textIn(strategy.name)

  const remove = (strategy: ConsoleStrategy) =>
    action.run(async () => {
      await consoleApi.delete(`/strategies/${strategy.id}`)
      loaded.reload()
      return t('console.removed', { name: nameOf(strategy) })
    })

  return (
    <div className="flex flex-col gap-4">
      <ConsoleListHeader title={t('console.title')}>
        <Link to="/console/strategies?id=new" className={buttonClassName('primary')}>
          {t('console.add')}
        </Link>
      </ConsoleListHeader>
      <ConsoleActionLines action={action} />
      <ConsoleList
        list={loaded}
        rows={loaded.data ?? undefined}
        emptyText={t('console.empty')}
        columns={[
          t('console.colName'),
          t('console.colVisibility'),
          t('console.colPosition'),
          t('console.colInception'),
          t('console.colHoldings'),
          t('console.colState'),
        ]}
        actionsLabel={tConsole('picks.actions')}
        renderRow={(strategy) => (
          <tr key={strategy.id} className="border-b border-ink-50" data-testid="strategy-row">
            <th scope="row" className="py-2 pr-3 text-start font-normal">
              <span className="block font-medium text-ink-900">{nameOf(strategy)}</span>
              <span className="block text-xs text-ink-700">{tConsole(`markets.${strategy.market}`)}</span>
            </th>
            <td className="py-2 pr-3">{t(`page.visibility.${strategy.visibility}`)}</td>
            <td className="py-2 pr-3 text-end tabular-nums">{strategy.position}</td>
            <td className="py-2 pr-3">
              {strategy.inception ? formatDate(strategy.inception, displayLocale) : '—'}
            </td>
            <td className="py-2 pr-3 text-end tabular-nums">{strategy.holdings}</td>
            <td className="py-2 pr-3">
              <span className="flex flex-wrap gap-1">
                <Badge tone={strategy.published ? 'gain' : 'neutral'}>
                  {strategy.published ? t('console.published') : t('console.draft')}
                </Badge>
                {strategy.isSample ? <Badge tone="warn">{t('console.sample')}</Badge> : null}
              </span>
            </td>
            <td className="py-2 pr-3">
              <span className="flex gap-2">
                <Link
                  to={`/console/strategies?id=${strategy.id}`}
                  className={buttonClassName('secondary', 'sm')}
                  aria-label={t('console.editOf', { name: nameOf(strategy) })}
                >
                  {t('console.edit')}
                </Link>
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => removing.ask(strategy)}
                  aria-label={t('console.removeOf', { name: nameOf(strategy) })}
                >
                  {t('console.remove')}
                </Button>
              </span>
            </td>
          </tr>
        )}
      />
      <ConsoleConfirm
        confirmation={removing}
        title={t('console.remove')}
        descriptionOf={(strategy) => t('console.confirmRemove', { name: nameOf(strategy) })}
        onConfirm={(strategy) => void remove(strategy)}
      />
    </div>
  )
}
