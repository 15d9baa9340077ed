/**
 * /console/expert (analysts): subscribers' questions about a stock. The queue (waiting ones oldest first, answered
 * or all, with the counts) and one question at `?id=`: who asked (masked), the stock with a link to its diagnosis,
 * the file they sent (a download), and the answer form with a live preview drawn by the site's renderer. An analyst
 * claims a question before answering so two never write the same answer; a question someone else claimed says who.
 */
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ApiError } from '#app/api/api-client.ts'
import { Badge } from '#app/components/badge.tsx'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { diagnosisHref } from '#app/features/stocks/diagnosis-href.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import { type ConsoleMe, consoleApiPrefix } from '#contracts/console-rules.ts'
import {
  type ConsoleExpertQuestion,
  type ConsoleExpertQueue,
  ExpertErrorCode,
  type ExpertQueueFilter,
  expertAnswerMaxLength,
  expertQueueFilters,
} from '#contracts/expert-rules.ts'
import { consoleApi } from './console-client.ts'
import { ConsoleList, ConsoleListHeader, useConsoleListQuery } from './console-lists.tsx'
import { ConsoleError, ConsoleLoading, ConsoleNotice, formatFirmTime, TextAreaField } from './console-ui.tsx'
import { listSearchOf } from './console-view.ts'
import { MarkdownPreviewPane } from './markdown-preview.tsx'
import { useConsoleAction } from './use-console-action.ts'
import { useConsoleData } from './use-console-data.ts'

const base = '/console/expert'

/** The queue's filters in the address: which questions (waiting unless said) and the page. */
function queueFiltersOf(search: URLSearchParams): { state: ExpertQueueFilter; page: number } {
  const state = search.get('state') ?? ''
  return {
    state: (expertQueueFilters as readonly string[]).includes(state)
      ? (state as ExpertQueueFilter)
      : 'waiting',
    page: Math.max(1, Number(search.get('page')) || 1),
  }
}

export function ExpertSection({ me }: { me: ConsoleMe }) {
  const [search] = useSearchParams()
  const id = search.get('id')
  return id ? <QuestionDetail key={id} id={id} me={me} /> : <Queue me={me} />
}

function stockNameOf(question: ConsoleExpertQuestion, displayLocale: string): string {
  return `${displayLocale === 'zh-TW' ? question.stock.nameZh : question.stock.nameEn} · ${question.stock.code}`
}

