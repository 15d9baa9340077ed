/**
 * The diagnosis input: a plain GET form (`?code=…`) that works without JavaScript, enhanced into an ARIA combobox
 * that suggests stocks by code or name in either language as the reader types (debounced, at most 10 rows).
 * Arrow keys move through the suggestions, Enter picks one, Escape closes the list. An empty submit says
 * 'Please enter your query' without leaving the page.
 */
import { clsx } from 'clsx'
import { Search } from 'lucide-react'
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useNavigate } from 'react-router'
import { api, dataOf } from '#app/api/api-client.ts'
import { Button } from '#app/components/button.tsx'
import type { AiScoreListAnswer, AiScoreRow } from '#contracts/stock-lists.ts'
import { StockErrorCode, stockQueryMaxLength, stockSuggestionsMax } from '#contracts/stock-rules.ts'
import { diagnosisHref } from './diagnosis-href.ts'

export const suggestionDelayMs = 250

/** Suggestions for `text` from the AI-score list's search; [] for blank text. */
export async function fetchSuggestions(text: string, signal?: AbortSignal): Promise<AiScoreRow[]> {
  const q = text.trim()
  if (!q) return []
  const envelope = await api.get<AiScoreListAnswer>(
    '/bizStockScore/listStockAI',
    { q: q.slice(0, stockQueryMaxLength), pageSize: stockSuggestionsMax },
    signal,
  )
  return dataOf(envelope).rows.slice(0, stockSuggestionsMax)
}

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
  const listId = useId()
  const inputId = useId()
  const errorId = useId()
  const [text, setText] = useState(defaultQuery)
  const [rows, setRows] = useState<AiScoreRow[]>([])
  const [isOpen, setIsOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [error, setError] = useState<string | null>(null)
  const typed = useRef(false)

  useEffect(() => {
    setText(defaultQuery)
    setIsOpen(false)
  }, [defaultQuery])

  useEffect(() => {
    if (!typed.current) return
    const q = text.trim()
    if (!q) {
      setRows([])
      setIsOpen(false)
      return
    }
    const controller = new AbortController()
    const timer = window.setTimeout(() => {
      fetchSuggestions(q, controller.signal)
        .then((found) => {
          setRows(found)
          setActive(-1)
          setIsOpen(true)
        })
        .catch(() => {
          // Suggestions are a convenience: on failure the reader can still submit the text.
          if (!controller.signal.aborted) setRows([])
        })
    }, suggestionDelayMs)
    return () => {
      controller.abort()
      window.clearTimeout(timer)
    }
  }, [text])

  function choose(row: AiScoreRow) {
    setIsOpen(false)
    setText(row.code)
    typed.current = false
    navigate(diagnosisHref(row.code, row.market))
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = rows.length
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      if (!isOpen && count > 0) setIsOpen(true)
      setActive((i) => (count === 0 ? -1 : (i + 1) % count))
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((i) => (count === 0 ? -1 : i <= 0 ? count - 1 : i - 1))
    } else if (event.key === 'Enter' && isOpen && active >= 0 && rows[active]) {
      event.preventDefault()
      choose(rows[active])
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault()
      setIsOpen(false)
      setActive(-1)
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!text.trim()) {
      event.preventDefault()
      setError(t(`errors:${StockErrorCode.queryEmpty}`))
      return
    }
    setError(null)
    setIsOpen(false)
  }

  const showList = isOpen && text.trim().length > 0
  const activeId = active >= 0 ? `${listId}-${active}` : undefined

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
      <div className="relative flex-1">
        <label htmlFor={inputId} className="sr-only">
          {t('search.label')}
        </label>
        <Search
          className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-ink-500"
          aria-hidden="true"
        />
        <input
          id={inputId}
          name="code"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          maxLength={stockQueryMaxLength}
          placeholder={t('search.placeholder')}
          value={text}
          // biome-ignore lint/a11y/noAutofocus: the diagnosis page exists to take this input; focus is expected
          autoFocus={autoFocus}
          onChange={(event) => {
            typed.current = true
            setText(event.target.value)
            if (error) setError(null)
          }}
          onKeyDown={onKeyDown}
          onBlur={() => window.setTimeout(() => setIsOpen(false), 150)}
          onFocus={() => {
            if (rows.length > 0 && text.trim()) setIsOpen(true)
          }}
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList ? activeId : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={clsx(
            'h-12 w-full rounded-lg border bg-white ps-10 pe-3 text-base text-ink-900 placeholder:text-ink-500',
            error ? 'border-loss' : 'border-ink-300 focus:border-brand-600',
          )}
        />
        <div
          hidden={!showList}
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-96 overflow-y-auto rounded-lg border border-ink-100 bg-white py-1 shadow-lg"
        >
          {rows.length === 0 ? (
            <p className="px-3 py-2 text-sm text-ink-700">{t('search.noSuggestions')}</p>
          ) : null}
          <div id={listId} role="listbox" aria-label={t('search.suggestions')}>
            {rows.map((row, index) => (
              <div
                key={`${row.market}-${row.code}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                tabIndex={-1}
                // The keyboard stays in the input (aria-activedescendant); the pointer must not take the focus away.
                onPointerDown={(event) => event.preventDefault()}
                onClick={() => choose(row)}
                onKeyDown={() => undefined}
                className={clsx(
                  'flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm',
                  index === active ? 'bg-brand-100' : 'hover:bg-ink-50',
                )}
              >
                <span className="flex min-w-0 flex-col">
                  <span className="truncate font-medium text-ink-900">{row.name}</span>
                  <span className="truncate text-xs text-ink-700">
                    {row.name === row.nameEn ? row.nameZh : row.nameEn}
                    {row.matchedText && row.matchedText !== row.name && row.matchedText !== row.code
                      ? ` · ${row.matchedText}`
                      : ''}
                  </span>
                </span>
                <span className="shrink-0 text-xs font-semibold text-ink-700">
                  {row.code} · {t(`markets.${row.market}`)}
                </span>
              </div>
            ))}
          </div>
        </div>
        <p className="sr-only" role="status" aria-live="polite">
          {showList ? t('search.count', { count: rows.length }) : ''}
        </p>
        {error ? (
          <p id={errorId} role="alert" className="mt-1 text-sm text-loss">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" isLoading={isBusy}>
        {t('search.submit')}
      </Button>
    </Form>
  )
}
