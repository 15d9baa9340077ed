/**
 * The one stock combobox (the WAI-ARIA combobox pattern, with a listbox popup): a text box that suggests companies
 * of our universe by code or name in either language as the reader types (after a pause, at most 10 rows, the
 * earlier question cancelled), narrowed to one market when asked. The keyboard stays in the box: Down and Up move
 * through the suggestions (aria-activedescendant names the highlighted one), Enter chooses it, Escape closes the
 * list; a pointer chooses without taking the focus away. The diagnosis search (stock-search.tsx) and the forms that
 * pick a stock (stock-picker.tsx) are made of it, as the pages that watch, screen or compare stocks will be.
 *
 * It decides how suggestions are asked for and moved through; what a choice does (open a diagnosis, add a row),
 * the text in the box and the words it shows are the caller's. It is on the diagnosis page's first paint: keep it
 * small (scripts/js-budget.ts).
 */
import { clsx } from 'clsx'
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { api, dataOf } from '#app/api/api-client.ts'
import { suggestionDelayMs } from '#app/features/search/suggestion-pause.ts'
import type { Market } from '#contracts/regions.ts'
import type { AiScoreListAnswer, AiScoreRow } from '#contracts/stock-lists.ts'
import { stockQueryMaxLength, stockSuggestionsMax } from '#contracts/stock-rules.ts'

/** Suggestions for `text` (in `market` when given) from the AI-score list's search; [] for blank text. */
export async function fetchStockSuggestions(
  text: string,
  market?: Market,
  signal?: AbortSignal,
): Promise<AiScoreRow[]> {
  const q = text.trim()
  if (!q) return []
  const envelope = await api.get<AiScoreListAnswer>(
    '/bizStockScore/listStockAI',
    { q: q.slice(0, stockQueryMaxLength), market, pageSize: stockSuggestionsMax },
    signal,
  )
  return dataOf(envelope).rows.slice(0, stockSuggestionsMax)
}

/** The suggestion highlighted after `key` (ArrowDown, ArrowUp) from `active` among `count`; -1 for none. */
export function nextActiveOf(key: 'ArrowDown' | 'ArrowUp', active: number, count: number): number {
  if (count === 0) return -1
  if (key === 'ArrowDown') return (active + 1) % count
  return active <= 0 ? count - 1 : active - 1
}

/** A stock chosen in a form: what it sends (market, code) and the names it shows. */
export interface PickedStock {
  market: Market
  code: string
  nameEn: string
  nameZh: string
}

export interface StockComboboxProps {
  label: string
  /** The label for screen readers only (the page says what the box is for). */
  isLabelHidden?: boolean
  /** The text in the box, kept by the caller (a page may set it: the query it shows). */
  text: string
  onTextChange(text: string): void
  /** Only this market's companies; all markets when absent. */
  market?: Market | undefined
  onChoose(row: AiScoreRow): void
  /**
   * Enter with no suggestion highlighted submits the surrounding form (a search box). Otherwise Enter never submits
   * it, and chooses the only suggestion when there is one.
   */
  isSubmittedByEnter?: boolean
  placeholder: string
  /** Said in the popup when nothing matches. */
  noneText: string
  /** The listbox's name; the label's when absent. */
  listLabel?: string
  /** Read out as the suggestions arrive (how many), when given. */
  countText?(count: number): string
  error?: string | null | undefined
  /** The form field's name, for a box a plain form submits. */
  name?: string
  autoFocus?: boolean
  /** Drawn at the box's start (a search glass; `inputClassName` leaves it room). */
  icon?: ReactNode
  className?: string
  /** The box's height, padding and text size. */
  inputClassName?: string
  /** The popup's highest extent. */
  popupClassName?: string
  /** A suggestion's content; by default both names on one line (stock-option.tsx has the search's). */
  renderOption?(row: AiScoreRow): ReactNode
}

