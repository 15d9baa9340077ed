/**
 * Choosing a company of our universe in the console (a pick's stock, an article's related stocks): an ARIA
 * combobox over the stock search the diagnosis input uses (`/bizStockScore/listStockAI?q=`, code or name in either
 * language), narrowed to one market when the form has chosen it. Only a suggestion can be chosen, so the form sends
 * codes the universe has (the API checks again).
 */
import { clsx } from 'clsx'
import { type KeyboardEvent, useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, dataOf } from '#app/api/api-client.ts'
import type { Market } from '#contracts/regions.ts'
import type { AiScoreListAnswer, AiScoreRow } from '#contracts/stock-lists.ts'
import { stockQueryMaxLength, stockSuggestionsMax } from '#contracts/stock-rules.ts'

/** Long enough not to ask on every keystroke (the search is rate-limited per address). */
const searchDelayMs = 250

export interface PickedStock {
  market: Market
  code: string
  nameEn: string
  nameZh: string
}

export function StockPicker({
  label,
  market,
  onPick,
  error,
}: {
  label: string
  /** Only this market's companies; all markets when absent. */
  market?: Market | undefined
  onPick(stock: PickedStock): void
  error?: string | undefined
}) {
  const { t } = useTranslation('console')
  const inputId = useId()
  const listId = useId()
  const messageId = useId()
  const [text, setText] = useState('')
  const [rows, setRows] = useState<AiScoreRow[]>([])
  const [isOpen, setIsOpen] = useState(false)
  const [active, setActive] = useState(-1)

  useEffect(() => {
    const q = text.trim()
    if (!q) {
      setRows([])
      return
    }
    const controller = new AbortController()
    const timer = window.setTimeout(() => {
      api
        .get<AiScoreListAnswer>(
          '/bizStockScore/listStockAI',
          { q: q.slice(0, stockQueryMaxLength), market: market ?? null, pageSize: stockSuggestionsMax },
          controller.signal,
        )
        .then((envelope) => {
          setRows(dataOf(envelope).rows)
          setActive(-1)
          setIsOpen(true)
        })
        .catch(() => {
          if (!controller.signal.aborted) setRows([])
        })
    }, searchDelayMs)
    return () => {
      controller.abort()
      window.clearTimeout(timer)
    }
  }, [text, market])

  function choose(row: AiScoreRow) {
    onPick({ market: row.market, code: row.code, nameEn: row.nameEn, nameZh: row.nameZh })
    setText('')
    setRows([])
    setIsOpen(false)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = rows.length
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      setIsOpen(count > 0)
      setActive((index) => (count === 0 ? -1 : (index + 1) % count))
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((index) => (count === 0 ? -1 : index <= 0 ? count - 1 : index - 1))
    } else if (event.key === 'Enter') {
      // Enter chooses the highlighted suggestion (or the only one), never submits the surrounding form.
      event.preventDefault()
      const row = rows[active >= 0 ? active : count === 1 ? 0 : -1]
      if (isOpen && row) choose(row)
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault()
      setIsOpen(false)
    }
  }

  const showList = isOpen && text.trim().length > 0
  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-ink-800">
        {label}
      </label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        maxLength={stockQueryMaxLength}
        placeholder={t('stockPicker.placeholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => window.setTimeout(() => setIsOpen(false), 150)}
        onFocus={() => setIsOpen(rows.length > 0)}
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        className={clsx(
          'h-10 w-full rounded-lg border bg-white px-3 text-sm text-ink-900 placeholder:text-ink-500',
          error ? 'border-loss' : 'border-ink-300 focus:border-brand-600',
        )}
      />
      {error ? (
        <p id={messageId} role="alert" className="text-sm text-loss">
          {error}
        </p>
      ) : null}
      <div
        hidden={!showList}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-y-auto rounded-lg border border-ink-100 bg-white py-1 shadow-lg"
      >
        {rows.length === 0 ? <p className="px-3 py-2 text-sm text-ink-700">{t('stockPicker.none')}</p> : null}
        <div id={listId} role="listbox" aria-label={label}>
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
              <span className="min-w-0 truncate text-ink-900">
                {row.nameEn}
                <span className="text-ink-700"> · {row.nameZh}</span>
              </span>
              <span className="shrink-0 text-xs font-semibold text-ink-700">
                {row.code} · {row.market.toUpperCase()}
              </span>
            </div>
          ))}
        </div>
      </div>
    </div>
  )
}
