/**
 * /console/digest (editors and admins): the weekly digest. The coming issue as a reader of the chosen language and
 * site would get it (its HTML in a sandboxed frame that runs nothing, and its plain text), a test of it sent to the
 * operator's own verified email, the send log of recent issues, and — for admins — "send now" after a confirmation.
 */
import { useState } from 'react'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import type { ConsoleMe } from '#contracts/console-rules.ts'
import { digestTestsPerHour } from '#contracts/digest-rules.ts'
import type { DigestLog, DigestPreview, DigestSendAnswer } from '#contracts/mail.ts'
import type { Locale, Region } from '#contracts/regions.ts'
import { consoleApi } from './console-client.ts'
import {
  ConsoleConfirm,
  ConsoleList,
  ConsoleListHeader,
  ConsoleListState,
  useConfirmation,
} from './console-lists.tsx'
import { ConsoleActionLines, formatFirmTime, SelectField } from './console-ui.tsx'
import { useConsoleAction } from './use-console-action.ts'
import { useConsoleData } from './use-console-data.ts'

/** The readers a preview can be read as: a language and the site its links lead to. */
const readers = {
  en: { locale: 'en', region: 'en', label: 'digest.readerEn' },
  hk: { locale: 'zh-Hant', region: 'hk', label: 'digest.readerHk' },
  hant: { locale: 'zh-Hant', region: 'hant', label: 'digest.readerHant' },
} as const satisfies Record<string, { locale: Locale; region: Region; label: string }>
type ReaderKey = keyof typeof readers

export function DigestSection({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('console-mail')
  const { displayLocale } = useRootData()
  const [readerKey, setReaderKey] = useState<ReaderKey>(displayLocale.startsWith('zh') ? 'hant' : 'en')
  const reader = readers[readerKey]
  const preview = useConsoleData(
    () => consoleApi.get<DigestPreview>('/digest/preview', { locale: reader.locale, region: reader.region }),
    readerKey,
  )
  const log = useConsoleData(() => consoleApi.get<DigestLog>('/digest/issues'), 'log')
  const testing = useConsoleAction()
  const sending = useConsoleAction()
  const confirming = useConfirmation<true>()
  const isAdmin = me.roles.includes('admin')

  const sendTest = () =>
    testing.run(async () => {
      const answer = await consoleApi.post<DigestSendAnswer>('/digest/test', {
        locale: reader.locale,
        region: reader.region,
      })
      return t('digest.testSent', { week: answer.week, to: answer.to ?? '' })
    })
  const sendNow = () =>
    sending.run(async () => {
      const answer = await consoleApi.post<DigestSendAnswer>('/digest/send')
      log.reload()
      return t('digest.sent', { week: answer.week, count: answer.queued })
    })

  const issue = preview.data
  const next = log.data
  return (
    <div className="flex flex-col gap-4">
      <ConsoleListHeader title={t('digest.title')} />
      <p className="text-sm text-ink-700">{t('digest.intro')}</p>
      {next ? (
        <p className="text-sm text-ink-800" data-testid="digest-next">
          {t('digest.next', {
            week: next.nextWeek,
            at: formatFirmTime(next.nextIssueAt, me.timeZone, displayLocale),
          })}
        </p>
      ) : null}

      <Card>
        <div className="flex flex-col gap-3">
          <h2 className="font-semibold">{t('digest.preview')}</h2>
          <div className="max-w-sm">
            <SelectField
              label={t('digest.previewAs')}
              value={readerKey}
              onChange={(event) => setReaderKey(event.target.value as ReaderKey)}
              data-testid="digest-reader"
            >
              {(Object.keys(readers) as ReaderKey[]).map((key) => (
                <option key={key} value={key}>
                  {t(readers[key].label)}
                </option>
              ))}
            </SelectField>
          </div>
          <ConsoleListState error={preview.error} isLoading={preview.isLoading} data={issue} />
          {issue ? (
            <div className="flex flex-col gap-3" data-testid="digest-preview">
              <p className="text-sm">
                <span className="text-ink-500">{t('digest.subject')}: </span>
                <span data-testid="digest-subject">{issue.subject}</span>
              </p>
              {/* An empty sandbox: the message's HTML runs no script, submits nothing and opens nothing. */}
              <iframe
                title={t('digest.html')}
                sandbox=""
                srcDoc={issue.html}
                className="h-[28rem] w-full rounded border border-ink-100"
              />
              <details>
                <summary className="cursor-pointer text-sm font-medium text-ink-800">
                  {t('digest.text')}
                </summary>
                <pre className="mt-2 text-sm whitespace-pre-wrap break-all" data-testid="digest-text">
                  {issue.text}
                </pre>
              </details>
            </div>
          ) : null}
          <div className="flex flex-col gap-2">
            <p className="text-sm text-ink-700">{t('digest.testHint', { count: digestTestsPerHour })}</p>
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              disabled={testing.isBusy}
              onClick={() => void sendTest()}
            >
              {t('digest.test')}
            </Button>
            <ConsoleActionLines action={testing} />
          </div>
        </div>
      </Card>

      {isAdmin ? (
        <Card>
          <div className="flex flex-col gap-2">
            <h2 className="font-semibold">{t('digest.sendNow')}</h2>
            <p className="text-sm text-ink-700">{t('digest.sendHint')}</p>
            <Button
              variant="primary"
              size="sm"
              className="self-start"
              disabled={sending.isBusy}
              onClick={() => confirming.ask(true)}
            >
              {t('digest.sendNow')}
            </Button>
            <ConsoleActionLines action={sending} />
          </div>
        </Card>
      ) : null}

      <h2 className="text-lg font-semibold text-ink-950">{t('digest.log')}</h2>
      <ConsoleList
        list={log}
        rows={next?.issues}
        emptyText={t('digest.logEmpty')}
        columns={[
          t('digest.week'),
          t('digest.firstQueuedAt'),
          t('digest.queued'),
          t('digest.pending'),
          t('digest.sentCount'),
          t('digest.failed'),
          t('digest.suppressed'),
          t('digest.unsubscribed'),
        ]}
        testId="digest-log"
        renderRow={(row) => (
          <tr key={row.week} className="border-b border-ink-50 align-top" data-testid="digest-issue">
            <td className="py-2 pr-3 whitespace-nowrap">{row.week}</td>
            <td className="py-2 pr-3 whitespace-nowrap">
              {formatFirmTime(row.firstQueuedAt, me.timeZone, displayLocale)}
            </td>
            <td className="py-2 pr-3 tabular-nums">{row.queued}</td>
            <td className="py-2 pr-3 tabular-nums">{row.pending}</td>
            <td className="py-2 pr-3 tabular-nums">{row.sent}</td>
            <td className="py-2 pr-3 tabular-nums">{row.failed}</td>
            <td className="py-2 pr-3 tabular-nums">{row.suppressed}</td>
            <td className="py-2 pr-3 tabular-nums">{row.unsubscribed}</td>
          </tr>
        )}
      />
      <ConsoleConfirm
        confirmation={confirming}
        title={t('digest.sendNow')}
        confirmLabel={t('digest.confirm')}
        descriptionOf={() => t('digest.sendConfirm')}
        onConfirm={() => void sendNow()}
      />
    </div>
  )
}