export function StockCombobox({
  label,
  isLabelHidden = false,
  text,
  onTextChange,
  market,
  onChoose,
  isSubmittedByEnter = false,
  placeholder,
  noneText,
  listLabel = label,
  countText,
  error,
  name,
  autoFocus,
  icon,
  className,
  inputClassName = 'h-10 px-3 text-sm',
  popupClassName = 'max-h-80',
  renderOption = (row) => <StockNamesOption row={row} />,
}: StockComboboxProps) {
  const inputId = useId()
  const listId = useId()
  const errorId = useId()
  const [rows, setRows] = useState<AiScoreRow[]>([])
  const [isOpen, setIsOpen] = useState(false)
  const [active, setActive] = useState(-1)
  // Suggestions answer what the reader typed, not text the page put in the box.
  const isTyped = useRef(false)
  // Calls off the question being asked (waiting for the pause, or on its way).
  const cancelQuestion = useRef<() => void>(() => undefined)

  useEffect(() => {
    if (!text.trim()) {
      setRows([])
      setIsOpen(false)
      return
    }
    if (!isTyped.current) return
    const controller = new AbortController()
    const timer = window.setTimeout(() => {
      fetchStockSuggestions(text, market, controller.signal)
        .then((found) => {
          setRows(found)
          setActive(-1)
          setIsOpen(true)
        })
        .catch(() => {
          // Suggestions are a convenience: on failure the reader can still type (and a search submit).
          if (!controller.signal.aborted) setRows([])
        })
    }, suggestionDelayMs)
    const cancel = () => {
      controller.abort()
      window.clearTimeout(timer)
    }
    cancelQuestion.current = cancel
    return cancel
  }, [text, market])

  function choose(row: AiScoreRow) {
    isTyped.current = false
    cancelQuestion.current()
    setIsOpen(false)
    onChoose(row)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = rows.length
    const highlighted = isOpen ? rows[active] : undefined
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (event.key === 'ArrowDown' && !isOpen && count > 0) setIsOpen(true)
      setActive((index) => nextActiveOf(event.key as 'ArrowDown', index, count))
    } else if (event.key === 'Enter') {
      if (highlighted) {
        event.preventDefault()
        choose(highlighted)
      } else if (isSubmittedByEnter) {
        // The form goes with the text as it is: suggestions for it would open over what the submission shows, and
        // their request would share a slow connection with the submission's.
        isTyped.current = false
        cancelQuestion.current()
        setIsOpen(false)
      } else {
        event.preventDefault()
        if (isOpen && count === 1 && rows[0]) choose(rows[0])
      }
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault()
      setIsOpen(false)
      setActive(-1)
    }
  }

  const showList = isOpen && text.trim().length > 0
  return (
    <div className={clsx('relative flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className={isLabelHidden ? 'sr-only' : 'text-sm font-medium text-ink-800'}>
        {label}
      </label>
      {icon}
      <input
        id={inputId}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        maxLength={stockQueryMaxLength}
        placeholder={placeholder}
        value={text}
        // biome-ignore lint/a11y/noAutofocus: only the diagnosis page asks, which exists to take this box
        autoFocus={autoFocus}
        onChange={(event) => {
          isTyped.current = true
          onTextChange(event.target.value)
        }}
        onKeyDown={onKeyDown}
        onBlur={() => window.setTimeout(() => setIsOpen(false), 150)}
        onFocus={() => {
          if (rows.length > 0 && text.trim()) setIsOpen(true)
        }}
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={clsx(
          'w-full rounded-lg border bg-white text-ink-900 placeholder:text-ink-500',
          inputClassName,
          error ? 'border-loss' : 'border-ink-300 focus:border-brand-600',
        )}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-loss">
          {error}
        </p>
      ) : null}
      <div
        hidden={!showList}
        className={clsx(
          'absolute inset-x-0 top-full z-30 mt-1 overflow-y-auto rounded-lg border border-ink-100 bg-white py-1 shadow-lg',
          popupClassName,
        )}
      >
        {rows.length === 0 ? <p className="px-3 py-2 text-sm text-ink-700">{noneText}</p> : null}
        <div id={listId} role="listbox" aria-label={listLabel}>
          {rows.map((row, index) => (
            <div
              key={`${row.market}-${row.code}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              // The keyboard stays in the box (aria-activedescendant); the pointer must not take the focus away.
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => choose(row)}
              onKeyDown={() => undefined}
              className={clsx(
                'flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm',
                index === active ? 'bg-brand-100' : 'hover:bg-ink-50',
              )}
            >
              {renderOption(row)}
            </div>
          ))}
        </div>
      </div>
      {countText ? (
        <p className="sr-only" role="status" aria-live="polite">
          {showList ? countText(rows.length) : ''}
        </p>
      ) : null}
    </div>
  )
}

/** A suggestion on one line: both names (a form's choice is checked against either), then code · market. */
function StockNamesOption({ row }: { row: AiScoreRow }) {
  return (
    <>
      <span className="min-w-0 truncate text-ink-900">
        {row.nameEn}
        <span className="text-ink-700"> · {row.nameZh}</span>
      </span>
      <span className="shrink-0 text-xs font-semibold text-ink-700">
        {row.code} · {row.market.toUpperCase()}
      </span>
    </>
  )
}
