/**
 * /console/advisers (support; issue 15): the firm's one-to-one advisers and the Premium members assigned to them.
 * One page, moved about with search params: the list with the assignment form (adviser-assignment.tsx; `?member=`
 * opens a member's assignment from their page), `?id=new` to add an adviser, `?id=<adviser>` to edit one,
 * (de)activate them and see their members (adviser-editor.tsx).
 */

import { Link, useSearchParams } from 'react-router'
import { Badge } from '#app/components/badge.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { ConsoleAdviser } from '#contracts/advisers-rules.ts'
import type { ConsoleMe } from '#contracts/console-rules.ts'
import { AssignmentPanel } from './adviser-assignment.tsx'
import { AdviserEditor, advisersPath } from './adviser-editor.tsx'
import { consoleApi } from './console-client.ts'
import { ConsoleList, ConsoleListHeader } from './console-lists.tsx'
import { useTextInConsoleLanguage } from './console-ui.tsx'
import { useConsoleData } from './use-console-data.ts'

export function AdvisersSection({ me }: { me: ConsoleMe }) {
  const [search] = useSearchParams()
  const id = search.get('id')
  if (id === 'new') return <AdviserEditor me={me} adviserId={null} />
  if (id) return <AdviserEditor key={id} me={me} adviserId={id} />
  return <AdvisersList me={me} memberId={search.get('member')} />
}

function AdvisersList({ me, memberId }: { me: ConsoleMe; memberId: string | null }) {
  const { t } = useTranslation('advisers')
  const nameOf = useTextInConsoleLanguage()
  const advisers = useConsoleData(() => consoleApi.get<ConsoleAdviser[]>('/advisers'), 'advisers')
  return (
    <div className="flex flex-col gap-6">
      <ConsoleListHeader title={t('console.title')}>
        <Link
          to={`${advisersPath}?id=new`}
          className="inline-flex h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t('console.add')}
        </Link>
      </ConsoleListHeader>
      <AssignmentPanel
        key={memberId ?? 'find'}
        me={me}
        memberId={memberId}
        advisers={advisers.data ?? []}
        onChanged={advisers.reload}
      />
      <section aria-labelledby="advisers-list" className="flex flex-col gap-3">
        <h2 id="advisers-list" className="text-lg font-semibold text-ink-950">
          {t('console.listTitle')}
        </h2>
        <ConsoleList
          list={advisers}
          rows={advisers.data ?? undefined}
          emptyText={t('console.empty')}
          columns={[t('console.name'), t('console.channels'), t('console.members'), t('console.state')]}
          actionsLabel={t('console.actions')}
          renderRow={(adviser) => (
            <tr key={adviser.id} className="border-b border-ink-50" data-testid="adviser-row">
              <th scope="row" className="py-2 pr-3 text-start font-normal">
                <span className="block font-medium text-ink-900">{nameOf(adviser.name)}</span>
                {adviser.isSample ? <Badge tone="warn">{t('console.sample')}</Badge> : null}
              </th>
              <td className="py-2 pr-3 text-ink-800">
                {adviser.channels.map((channel) => t(`channels.${channel.kind}`)).join(', ')}
              </td>
              <td className="py-2 pr-3 tabular-nums">{adviser.assignedCount}</td>
              <td className="py-2 pr-3">
                <Badge tone={adviser.active ? 'gain' : 'neutral'}>
                  {t(adviser.active ? 'console.active' : 'console.inactive')}
                </Badge>
              </td>
              <td className="py-2 pr-3">
                <Link
                  to={`${advisersPath}?id=${adviser.id}`}
                  className="font-medium text-brand-700 underline underline-offset-2"
                  aria-label={t('console.openNamed', { name: nameOf(adviser.name) })}
                >
                  {t('console.open')}
                </Link>
              </td>
            </tr>
          )}
        />
      </section>
    </div>
  )
}
