/**
 * The header search box (spec §4, §5), an ARIA combobox. Focus with no text shows the saved searches (a listbox),
 * each with a delete button, and a clear-all button; typing shows the stocks the text names (each opens its AI
 * diagnosis, with its follow control beside it), article suggestions and tag chips, at most 10 rows, as a grid
 * (ARIA 1.2 combobox with a `grid` popup: an option cannot hold a second control): Up/Down walk the rows in that
 * order, Left/Right move between a stock's cell and its follow cell, Enter activates the cell (opens the choice or
 * toggles the follow; without a row, searches the text), Escape closes; leaving the box closes it. Enter or the button saves the
 * term and opens /search/{term}; an empty search says 'Please enter search content'. At most 100 characters.
 * What the popup lists is drawn by search-popup.tsx, fetched when the box is first focused or pointed at (ADR 0011);
 * until it has arrived the popup stays closed.
 */
import { clsx } from 'clsx'
import { __iconData as searchShape } from 'lucide-react/icons/search'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { outlineIcon } from '#app/components/icons.tsx'
import { onDemand, useOnDemand } from '#app/components/on-demand.ts'
import { toast } from '#app/components/toaster.tsx'
import { diagnosisPath, searchPath } from '#app/features/articles/article-paths.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { searchTextMaxLength } from '#contracts/article-limits.ts'
import type { NamedStock } from '#contracts/articles.ts'
import { addToHistory, readSearchHistory, removeFromHistory, writeSearchHistory } from './search-history.ts'
import { useSearchSuggestions } from './use-search-suggestions.ts'

const Search = outlineIcon(searchShape)

const searchPopup = onDemand(() => import('./search-popup.tsx'))

export type SearchOption =
  | { type: 'history'; term: string }
  | { type: 'stock'; stock: NamedStock }
  | { type: 'article'; articleId: number; title: string }
  | { type: 'tag'; key: string; text: string }

/** Up and Down walk the options and, past either end, back to the text itself (-1). */
export function nextActiveIndex(current: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1
  const next = current + step
  if (next < -1) return count - 1
  if (next >= count) return -1
  return next
}