function Queue({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('expert')
  const { displayLocale } = useRootData()
  const { filters, search, hrefOf } = useConsoleListQuery(base, queueFiltersOf, (query) =>
    listSearchOf(query),
  )
  const { state } = filters
  const loaded = useConsoleData(() => consoleApi.get<ConsoleExpertQueue>('/expert', { ...filters }), search)
  const queue = loaded.data
  return (
    <div className="flex flex-col gap-4">
      <ConsoleListHeader title={t('console.title')} />
      <nav aria-label={t('console.filters')}>
        <ul className="flex flex-wrap gap-2">
          {expertQueueFilters.map((filter) => (
            <li key={filter}>
              <Link
                to={`${base}?state=${filter}`}
                aria-current={filter === state ? 'page' : undefined}
                className={
                  filter === state
                    ? 'inline-flex min-h-10 items-center rounded-lg bg-brand-600 px-3 text-sm font-medium text-white'
                    : 'inline-flex min-h-10 items-center rounded-lg border border-ink-300 px-3 text-sm font-medium text-ink-800 hover:bg-ink-100'
                }
              >
                {t(`console.states.${filter}`)}
                {queue ? ` (${queue.counts[filter]})` : ''}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ConsoleList
        list={loaded}
        rows={queue?.rows}
        emptyText={t('console.empty')}
        columns={[
          t('console.asked'),
          t('console.stock'),
          t('console.question'),
          t('console.asker'),
          t('console.claimedBy'),
          t('console.state'),
        ]}
        pager={{ page: queue, hrefOf: (number) => hrefOf({ page: number }) }}
        renderRow={(question) => (
          <tr key={question.id} className="border-b border-ink-100 align-top" data-testid="expert-queue-row">
            <td className="whitespace-nowrap py-2 pe-3">
              {formatFirmTime(question.askedAt, me.timeZone, displayLocale)}
            </td>
            <td className="whitespace-nowrap py-2 pe-3">
              <Link to={`${base}?id=${question.id}`} className="font-medium text-brand-700 underline">
                {stockNameOf(question, displayLocale)}
              </Link>
            </td>
            <td className="max-w-md py-2 pe-3">
              <span className="line-clamp-2 break-words">{question.question}</span>
            </td>
            <td className="whitespace-nowrap py-2 pe-3">{question.askerMaskedPhone}</td>
            <td className="whitespace-nowrap py-2 pe-3">{question.claimedBy?.maskedPhone ?? '—'}</td>
            <td className="py-2">
              <StateBadge question={question} />
            </td>
          </tr>
        )}
      />
    </div>
  )
}

function StateBadge({ question }: { question: ConsoleExpertQuestion }) {
  const { t } = useTranslation('expert')
  const tone = question.state === 'waiting' ? 'brand' : question.state === 'answered' ? 'gain' : 'neutral'
  return <Badge tone={tone}>{t(`console.stateNames.${question.state}`)}</Badge>
}

function QuestionDetail({ id, me }: { id: string; me: ConsoleMe }) {
  const { t } = useTranslation(['expert', 'errors'])
  const { displayLocale } = useRootData()
  const loaded = useConsoleData(() => consoleApi.get<ConsoleExpertQuestion>(`/expert/${id}`), id)
  const [question, setQuestion] = useState<ConsoleExpertQuestion | null>(null)
  const [answer, setAnswer] = useState('')
  const action = useConsoleAction()
  const { error, isBusy } = action
  const shown = question ?? loaded.data
  const time = (iso: string | null) => formatFirmTime(iso, me.timeZone, displayLocale)

  const act = (path: 'claim' | 'release' | 'answer', done: string) =>
    action.run(async () => {
      try {
        const changed = await consoleApi.post<ConsoleExpertQuestion>(
          `/expert/${id}/${path}`,
          path === 'answer' ? { answer } : {},
        )
        setQuestion(changed)
        return done
      } catch (failure) {
        // Someone else moved first (claimed, answered, or the reader withdrew): show the question as it is now.
        if (failure instanceof ApiError && failure.status === 409) {
          setQuestion(null)
          loaded.reload()
        }
        throw failure
      }
    })

  const back = (
    <Link to={base} className="text-sm font-medium text-brand-700 underline">
      {t('console.back')}
    </Link>
  )
  if (!shown)
    return (
      <div className="flex flex-col gap-4">
        {back}
        {loaded.isLoading ? <ConsoleLoading /> : <ConsoleError error={loaded.error} />}
      </div>
    )

  const isMine = shown.claimedBy?.memberId === me.memberId
  const isOpen = shown.state === 'waiting'
  const mayAnswer = isOpen && (!shown.claimedBy || isMine)
  const isClaimConflict = error instanceof ApiError && error.code === ExpertErrorCode.claimedByOther
  return (
    <div className="flex flex-col gap-4">
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-ink-950">
          {t('console.detailTitle', { stock: stockNameOf(shown, displayLocale) })}
        </h1>
        <StateBadge question={shown} />
      </div>
      <Card className="flex flex-col gap-3">
        <p className="text-sm text-ink-700">
          {t('console.askedBy', {
            phone: shown.askerMaskedPhone,
            time: time(shown.askedAt),
            language: t(`console.languages.${shown.locale}`),
          })}
        </p>
        <p className="whitespace-pre-wrap break-words text-ink-900" data-testid="expert-question-text">
          {shown.question}
        </p>
        {shown.file ? (
          <p className="text-sm">
            <span className="font-medium text-ink-800">{t('console.file')}: </span>
            {shown.file.isAvailable ? (
              <a
                href={`${consoleApiPrefix}/expert/${shown.id}/file`}
                download={shown.file.name}
                className="break-all font-medium text-brand-700 underline"
              >
                {t('console.download', { name: shown.file.name })}
              </a>
            ) : (
              <span className="text-ink-700">{t('console.fileGone', { name: shown.file.name })}</span>
            )}
          </p>
        ) : null}
        <p>
          <a
            href={diagnosisHref(shown.stock.code, shown.stock.market)}
            target="_blank"
            rel="noreferrer"
            className="text-sm font-medium text-brand-700 underline"
          >
            {t('console.diagnosis')}
          </a>
        </p>
      </Card>

      {shown.state === 'withdrawn' ? <p className="text-ink-800">{t('console.withdrawnNote')}</p> : null}
      {isOpen ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-ink-800" data-testid="expert-claim">
            {shown.claimedBy
              ? isMine
                ? t('console.claimedByYou', { time: time(shown.claimedAt) })
                : t('console.claimedByOther', {
                    phone: shown.claimedBy.maskedPhone,
                    time: time(shown.claimedAt),
                  })
              : null}
          </p>
          {!shown.claimedBy ? (
            <Button onClick={() => void act('claim', t('console.claimed'))} disabled={isBusy}>
              {t('console.claim')}
            </Button>
          ) : null}
          {shown.claimedBy && (isMine || me.roles.includes('admin')) ? (
            <Button
              variant="secondary"
              onClick={() => void act('release', t('console.released'))}
              disabled={isBusy}
            >
              {t('console.release')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {isClaimConflict ? (
        <p role="alert" className="rounded-lg border border-loss px-3 py-2 text-sm text-loss">
          {t(`errors:${ExpertErrorCode.claimedByOther}`, { who: shown.claimedBy?.maskedPhone ?? '—' })}
        </p>
      ) : (
        <ConsoleError error={error} />
      )}
      <ConsoleNotice notice={action.notice} />

      {mayAnswer ? (
        <form
          aria-label={t('console.send')}
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault()
            void act('answer', t('console.answered'))
          }}
        >
          <TextAreaField
            label={t('console.answer')}
            rows={10}
            maxLength={expertAnswerMaxLength}
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
          />
          <p className="text-xs text-ink-700">{t('console.answerHint', { count: answer.trim().length })}</p>
          <MarkdownPreviewPane markdown={answer} label={t('console.preview')} />
          <div>
            <Button type="submit" isLoading={isBusy}>
              {t('console.send')}
            </Button>
          </div>
        </form>
      ) : null}

      {shown.state === 'answered' ? (
        <Card className="flex flex-col gap-2" data-testid="expert-console-answer">
          <p className="text-sm text-ink-700">
            {t('console.answeredBy', {
              phone: shown.answeredBy?.maskedPhone ?? '—',
              time: time(shown.answeredAt),
            })}
          </p>
          <MarkdownPreviewPane markdown={shown.answer ?? ''} label={t('console.preview')} />
          <p className="text-sm text-ink-700">
            {shown.answerSeenAt
              ? t('console.seen', { time: time(shown.answerSeenAt) })
              : t('console.notSeen')}
          </p>
        </Card>
      ) : null}
    </div>
  )
}
