/**
 * The reader's side of expert diagnosis (/member/expert): this month's allowance, the form that asks an analyst
 * about a stock (chosen from our universe with the stock search the diagnosis uses, optionally with one of the
 * reader's read chat uploads), and their questions with the answers — drawn with the chat's Markdown renderer, which
 * builds React elements and never HTML. Opening a new answer marks it seen and asks the header again, so its notice
 * goes. Every refusal is said in the reader's language; running out of questions says when they renew and which
 * tier has more.
 */
import { clsx } from 'clsx'
import { MessageSquareText, Paperclip } from 'lucide-react'
import { type FormEvent, useCallback, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '#app/api/api-client.ts'
import { Badge } from '#app/components/badge.tsx'
import { Button, buttonClassName } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { EmptyState } from '#app/components/empty-state.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { useAccount } from '#app/features/account/account-provider.tsx'
import { AnswerText, preloadMarkdown } from '#app/features/chat/answer-text.tsx'
import { diagnosisHref } from '#app/features/stocks/diagnosis-href.ts'
import { type PickedStock, StockCombobox } from '#app/features/stocks/stock-combobox.tsx'
import { useRootData } from '#app/use-root-data.ts'
import {
  type ExpertAllowance,
  ExpertErrorCode,
  type ExpertFileChoice,
  type ExpertQuestion,
  type ExpertQuestionPage,
  expertQuestionMaxLength,
  expertQuestionMinLength,
} from '#contracts/expert-rules.ts'
import { askExpert, fetchMyQuestions, openQuestion, withdrawQuestion } from './expert-api.ts'

function useFormats() {
  const { displayLocale, timeZone } = useRootData()
  return {
    time: (iso: string) =>
      new Intl.DateTimeFormat(displayLocale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      ),
    /** A calendar day (`YYYY-MM-DD`) as written, whatever the reader's zone. */
    day: (day: string) =>
      new Intl.DateTimeFormat(displayLocale, { timeZone: 'UTC', dateStyle: 'long' }).format(
        new Date(`${day}T00:00:00Z`),
      ),
  }
}

/** A failure's sentence: the code's message in errors.json, else the generic one. */
function useErrorText() {
  const { t, i18n } = useTranslation('errors')
  return useCallback(
    (error: unknown) => {
      const code = error instanceof ApiError ? error.code : 'INTERNAL_ERROR'
      return t(i18n.exists(`errors:${code}`) ? code : 'INTERNAL_ERROR')
    },
    [t, i18n],
  )
}

export function HowItWorks() {
  const { t } = useTranslation('expert')
  return (
    <section aria-labelledby="expert-how" className="flex flex-col gap-2">
      <h2 id="expert-how" className="text-lg font-semibold text-ink-950">
        {t('how.title')}
      </h2>
      <ol className="list-decimal space-y-1 ps-5 text-sm text-ink-800">
        <li>{t('how.stepAsk')}</li>
        <li>{t('how.stepFile')}</li>
        <li>{t('how.stepAnswer')}</li>
      </ol>
    </section>
  )
}

export function ExpertDesk({
  first,
  files,
  canAsk,
}: {
  first: ExpertQuestionPage
  files: ExpertFileChoice[]
  canAsk: boolean
}) {
  const { t } = useTranslation('expert')
  const errorText = useErrorText()
  const [allowance, setAllowance] = useState(first.allowance)
  const [questions, setQuestions] = useState(first.rows)
  const [page, setPage] = useState({ page: first.page, hasMore: first.hasMore })
  const [listError, setListError] = useState<string | null>(null)
  const [isLoadingMore, setIsLoadingMore] = useState(false)

  const replace = useCallback(
    (question: ExpertQuestion) =>
      setQuestions((current) => current.map((row) => (row.id === question.id ? question : row))),
    [],
  )

  async function loadMore() {
    setIsLoadingMore(true)
    setListError(null)
    try {
      const next = await fetchMyQuestions(page.page + 1)
      setQuestions((current) => [
        ...current,
        ...next.rows.filter((row) => !current.some((known) => known.id === row.id)),
      ])
      setPage({ page: next.page, hasMore: next.hasMore })
      setAllowance(next.allowance)
    } catch (error) {
      setListError(errorText(error))
    } finally {
      setIsLoadingMore(false)
    }
  }

  async function refreshAllowance() {
    try {
      setAllowance((await fetchMyQuestions(1)).allowance)
    } catch {
      // The list stays as it is; the next visit shows the allowance again.
    }
  }

  return (
    <div className="flex flex-col gap-6">
      {canAsk ? <AllowancePanel allowance={allowance} /> : null}
      {canAsk ? (
        <AskForm
          allowance={allowance}
          files={files}
          onAsked={(answer) => {
            setQuestions((current) => [answer.question, ...current])
            setAllowance(answer.allowance)
          }}
        />
      ) : null}
      <section aria-labelledby="expert-questions" className="flex flex-col gap-3">
        <h2 id="expert-questions" className="text-xl font-semibold text-ink-950">
          {t('list.title')}
        </h2>
        {questions.length === 0 ? (
          <>
            <EmptyState title={t('list.empty')} description={t('list.emptyText')} />
            <HowItWorks />
          </>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="expert-questions">
            {questions.map((question) => (
              <li key={question.id}>
                <QuestionCard
                  question={question}
                  onChanged={(changed) => {
                    replace(changed)
                    if (changed.state === 'withdrawn') void refreshAllowance()
                  }}
                />
              </li>
            ))}
          </ul>
        )}
        {listError ? (
          <p role="alert" className="text-sm text-loss">
            {listError}
          </p>
        ) : null}
        {page.hasMore ? (
          <div>
            <Button variant="secondary" onClick={() => void loadMore()} isLoading={isLoadingMore}>
              {t('list.more')}
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  )
}

function AllowancePanel({ allowance }: { allowance: ExpertAllowance }) {
  const { t } = useTranslation(['expert', 'plans'])
  const format = useFormats()
  const date = format.day(allowance.renewsOn)
  return (
    <Card className="flex flex-col gap-2" data-testid="expert-allowance">
      <h2 className="text-lg font-semibold text-ink-950">{t('allowance.title')}</h2>
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-2xl font-bold text-ink-950">
          {t('allowance.usedOf', { used: allowance.used, total: allowance.total })}
        </span>
        <span className="text-sm text-ink-800">{t('allowance.left', { count: allowance.left })}</span>
      </p>
      {allowance.left > 0 ? (
        <p className="text-sm text-ink-800">{t('allowance.renewsOn', { date })}</p>
      ) : (
        <UsedUp allowance={allowance} />
      )}
    </Card>
  )
}

/** No question left this month: when they renew, and the tier with more, if any. */
function UsedUp({ allowance }: { allowance: ExpertAllowance }) {
  const { t } = useTranslation(['expert', 'plans'])
  const format = useFormats()
  const date = format.day(allowance.renewsOn)
  const tier = allowance.moreWith ? t(`plans:subscribe.tiers.${allowance.moreWith}`) : null
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between" role="status">
      <p className="text-sm text-ink-900">
        {tier ? t('allowance.usedUpUpgrade', { date, tier }) : t('allowance.usedUp', { date })}
      </p>
      {allowance.moreWith ? (
        <PageLink to={`/subscribe?tier=${allowance.moreWith}`} className={buttonClassName('primary')}>
          {t('allowance.upgrade', { tier })}
        </PageLink>
      ) : null}
    </div>
  )
}

function AskForm({
  allowance,
  files,
  onAsked,
}: {
  allowance: ExpertAllowance
  files: ExpertFileChoice[]
  onAsked(answer: { question: ExpertQuestion; allowance: ExpertAllowance }): void
}) {
  const { t, i18n } = useTranslation(['expert', 'errors'])
  const errorText = useErrorText()
  const questionId = useId()
  const fileId = useId()
  const messageId = useId()
  const [stock, setStock] = useState<PickedStock | null>(null)
  const [stockText, setStockText] = useState('')
  const [text, setText] = useState('')
  const [file, setFile] = useState('')
  const [errors, setErrors] = useState<{ stock?: string; question?: string; form?: string }>({})
  const [usedUp, setUsedUp] = useState<ExpertAllowance | null>(null)
  const [notice, setNotice] = useState('')
  const [isSending, setIsSending] = useState(false)
  const isZh = i18n.language === 'zh-Hant'

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setNotice('')
    setUsedUp(null)
    const trimmed = text.trim()
    const found: typeof errors = {}
    if (!stock) found.stock = t('form.chooseStock')
    if (trimmed.length < expertQuestionMinLength)
      found.question = t(`errors:${ExpertErrorCode.questionTooShort}`)
    else if (trimmed.length > expertQuestionMaxLength)
      found.question = t(`errors:${ExpertErrorCode.questionTooLong}`)
    setErrors(found)
    if (!stock || found.question) return
    setIsSending(true)
    try {
      const answer = await askExpert({
        market: stock.market,
        code: stock.code,
        question: trimmed,
        fileId: file || null,
      })
      onAsked(answer)
      setStock(null)
      setText('')
      setFile('')
      setNotice(t('form.sent'))
    } catch (error) {
      const code = error instanceof ApiError ? error.code : ''
      if (code === ExpertErrorCode.allowanceUsed || code === ExpertErrorCode.allowanceUsedUpgrade)
        setUsedUp({ ...allowance, left: 0 })
      else if (code === ExpertErrorCode.questionTooShort || code === ExpertErrorCode.questionTooLong)
        setErrors({ question: errorText(error) })
      else if (code === ExpertErrorCode.stockNotFound) setErrors({ stock: errorText(error) })
      else setErrors({ form: errorText(error) })
    } finally {
      setIsSending(false)
    }
  }

  const isUsedUp = allowance.left <= 0
  return (
    <Card>
      <form
        aria-labelledby="expert-ask"
        className="flex flex-col gap-4"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <h2 id="expert-ask" className="text-lg font-semibold text-ink-950">
          {t('form.title')}
        </h2>
        {stock ? (
          <div className="flex flex-col gap-1">
            <p className="text-sm font-medium text-ink-800">{t('form.chosen')}</p>
            <div className="flex flex-wrap items-center gap-3">
              <span className="font-semibold text-ink-950" data-testid="expert-chosen-stock">
                {isZh ? stock.nameZh : stock.nameEn} · {stock.code}
              </span>
              <Button variant="ghost" size="sm" onClick={() => setStock(null)}>
                {t('form.change')}
              </Button>
            </div>
          </div>
        ) : (
          <StockCombobox
            label={t('form.stock')}
            text={stockText}
            onTextChange={setStockText}
            onChoose={(row) => {
              setStockText('')
              setStock({ market: row.market, code: row.code, nameEn: row.nameEn, nameZh: row.nameZh })
              setErrors((current) => ({ ...current, stock: undefined }))
            }}
            placeholder={t('console:stockPicker.placeholder')}
            noneText={t('console:stockPicker.none')}
            error={errors.stock}
          />
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor={questionId} className="text-sm font-medium text-ink-800">
            {t('form.question')}
          </label>
          <textarea
            id={questionId}
            rows={5}
            maxLength={expertQuestionMaxLength}
            value={text}
            onChange={(event) => {
              setText(event.target.value)
              if (errors.question) setErrors((current) => ({ ...current, question: undefined }))
            }}
            aria-invalid={errors.question ? true : undefined}
            aria-describedby={messageId}
            className={clsx(
              'w-full rounded-lg border bg-white px-3 py-2 text-base text-ink-900',
              errors.question ? 'border-loss' : 'border-ink-300 focus:border-brand-600',
            )}
          />
          {errors.question ? (
            <p id={messageId} role="alert" className="text-sm text-loss">
              {errors.question}
            </p>
          ) : (
            <p id={messageId} className="text-xs text-ink-700">
              {t('form.questionHint', { count: text.trim().length })}
            </p>
          )}
        </div>
        {files.length > 0 ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={fileId} className="text-sm font-medium text-ink-800">
              {t('form.file')}
            </label>
            <select
              id={fileId}
              value={file}
              onChange={(event) => setFile(event.target.value)}
              className="h-10 w-full rounded-lg border border-ink-300 bg-white px-3 text-sm text-ink-900 focus:border-brand-600"
            >
              <option value="">{t('form.noFile')}</option>
              {files.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name}
                </option>
              ))}
            </select>
            <p className="text-xs text-ink-700">{t('form.fileHint')}</p>
          </div>
        ) : (
          <p className="text-sm text-ink-700">
            {t('form.noFiles')}{' '}
            <PageLink to="/ai-qna" className="font-medium text-brand-700 underline underline-offset-2">
              {t('form.aiChat')}
            </PageLink>
          </p>
        )}
        {errors.form ? (
          <p role="alert" className="rounded-lg border border-loss px-3 py-2 text-sm text-loss">
            {errors.form}
          </p>
        ) : null}
        {usedUp ? <UsedUp allowance={usedUp} /> : null}
        {notice ? (
          <p role="status" className="text-sm font-medium text-ink-900">
            {notice}
          </p>
        ) : null}
        <div>
          <Button type="submit" isLoading={isSending} disabled={isUsedUp}>
            {t('form.submit')}
          </Button>
        </div>
      </form>
    </Card>
  )
}

