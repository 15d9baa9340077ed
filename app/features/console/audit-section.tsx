/**
 * /console/audit (admin): every change made through the console, newest first, filtered by actor, action, entity
 * and a range of the firm's days (the filters live in the address), 50 a page.
 */

import { Link } from 'react-router'
import { TextField } from '#app/components/text-field.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import type { AuditPage, ConsoleMe } from '#contracts/console-rules.ts'
import { actorText, auditEntityText, auditMessage } from './audit-words.ts'
import { consoleApi } from './console-client.ts'
import { ConsoleFilterForm, ConsoleList, ConsoleListHeader, useConsoleListQuery } from './console-lists.tsx'
import { formatFirmTime } from './console-ui.tsx'
import { auditFiltersOf, filtersSearch } from './console-view.ts'
import { useConsoleData } from './use-console-data.ts'

export function AuditSection({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation(['console', 'console-members', 'console-site'], { nsMode: 'fallback' })

  const { filters, search, hrefOf } = useConsoleListQuery('/console/audit', auditFiltersOf, filtersSearch)
  const list = useConsoleData(() => consoleApi.get<AuditPage>('/audit', { ...filters }), search)
  const page = list.data
  const { timeZone } = me
  const { displayLocale, locale } = useRootData()
  return (
    <div className="flex flex-col gap-4">
      <ConsoleListHeader title={t('audit.title')} />
      <ConsoleFilterForm
        action="/console/audit"
        label={t('audit.filters')}
        columns="md:grid-cols-3 xl:grid-cols-6"
        applyLabel={t('articles.apply')}
      >
        <TextField
          label={t('audit.actor')}
          hint={t('audit.actorHint')}
          name="actor"
          defaultValue={filters.actor}
        />
        <TextField
          label={t('audit.action')}
          name="action"
          placeholder="role.grant"
          defaultValue={filters.action}
        />
        <TextField
          label={t('audit.entity')}
          name="entity"
          placeholder="article"
          defaultValue={filters.entity}
        />
        <TextField label={t('audit.from')} name="from" type="date" defaultValue={filters.from} />
        <TextField label={t('audit.to')} name="to" type="date" defaultValue={filters.to} />
      </ConsoleFilterForm>
      <ConsoleList
        list={list}
        rows={page?.rows}
        emptyText={t('audit.empty')}
        columns={[t('audit.at'), t('audit.actor'), t('audit.what'), t('audit.entity'), t('audit.change')]}
        pager={{ page, hrefOf: (number) => hrefOf({ page: number }) }}
        renderRow={(entry) => (
          <tr key={entry.id} className="border-b border-ink-50 align-top" data-testid="audit-entry">
            <td className="py-2 pr-3 whitespace-nowrap">
              {formatFirmTime(entry.at, timeZone, displayLocale)}
            </td>
            <td className="py-2 pr-3">
              {entry.actor ? (
                <Link
                  to={hrefOf({ actor: entry.actor.memberId, page: 1 })}
                  className="text-brand-700 hover:underline"
                  title={entry.actor.phone}
                >
                  {actorText(entry.actor, entry.action, t)}
                </Link>
              ) : (
                actorText(null, entry.action, t)
              )}
            </td>
            <td className="py-2 pr-3" data-testid="audit-message">
              {auditMessage(entry, locale, t)}
            </td>
            <td className="py-2 pr-3">
              <Link
                to={hrefOf({ entity: entry.entity, page: 1 })}
                className="text-brand-700 hover:underline"
                title={entry.action}
              >
                {auditEntityText(entry.entity, t)}
              </Link>
            </td>
            <td className="py-2 pr-3">
              <details>
                <summary className="cursor-pointer text-brand-700">{t('audit.show')}</summary>
                <div className="mt-1 grid gap-2 md:grid-cols-2">
                  <pre className="overflow-x-auto rounded bg-ink-50 p-2 text-xs">
                    {JSON.stringify(entry.before, null, 2)}
                  </pre>
                  <pre className="overflow-x-auto rounded bg-ink-50 p-2 text-xs">
                    {JSON.stringify(entry.after, null, 2)}
                  </pre>
                </div>
              </details>
            </td>
          </tr>
        )}
      />
    </div>
  )
}
