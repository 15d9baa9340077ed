/**
 * The diagnosis input: a plain GET form (`?code=…`) that works without JavaScript, enhanced into the stock combobox
 * (stock-combobox.tsx) that suggests stocks by code or name in either language as the reader types. Choosing a
 * suggestion opens its diagnosis; Enter without one submits the text. An empty submit says 'Please enter your
 * query' without leaving the page.
 */

import { __iconData as searchShape } from 'lucide-react/icons/search'
import { type FormEvent, useEffect, useState } from 'react'
import { Form, useNavigate } from 'react-router'
import { Button } from '#app/components/button.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { ensureErrorMessages } from '#app/i18n/browser-catalogs.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { StockErrorCode } from '#contracts/stock-rules.ts'
import { diagnosisHref } from './diagnosis-href.ts'
import { StockCombobox } from './stock-combobox.tsx'
import { StockOption } from './stock-option.tsx'

const Search = outlineIcon(searchShape)

export function StockSearch({
  defaultQuery,
  isBusy,
  autoFocus,
}: {
  defaultQuery: string
  isBusy: boolean
  autoFocus?: boolean
}) {
  const { t } = useTranslation('stocks')
  const navigate = useNavigate()
  const [text, setText] = useState(defaultQuery)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    setText(defaultQuery)
  }, [defaultQuery])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!text.trim()) {
      event.preventDefault()
      // The error messages are fetched on demand: say it once they are there, never as a bare code.
      void ensureErrorMessages().then(() => setError(t(`errors:${StockErrorCode.queryEmpty}`)))
      return
    }
    setError(null)
  }

  return (
    <Form
      method="get"
      action="/ai-stock-diagnosis"
      onSubmit={onSubmit}
      noValidate
      role="search"
      aria-label={t('search.label')}
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
    >
      <StockCombobox
        className="flex-1"
        label={t('search.label')}
        isLabelHidden
        name="code"
        inputClassName="h-12 ps-10 pe-3 text-base"
        popupClassName="max-h-96"
        icon={
          <Search
            className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-ink-500"
            aria-hidden="true"
          />
        }
        text={text}
        onTextChange={(value) => {
          setText(value)
          if (error) setError(null)
        }}
        onChoose={(row) => {
          setText(row.code)
          navigate(diagnosisHref(row.code, row.market))
        }}
        isSubmittedByEnter
        placeholder={t('search.placeholder')}
        noneText={t('search.noSuggestions')}
        listLabel={t('search.suggestions')}
        countText={(count) => t('search.count', { count })}
        error={error}
        autoFocus={autoFocus}
        renderOption={(row) => <StockOption row={row} />}
      />
      <Button type="submit" size="lg" isLoading={isBusy}>
        {t('search.submit')}
      </Button>
    </Form>
  )
}
