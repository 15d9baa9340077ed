/**
 * /console/newsletter (support): the newsletter sign-ups, newest first, filtered by words (email, name, phone) and
 * by a range of the firm's days (the filters live in the address); the CSV export of every matching sign-up; and
 * removing one after a confirmation.
 */

import { Button, buttonClassName } from '#app/components/button.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import type { NewsletterPage, NewsletterSignupRow } from '#contracts/console-members-rules.ts'
import type { ConsoleMe } from '#contracts/console-rules.ts'
import { consoleApi } from './console-client.ts'
import {
  ConsoleConfirm,
  ConsoleFilterForm,
  ConsoleList,
  ConsoleListHeader,
  useConfirmation,
  useConsoleListQuery,
} from './console-lists.tsx'
import { ConsoleActionLines, formatFirmTime } from './console-ui.tsx'
import { newsletterExportHref, newsletterFiltersOf, newsletterSearchOf } from './members-view.ts'
import { useConsoleAction } from './use-console-action.ts'
import { useConsoleData } from './use-console-data.ts'

export function NewsletterSection({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('console')
  const { displayLocale } = useRootData()
  const { filters, search, hrefOf } = useConsoleListQuery(
    '/console/newsletter',
    newsletterFiltersOf,
    newsletterSearchOf,
  )
  const list = useConsoleData(() => consoleApi.get<NewsletterPage>('/newsletter', { ...filters }), search)
  const removing = useConfirmation<NewsletterSignupRow>()
  const action = useConsoleAction()

  const remove = (signup: NewsletterSignupRow) =>
    action.run(async () => {
      await consoleApi.delete(`/newsletter/${signup.id}`)
      list.reload()
      return t('newsletter.removed', { email: signup.email })
    })

  const page = list.data
  return (
    <div className="flex flex-col gap-4">
      <ConsoleListHeader title={t('newsletter.title')} />
      <ConsoleFilterForm
        action="/console/newsletter"
        label={t('newsletter.filters')}
        columns="md:grid-cols-2 xl:grid-cols-4"
        applyLabel={t('newsletter.apply')}
      >
        <TextField label={t('newsletter.search')} name="q" type="search" defaultValue={filters.q} />
        <TextField label={t('newsletter.from')} name="from" type="date" defaultValue={filters.from} />
        <TextField label={t('newsletter.to')} name="to" type="date" defaultValue={filters.to} />
      </ConsoleFilterForm>
      <div className="flex flex-wrap items-center gap-3">
        {page ? (
          <p className="text-sm text-ink-700" data-testid="newsletter-total">
            {t('newsletter.total', { count: page.total })}
          </p>
        ) : null}
        <a
          href={newsletterExportHref(filters)}
          download
          className={buttonClassName('secondary', 'sm')}
          title={t('newsletter.exportHint')}
        >
          {t('newsletter.export')}
        </a>
      </div>
      <ConsoleActionLines action={action} />
      <ConsoleList
        list={list}
        rows={page?.rows}
        emptyText={t('newsletter.empty')}
        columns={[
          t('newsletter.email'),
          t('newsletter.name'),
          t('newsletter.phone'),
          t('newsletter.language'),
          t('newsletter.source'),
          t('newsletter.signedUpAt'),
        ]}
        actionsLabel={t('newsletter.remove')}
        pager={{ page, hrefOf: (number) => hrefOf({ page: number }) }}
        renderRow={(signup) => (
          <tr key={signup.id} className="border-b border-ink-50 align-top" data-testid="newsletter-signup">
            <td className="py-2 pr-3 break-all">{signup.email}</td>
            <td className="py-2 pr-3">{signup.name ?? '—'}</td>
            <td className="py-2 pr-3 whitespace-nowrap">{signup.phone ?? '—'}</td>
            <td className="py-2 pr-3">{t(`languages.${signup.locale}`, { defaultValue: signup.locale })}</td>
            <td className="py-2 pr-3">
              {t(`newsletter.sources.${signup.source}`, { defaultValue: signup.source })}
            </td>
            <td className="py-2 pr-3 whitespace-nowrap">
              {formatFirmTime(signup.createdAt, me.timeZone, displayLocale)}
            </td>
            <td className="py-2 pr-3">
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('newsletter.removeOf', { email: signup.email })}
                onClick={() => removing.ask(signup)}
              >
                {t('newsletter.remove')}
              </Button>
            </td>
          </tr>
        )}
      />
      <ConsoleConfirm
        confirmation={removing}
        title={t('newsletter.remove')}
        descriptionOf={(signup) => t('newsletter.removeConfirm', { email: signup.email })}
        onConfirm={(signup) => void remove(signup)}
      />
    </div>
  )
}
