/**
 * The header search box (spec §4, §5), an ARIA combobox. Focus with no text shows the saved searches, each with a
 * delete button, and a clear-all button; typing shows the stocks the text names (each opens its AI diagnosis),
 * article suggestions and tag chips, at most 10 rows; Up/Down walk all of them in that order, Enter opens the
 * choice (or searches the text), Escape closes; leaving the box closes it. Enter or the button saves the
 * term and opens /search/{term}; an empty search says 'Please enter search content'. At most 100 characters.
 */
import { clsx } from 'clsx'
import { Clock, Hash, Search, Sparkles, X } from 'lucide-react'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { toast } from '#app/components/toaster.tsx'
import { diagnosisPath, searchPath } from '#app/features/articles/article-paths.ts'
import { type NamedStock, searchTextMaxLength } from '#contracts/articles.ts'
import { addToHistory, readSearchHistory, removeFromHistory, writeSearchHistory } from './search-history.ts'
import { useSearchSuggestions } from './use-search-suggestions.ts'

type SearchOption =
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

const rowClass = 'flex h-10 cursor-pointer items-center gap-2 rounded-md px-3 text-sm text-ink-900'

export function SearchBox({ className }: { className?: string }) {
  const { t } = useTranslation(['search', 'stocks'])
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
  const suggestions = useSearchSuggestions(text, isOpen)
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
  const hasPopup = isOpen && (isHistoryMode ? history.length > 0 : true)
  const optionId = (index: number) => `${baseId}-option-${index}`

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
      setActiveIndex((current) => nextActiveIndex(current, step, options.length))
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

  const stockOptions = options.filter((option) => option.type === 'stock')
  const articleOptions = options.filter((option) => option.type === 'article')
  const tagOptions = options.filter((option) => option.type === 'tag')
  const indexOf = (option: SearchOption) => options.indexOf(option)

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
      <p id={instructionsId} className="sr-only">
        {t('instructions')}
      </p>
      <div className="flex h-10 items-center rounded-lg border border-ink-300 bg-white focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-100">
        <input
          ref={inputRef}
          id={`${baseId}-input`}
          type="search"
          role="combobox"
          aria-expanded={hasPopup}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-describedby={instructionsId}
          aria-activedescendant={hasPopup && activeIndex >= 0 ? optionId(activeIndex) : undefined}
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
        {isHistoryMode ? (
          <>
            <p
              id={`${baseId}-history`}
              className="px-3 pt-1 pb-2 text-xs font-semibold tracking-wide text-ink-700 uppercase"
            >
              {t('history.title')}
            </p>
            <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-1">
              <div id={listboxId} role="listbox" aria-labelledby={`${baseId}-history`}>
                {options.map((option, index) =>
                  option.type === 'history' ? (
                    <div
                      key={option.term}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === activeIndex}
                      tabIndex={-1}
                      onClick={() => choose(option)}
                      onKeyDown={() => undefined}
                      className={clsx(rowClass, index === activeIndex ? 'bg-ink-50' : 'hover:bg-ink-50')}
                    >
                      <Clock className="size-4 shrink-0 text-ink-500" aria-hidden="true" />
                      <span className="truncate">{option.term}</span>
                    </div>
                  ) : null,
                )}
              </div>
              <div className="flex flex-col">
                {history.map((entry) => (
                  <button
                    key={entry}
                    type="button"
                    tabIndex={-1}
                    aria-label={t('history.remove', { term: entry })}
                    onClick={() => forget(entry)}
                    className="inline-flex size-10 items-center justify-center rounded-md text-ink-500 hover:bg-ink-50 hover:text-loss"
                  >
                    <X className="size-4" aria-hidden="true" />
                  </button>
                ))}
              </div>
            </div>
            <div className="mt-1 border-t border-ink-100 pt-1">
              <button
                type="button"
                tabIndex={-1}
                onClick={forgetAll}
                className="w-full rounded-md px-3 py-2 text-left text-sm text-ink-700 hover:bg-ink-50 hover:text-loss"
              >
                {t('history.clear')}
              </button>
            </div>
          </>
        ) : (
          <div id={listboxId} role="listbox" aria-label={t('label')} className="flex flex-col gap-2">
            {stockOptions.length > 0 ? (
              // biome-ignore lint/a11y/useSemanticElements: an option group of a listbox; a fieldset is not one
              <div role="group" aria-label={t('suggestions.stocks')}>
                <p
                  aria-hidden="true"
                  className="px-3 pt-1 pb-1 text-xs font-semibold tracking-wide text-ink-700 uppercase"
                >
                  {t('suggestions.stocks')}
                </p>
                {stockOptions.map((option) => {
                  const index = indexOf(option)
                  return option.type === 'stock' ? (
                    <div
                      key={`${option.stock.market}:${option.stock.code}`}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === activeIndex}
                      tabIndex={-1}
                      onClick={() => choose(option)}
                      onKeyDown={() => undefined}
                      className={clsx(rowClass, index === activeIndex ? 'bg-ink-50' : 'hover:bg-ink-50')}
                    >
                      <Sparkles className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
                      <span className="min-w-0 flex-1 truncate">{option.stock.name}</span>
                      <span className="shrink-0 text-xs font-semibold text-ink-700">
                        {option.stock.code} · {t(`stocks:markets.${option.stock.market}`)}
                      </span>
                    </div>
                  ) : null
                })}
              </div>
            ) : null}
            {articleOptions.length > 0 ? (
              // biome-ignore lint/a11y/useSemanticElements: an option group of a listbox; a fieldset is not one
              <div role="group" aria-label={t('suggestions.articles')}>
                <p
                  aria-hidden="true"
                  className="px-3 pt-1 pb-1 text-xs font-semibold tracking-wide text-ink-700 uppercase"
                >
                  {t('suggestions.articles')}
                </p>
                {articleOptions.map((option) => {
                  const index = indexOf(option)
                  return option.type === 'article' ? (
                    <div
                      key={option.articleId}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === activeIndex}
                      tabIndex={-1}
                      onClick={() => choose(option)}
                      onKeyDown={() => undefined}
                      className={clsx(rowClass, index === activeIndex ? 'bg-ink-50' : 'hover:bg-ink-50')}
                    >
                      <Search className="size-4 shrink-0 text-ink-500" aria-hidden="true" />
                      <span className="truncate">{option.title}</span>
                    </div>
                  ) : null
                })}
              </div>
            ) : null}
            {tagOptions.length > 0 ? (
              // biome-ignore lint/a11y/useSemanticElements: an option group of a listbox; a fieldset is not one
              <div role="group" aria-label={t('suggestions.tags')} className="flex flex-wrap gap-2 px-3 pb-1">
                <p
                  aria-hidden="true"
                  className="basis-full pt-1 text-xs font-semibold tracking-wide text-ink-700 uppercase"
                >
                  {t('suggestions.tags')}
                </p>
                {tagOptions.map((option) => {
                  const index = indexOf(option)
                  return option.type === 'tag' ? (
                    <div
                      key={option.key}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === activeIndex}
                      tabIndex={-1}
                      onClick={() => choose(option)}
                      onKeyDown={() => undefined}
                      className={clsx(
                        'inline-flex cursor-pointer items-center gap-1 rounded-full px-3 py-1 text-sm',
                        index === activeIndex
                          ? 'bg-brand-600 text-white'
                          : 'bg-brand-100 text-brand-700 hover:bg-brand-600 hover:text-white',
                      )}
                    >
                      <Hash className="size-3" aria-hidden="true" />
                      {option.text}
                    </div>
                  ) : null
                })}
              </div>
            ) : null}
            {options.length === 0 ? (
              <p className="px-3 py-2 text-sm text-ink-700">
                {suggestions.isLoading ? t('suggestions.loading') : t('suggestions.none')}
              </p>
            ) : null}
          </div>
        )}
        <p className="sr-only" role="status" aria-live="polite">
          {isHistoryMode || suggestions.isLoading ? '' : t('suggestions.count', { count: options.length })}
        </p>
      </div>
    </form>
  )
}
