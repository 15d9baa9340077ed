/**
 * The form that asks an analyst about a stock: the stock chosen from our universe with the site's stock combobox,
 * the question (checked for length before sending), and optionally one of the reader's read chat uploads. Running
 * out of questions says when they renew and which tier has more.
 */
import { clsx } from 'clsx'
import { type FormEvent, useId, useState } from 'react'
import { ApiError } from '#app/api/api-client.ts'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { type PickedStock, StockCombobox } from '#app/features/stocks/stock-combobox.tsx'
import { ensureErrorMessages } from '#app/i18n/browser-catalogs.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import {
  type ExpertAllowance,
  ExpertErrorCode,
  type ExpertFileChoice,
  type ExpertQuestion,
  expertQuestionMaxLength,
  expertQuestionMinLength,
} from '#contracts/expert-rules.ts'
import { UsedUp } from './expert-allowance.tsx'
import { askExpert } from './expert-api.ts'
import { useErrorText } from './expert-format.ts'

export function AskForm({
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
    const questionError =
      trimmed.length < expertQuestionMinLength
        ? ExpertErrorCode.questionTooShort
        : trimmed.length > expertQuestionMaxLength
          ? ExpertErrorCode.questionTooLong
          : null
    if (questionError) {
      await ensureErrorMessages()
      found.question = t(`errors:${questionError}`)
    }
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
              setStock(row)
              setErrors((current) => ({ ...current, stock: undefined }))
            }}
            placeholder={t('stocks:stockPicker.placeholder')}
            noneText={t('stocks:stockPicker.none')}
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
