/**
 * /console/chat-gaps (editors, admins): what the AI chat could not answer — the questions it declined, with the
 * reason it gave the reader, and the answers readers voted down — counted by week (the firm's, Monday first) and
 * reason, then listed newest first, so the firm knows what to add next. Nothing of who asked is shown.
 */

import { useSearchParams } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import {
  type ChatGapReason,
  type ChatGaps,
  chatGapReasons,
  chatGapsWeeksDefault,
} from '#contracts/chat-rules.ts'
import type { ConsoleMe } from '#contracts/console-rules.ts'
import { consoleApi } from './console-client.ts'
import { ConsoleFilterForm, ConsoleList, ConsoleListHeader, ConsoleTable } from './console-lists.tsx'
import { formatFirmTime, SelectField } from './console-ui.tsx'
import { useConsoleData } from './use-console-data.ts'

const weekChoices = [4, 8, 13, 26] as const

function filtersOf(params: URLSearchParams): { weeks: number; reason: ChatGapReason | '' } {
  const weeks = Number(params.get('weeks'))
  const reason = params.get('reason') ?? ''
  return {
    weeks: (weekChoices as readonly number[]).includes(weeks) ? weeks : chatGapsWeeksDefault,
    reason: (chatGapReasons as readonly string[]).includes(reason) ? (reason as ChatGapReason) : '',
  }
}

export function ChatGapsSection({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('console-analytics')
  const { displayLocale } = useRootData()
  const [params] = useSearchParams()
  const filters = filtersOf(params)
  const query = { weeks: filters.weeks, ...(filters.reason ? { reason: filters.reason } : {}) }
  const gaps = useConsoleData(
    () => consoleApi.get<ChatGaps>('/chat/gaps', query),
    `${filters.weeks}/${filters.reason}`,
  )
  const answer = gaps.data
  const reasonsSeen = chatGapReasons.filter((reason) =>
    answer?.weeks.some((week) => (week.counts[reason] ?? 0) > 0),
  )
  return (
    <div className="flex flex-col gap-4">
      <ConsoleListHeader title={t('chatGaps.title')} />
      <p className="text-sm text-ink-700">{t('chatGaps.intro')}</p>
      <ConsoleFilterForm
        action="/console/chat-gaps"
        label={t('chatGaps.filters')}
        columns="sm:grid-cols-[repeat(2,minmax(0,14rem))_max-content]"
        applyLabel={t('chatGaps.apply')}
        isBusy={gaps.isLoading}
      >
        <SelectField label={t('chatGaps.weeks')} name="weeks" defaultValue={String(filters.weeks)}>
          {weekChoices.map((weeks) => (
            <option key={weeks} value={weeks}>
              {t('chatGaps.weeksOption', { count: weeks })}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('chatGaps.reason')} name="reason" defaultValue={filters.reason}>
          <option value="">{t('chatGaps.anyReason')}</option>
          {chatGapReasons.map((reason) => (
            <option key={reason} value={reason}>
              {t(`chatGaps.reasons.${reason}`)}
            </option>
          ))}
        </SelectField>
      </ConsoleFilterForm>

      {answer && answer.weeks.length > 0 ? (
        <section aria-labelledby="chat-gaps-weeks" className="flex flex-col gap-2">
          <h2 id="chat-gaps-weeks" className="text-lg font-semibold text-ink-950">
            {t('chatGaps.byWeek')}
          </h2>
          <ConsoleTable
            columns={[
              t('chatGaps.week'),
              ...reasonsSeen.map((reason) => t(`chatGaps.reasons.${reason}`)),
              t('chatGaps.total'),
            ]}
            testId="chat-gaps-weeks"
          >
            {answer.weeks.map((week) => (
              <tr key={week.week} className="border-b border-ink-50" data-testid="chat-gaps-week">
                <td className="py-2 pr-3 whitespace-nowrap">{week.week}</td>
                {reasonsSeen.map((reason) => (
                  <td key={reason} className="py-2 pr-3 tabular-nums" data-reason={reason}>
                    {week.counts[reason] ?? 0}
                  </td>
                ))}
                <td className="py-2 pr-3 font-semibold tabular-nums">{week.total}</td>
              </tr>
            ))}
          </ConsoleTable>
        </section>
      ) : null}

      <section aria-labelledby="chat-gaps-questions" className="flex flex-col gap-2">
        <h2 id="chat-gaps-questions" className="text-lg font-semibold text-ink-950">
          {t('chatGaps.questions')}
        </h2>
        <ConsoleList
          list={gaps}
          rows={answer?.rows}
          emptyText={t('chatGaps.empty')}
          columns={[
            t('chatGaps.askedAt'),
            t('chatGaps.reason'),
            t('chatGaps.language'),
            t('chatGaps.question'),
          ]}
          testId="chat-gaps-list"
          renderRow={(row) => (
            <tr key={row.answerId} className="border-b border-ink-50 align-top" data-testid="chat-gap">
              <td className="py-2 pr-3 whitespace-nowrap">
                {formatFirmTime(row.askedAt, me.timeZone, displayLocale)}
              </td>
              <td className="py-2 pr-3">
                {t(`chatGaps.reasons.${row.reason}`)}
                {row.downVoted && row.reason !== 'down_voted' ? (
                  <span className="block text-xs text-ink-700">{t('chatGaps.alsoDownVoted')}</span>
                ) : null}
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">{t(`chatGaps.languages.${row.locale}`)}</td>
              <td className="py-2 pr-3 break-words" lang={row.locale}>
                {row.question || '—'}
                {row.note ? (
                  <span className="mt-1 block text-sm text-ink-700" data-testid="chat-gap-note">
                    {t('chatGaps.note')} <q>{row.note}</q>
                  </span>
                ) : null}
              </td>
            </tr>
          )}
        />
      </section>
    </div>
  )
}
