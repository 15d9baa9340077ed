/**
 * The reader's side of expert diagnosis (/member/expert): this month's allowance (expert-allowance.tsx), the form
 * that asks an analyst about a stock (expert-ask-form.tsx), and their questions with the answers
 * (expert-question-card.tsx), a page at a time. Every refusal is said in the reader's language.
 */
import { useCallback, useState } from 'react'
import { Button } from '#app/components/button.tsx'
import { EmptyState } from '#app/components/empty-state.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { ExpertFileChoice, ExpertQuestion, ExpertQuestionPage } from '#contracts/expert-rules.ts'
import { AllowancePanel } from './expert-allowance.tsx'
import { fetchMyQuestions } from './expert-api.ts'
import { AskForm } from './expert-ask-form.tsx'
import { useErrorText } from './expert-format.ts'
import { QuestionCard } from './expert-question-card.tsx'

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
