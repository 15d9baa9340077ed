/**
 * What the header search box's popup lists (search-box.tsx keeps the state, the keyboard and the combobox): the saved
 * searches with their delete buttons, or the stocks, article titles and tags the text suggests. Fetched the first
 * time the box opens, not with the page (ADR 0011).
 */
import { clsx } from 'clsx'
import { Clock, Hash, Search, Sparkles, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { SearchOption } from './search-box.tsx'

const rowClass = 'flex h-10 cursor-pointer items-center gap-2 rounded-md px-3 text-sm text-ink-900'

export interface SearchPopupContentProps {
  isHistoryMode: boolean
  /** Every option in keyboard order; `activeIndex` points into it. */
  options: SearchOption[]
  history: string[]
  activeIndex: number
  isLoading: boolean
  baseId: string
  listboxId: string
  optionId(index: number): string
  onChoose(option: SearchOption): void
  onForget(term: string): void
  onForgetAll(): void
}

export function SearchPopupContent({
  isHistoryMode,
  options,
  history,
  activeIndex,
  isLoading,
  baseId,
  listboxId,
  optionId,
  onChoose,
  onForget,
  onForgetAll,
}: SearchPopupContentProps) {
  const { t } = useTranslation(['search', 'stocks'])
  const stockOptions = options.filter((option) => option.type === 'stock')
  const articleOptions = options.filter((option) => option.type === 'article')
  const tagOptions = options.filter((option) => option.type === 'tag')
  const indexOf = (option: SearchOption) => options.indexOf(option)
  return isHistoryMode ? (
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
                onClick={() => onChoose(option)}
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
              onClick={() => onForget(entry)}
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
          onClick={onForgetAll}
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
                onClick={() => onChoose(option)}
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
                onClick={() => onChoose(option)}
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
                onClick={() => onChoose(option)}
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
          {isLoading ? t('suggestions.loading') : t('suggestions.none')}
        </p>
      ) : null}
    </div>
  )
}
