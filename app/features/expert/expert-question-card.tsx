/**
 * One of the reader's questions to an analyst: the stock, the question and its file, its state, and the answer —
 * drawn with the chat's Markdown renderer, which builds React elements and never HTML. Opening a new answer marks
 * it seen and asks the header again, so its notice goes; a waiting question can be withdrawn.
 */

import { __iconData as messageSquareTextShape } from 'lucide-react/icons/message-square-text'
import { __iconData as paperclipShape } from 'lucide-react/icons/paperclip'
import { useId, useState } from 'react'
import { Badge } from '#app/components/badge.tsx'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { useAccount } from '#app/features/account/account-provider.tsx'
import { AnswerText, preloadMarkdown } from '#app/features/chat/answer-text.tsx'
import { diagnosisHref } from '#app/features/stocks/diagnosis-href.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { ExpertQuestion } from '#contracts/expert-rules.ts'
import { openQuestion, withdrawQuestion } from './expert-api.ts'
import { useErrorText, useFormats } from './expert-format.ts'

const MessageSquareText = outlineIcon(messageSquareTextShape)
const Paperclip = outlineIcon(paperclipShape)

export function QuestionCard({
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