function QuestionCard({
  question,
  onChanged,
}: {
  question: ExpertQuestion
  onChanged(question: ExpertQuestion): void
}) {
  const { t, i18n } = useTranslation('expert')
  const format = useFormats()
  const errorText = useErrorText()
  const { refreshMemberInfo } = useAccount()
  const [isOpen, setIsOpen] = useState(false)
  const [isBusy, setIsBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const answerId = useId()
  const name = i18n.language === 'zh-Hant' ? question.stock.nameZh : question.stock.nameEn

  async function toggleAnswer() {
    setError(null)
    if (isOpen) {
      setIsOpen(false)
      return
    }
    setIsOpen(true)
    if (!question.isNew) return
    try {
      // Opening it marks it seen; the header's notice is asked again.
      onChanged(await openQuestion(question.id))
      refreshMemberInfo()
    } catch (failure) {
      setError(errorText(failure))
    }
  }

  async function withdraw() {
    setError(null)
    setIsBusy(true)
    try {
      onChanged(await withdrawQuestion(question.id))
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setIsBusy(false)
    }
  }

  const stateTone =
    question.state === 'answered' ? 'gain' : question.state === 'waiting' ? 'brand' : 'neutral'
  return (
    <Card className="flex flex-col gap-3" data-testid="expert-question">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-ink-950">
          {name} · {question.stock.code}
        </h3>
        <div className="flex flex-wrap gap-2">
          {question.isNew ? <Badge tone="warn">{t('list.new')}</Badge> : null}
          <Badge tone={stateTone}>{t(`list.states.${question.state}`)}</Badge>
        </div>
      </div>
      <p className="text-xs text-ink-700">{t('list.askedAt', { time: format.time(question.askedAt) })}</p>
      <p className="whitespace-pre-wrap break-words text-sm text-ink-900">{question.question}</p>
      {question.fileName ? (
        <p className="flex items-center gap-1 text-sm text-ink-800">
          <Paperclip className="size-4 shrink-0" aria-hidden="true" />
          <span className="break-all">{t('list.file', { name: question.fileName })}</span>
        </p>
      ) : null}
      {question.state === 'withdrawn' ? <p className="text-sm text-ink-700">{t('list.withdrawn')}</p> : null}
      <div className="flex flex-wrap items-center gap-2">
        {question.state === 'answered' ? (
          <Button
            variant={question.isNew ? 'primary' : 'secondary'}
            size="sm"
            aria-expanded={isOpen}
            aria-controls={answerId}
            onClick={() => void toggleAnswer()}
            onPointerEnter={preloadMarkdown}
            onFocus={preloadMarkdown}
          >
            <MessageSquareText className="size-4" aria-hidden="true" />
            {isOpen ? t('list.hideAnswer') : t('list.readAnswer')}
          </Button>
        ) : null}
        {question.state === 'waiting' ? (
          <Button variant="secondary" size="sm" isLoading={isBusy} onClick={() => void withdraw()}>
            {t('list.withdraw')}
          </Button>
        ) : null}
        <PageLink
          to={diagnosisHref(question.stock.code, question.stock.market)}
          className="text-sm font-medium text-brand-700 underline underline-offset-2"
        >
          {t('list.diagnosis')}
        </PageLink>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-loss">
          {error}
        </p>
      ) : null}
      {question.state === 'answered' && isOpen ? (
        <div
          id={answerId}
          className="flex flex-col gap-2 border-t border-ink-100 pt-3"
          data-testid="expert-answer"
        >
          <div className="text-sm text-ink-900">
            <AnswerText text={question.answer ?? ''} />
          </div>
          <p className="text-xs text-ink-700">
            {t('list.answeredBy', {
              name: question.answeredBy ?? t('list.anAnalyst'),
              time: question.answeredAt ? format.time(question.answeredAt) : '',
            })}
          </p>
        </div>
      ) : null}
    </Card>
  )
}