export function SearchBox({ className }: { className?: string }) {
  const { t } = useTranslation('search')
  const navigate = useNavigate()
  const location = useLocation()
  const inputRef = useRef<HTMLInputElement>(null)
  const baseId = useId()
  const listboxId = `${baseId}-listbox`
  const instructionsId = `${baseId}-instructions`
  const [text, setText] = useState('')
  const [isOpen, setIsOpen] = useState(false)
  const [history, setHistory] = useState<string[]>([])
  const [activeIndex, setActiveIndex] = useState(-1)
  // Suggestions exist only once the page is hydrated, so the keys that move through them are described from then:
  // the sentence would otherwise weigh on every page's first HTML (the diagnosis keeps within 100 KB).
  const [isHydrated, setIsHydrated] = useState(false)
  useEffect(() => setIsHydrated(true), [])
  // The cell of the active suggestion: 0 the suggestion itself, 1 a stock's follow control (Left and Right); read
  // only while a suggestion is active, and back to 0 with every Up or Down.
  const [activeColumn, setActiveColumn] = useState(0)
  const suggestions = useSearchSuggestions(text, isOpen)
  const popup = useOnDemand(searchPopup)
  const term = text.trim()
  const isHistoryMode = term === ''

  const options: SearchOption[] = isHistoryMode
    ? history.map((entry) => ({ type: 'history', term: entry }))
    : [
        ...suggestions.stocks.map((stock) => ({ type: 'stock' as const, stock })),
        ...suggestions.rows.map((row) => ({
          type: 'article' as const,
          articleId: row.articleId,
          title: row.title,
        })),
        ...suggestions.tags.map((tag) => ({ type: 'tag' as const, key: tag.k, text: tag.v })),
      ]
  const hasPopup = isOpen && popup !== undefined && (isHistoryMode ? history.length > 0 : true)
  const optionId = (index: number) => `${baseId}-option-${index}`
  // The follow cell's button is `<option id>-follow` (search-popup.tsx).
  const activeCellId =
    activeIndex < 0 ? undefined : `${optionId(activeIndex)}${activeColumn ? '-follow' : ''}`

  // Every navigation closes the box: the reader has gone where they chose.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    setIsOpen(false)
    setActiveIndex(-1)
  }, [location.key])

  const close = () => {
    setIsOpen(false)
    setActiveIndex(-1)
  }

  const openBox = () => {
    searchPopup.preload()
    setHistory(readSearchHistory())
    setIsOpen(true)
  }

  const saveAndSearch = (value: string) => {
    const searched = value.trim()
    if (!searched) {
      toast.warning(t('empty'))
      inputRef.current?.focus()
      return
    }
    const next = addToHistory(readSearchHistory(), searched)
    writeSearchHistory(next)
    setHistory(next)
    setText(searched)
    close()
    inputRef.current?.blur()
    navigate(searchPath(searched))
  }

  const choose = (option: SearchOption) => {
    if (option.type === 'history') {
      saveAndSearch(option.term)
      return
    }
    close()
    inputRef.current?.blur()
    if (option.type === 'stock') navigate(diagnosisPath(option.stock))
    else if (option.type === 'article') navigate(`/articles/${option.articleId}`)
    else navigate(searchPath(term || option.text, option.key))
  }

  const forget = (entry: string) => {
    const next = removeFromHistory(history, entry)
    writeSearchHistory(next)
    setHistory(next)
    setActiveIndex(-1)
  }

  const forgetAll = () => {
    writeSearchHistory([])
    setHistory([])
    setActiveIndex(-1)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!isOpen) {
        openBox()
        return
      }
      if (options.length === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActiveIndex(nextActiveIndex(activeIndex, step, options.length))
      setActiveColumn(0)
      return
    }
    // The suggestions grid's own keys (Left/Right between a row's cells, Enter on a follow cell): search-popup.tsx.
    const column =
      isOpen && popup && !isHistoryMode
        ? popup.gridKey(event.key, options[activeIndex], activeColumn, optionId(activeIndex))
        : null
    if (column !== null) {
      event.preventDefault()
      setActiveColumn(column)
      return
    }
    if (event.key === 'Enter' && isOpen && activeIndex >= 0 && options[activeIndex]) {
      event.preventDefault()
      choose(options[activeIndex])
      return
    }
    if (event.key === 'Escape') {
      if (isOpen) {
        event.preventDefault()
        close()
      } else if (text) {
        setText('')
      }
    }
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search is the search landmark every reader supports
    <form
      role="search"
      aria-label={t('label')}
      className={clsx('relative w-full', className)}
      onSubmit={(event) => {
        event.preventDefault()
        saveAndSearch(text)
      }}
    >
      <label htmlFor={`${baseId}-input`} className="sr-only">
        {t('label')}
      </label>
      {isHydrated ? (
        <p id={instructionsId} className="sr-only">
          {t('instructions')}
        </p>
      ) : null}
      <div className="flex h-10 items-center rounded-lg border border-ink-300 bg-white focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-100">
        <input
          ref={inputRef}
          id={`${baseId}-input`}
          type="search"
          role="combobox"
          aria-expanded={hasPopup}
          aria-controls={listboxId}
          aria-haspopup={isHistoryMode ? 'listbox' : 'grid'}
          aria-autocomplete="list"
          aria-describedby={isHydrated ? instructionsId : undefined}
          aria-activedescendant={hasPopup ? activeCellId : undefined}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={searchTextMaxLength}
          placeholder={t('placeholder')}
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setActiveIndex(-1)
            if (!isOpen) openBox()
          }}
          onFocus={openBox}
          onPointerEnter={searchPopup.preload}
          onBlur={close}
          onKeyDown={onKeyDown}
          className="h-full min-w-0 flex-1 rounded-l-lg bg-transparent px-3 text-sm text-ink-900 outline-none placeholder:text-ink-500 [&::-webkit-search-cancel-button]:hidden"
        />
        <button
          type="submit"
          className="inline-flex h-full shrink-0 items-center justify-center rounded-r-lg px-3 text-ink-700 hover:text-brand-700"
          aria-label={t('submit')}
        >
          <Search className="size-4" aria-hidden="true" />
        </button>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: mouse-down only keeps the focus in the box; the keyboard never leaves it */}
      <div
        hidden={!hasPopup}
        data-testid="search-popup"
        // Clicks inside keep the focus in the box, so choosing or deleting does not close it first.
        onMouseDown={(event) => event.preventDefault()}
        className="absolute top-full right-0 left-0 z-40 mt-2 min-w-72 rounded-card border border-ink-100 bg-white p-2 shadow-xl max-lg:fixed max-lg:inset-x-2 max-lg:top-16"
      >
        {popup ? (
          <popup.SearchPopupContent
            isHistoryMode={isHistoryMode}
            options={options}
            history={history}
            activeIndex={activeIndex}
            activeColumn={activeColumn}
            isLoading={suggestions.isLoading}
            baseId={baseId}
            listboxId={listboxId}
            optionId={optionId}
            onChoose={choose}
            onForget={forget}
            onForgetAll={forgetAll}
          />
        ) : null}
        <p className="sr-only" role="status" aria-live="polite">
          {isHistoryMode || suggestions.isLoading ? '' : t('suggestions.count', { count: options.length })}
        </p>
      </div>
    </form>
  )
}
