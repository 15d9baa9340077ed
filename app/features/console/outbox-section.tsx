/**
 * /console/outbox (admins): the mail the outbox adapter kept instead of sending, newest first, and
 * /console/outbox/{id}: one message whole — its headers, its HTML part (drawn in a sandboxed frame that runs
 * nothing and reaches nothing) and its plain-text part.
 */

import { Link, useSearchParams } from 'react-router'
import { buttonClassName } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import type { ConsoleMe } from '#contracts/console-rules.ts'
import type { OutboxMessageDetail, OutboxPage } from '#contracts/mail.ts'
import { consoleApi } from './console-client.ts'
import { ConsoleList, ConsoleListHeader, ConsoleListState } from './console-lists.tsx'
import { formatFirmTime } from './console-ui.tsx'
import { useConsoleData } from './use-console-data.ts'

function pageOf(value: string | null): number {
  const page = Number(value)
  return Number.isInteger(page) && page >= 1 ? page : 1
}

export function OutboxSection({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('console-mail')
  const { displayLocale } = useRootData()
  const [params] = useSearchParams()
  const page = pageOf(params.get('page'))
  const list = useConsoleData(() => consoleApi.get<OutboxPage>('/mail/outbox', { page }), String(page))
  const answer = list.data
  return (
    <div className="flex flex-col gap-4">
      <ConsoleListHeader title={t('outbox.title')} />
      <p className="text-sm text-ink-700">{t('outbox.intro')}</p>
      {answer ? (
        <p className="text-sm text-ink-700" data-testid="outbox-total">
          {t('outbox.total', { count: answer.total })}
        </p>
      ) : null}
      <ConsoleList
        list={list}
        rows={answer?.rows}
        emptyText={t('outbox.empty')}
        columns={[t('outbox.to'), t('outbox.subject'), t('outbox.keptAt')]}
        actionsLabel={t('outbox.open')}
        testId="outbox-list"
        pager={{ page: answer, hrefOf: (number) => `/console/outbox${number > 1 ? `?page=${number}` : ''}` }}
        renderRow={(message) => (
          <tr key={message.id} className="border-b border-ink-50 align-top" data-testid="outbox-message">
            <td className="py-2 pr-3 break-all">{message.to}</td>
            <td className="py-2 pr-3">{message.subject}</td>
            <td className="py-2 pr-3 whitespace-nowrap">
              {formatFirmTime(message.createdAt, me.timeZone, displayLocale)}
            </td>
            <td className="py-2 pr-3">
              <Link
                to={`/console/outbox/${message.id}`}
                className={buttonClassName('ghost', 'sm')}
                aria-label={t('outbox.openOf', { to: message.to })}
              >
                {t('outbox.open')}
              </Link>
            </td>
          </tr>
        )}
      />
    </div>
  )
}

export function OutboxMessageSection({ me, messageId }: { me: ConsoleMe; messageId: string }) {
  const { t } = useTranslation('console-mail')
  const { displayLocale } = useRootData()
  const message = useConsoleData(
    () => consoleApi.get<OutboxMessageDetail>(`/mail/outbox/${messageId}`),
    messageId,
  )
  const mail = message.data
  return (
    <div className="flex flex-col gap-4">
      <Link to="/console/outbox" className={buttonClassName('ghost', 'sm', 'self-start')}>
        {t('outbox.back')}
      </Link>
      <ConsoleListState error={message.error} isLoading={message.isLoading} data={mail} />
      {mail ? (
        <article className="flex flex-col gap-4" data-testid="outbox-detail">
          <h1 className="text-2xl font-bold text-ink-950">{mail.subject}</h1>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-ink-500">{t('outbox.from')}</dt>
            <dd>{mail.from}</dd>
            <dt className="text-ink-500">{t('outbox.to')}</dt>
            <dd className="break-all">{mail.to}</dd>
            <dt className="text-ink-500">{t('outbox.keptAt')}</dt>
            <dd>{formatFirmTime(mail.createdAt, me.timeZone, displayLocale)}</dd>
          </dl>
          <Card>
            <h2 className="mb-2 font-semibold">{t('outbox.headers')}</h2>
            <pre
              className="overflow-x-auto text-xs whitespace-pre-wrap break-all"
              data-testid="outbox-headers"
            >
              {[
                `Message-ID: ${mail.messageId}`,
                ...Object.entries(mail.headers).map(([name, value]) => `${name}: ${value}`),
              ].join('\n')}
            </pre>
          </Card>
          <Card>
            <h2 className="mb-2 font-semibold">{t('outbox.html')}</h2>
            {/* An empty sandbox: the message's HTML runs no script, submits nothing and opens nothing. */}
            <iframe
              title={t('outbox.html')}
              sandbox=""
              srcDoc={mail.html}
              className="h-[32rem] w-full rounded border border-ink-100"
            />
          </Card>
          <Card>
            <h2 className="mb-2 font-semibold">{t('outbox.text')}</h2>
            <pre className="text-sm whitespace-pre-wrap break-all" data-testid="outbox-text">
              {mail.text}
            </pre>
          </Card>
        </article>
      ) : null}
    </div>
  )
}
