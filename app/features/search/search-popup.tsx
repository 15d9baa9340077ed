/**
 * What the header search box's popup lists (search-box.tsx keeps the state, the keyboard and the combobox): the saved
 * searches with their delete buttons, or the stocks, article titles and tags the text suggests. Fetched the first
 * time the box opens, not with the page (ADR 0011).
 */
import { clsx } from 'clsx'
import { Clock, Hash, Search, Sparkles, X } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { SearchOption } from './search-box.tsx'

const rowClass = 'flex h-10 cursor-pointer items-center gap-2 rounded-md px-3 text-sm text-ink-900'
const chipClass = 'inline-flex cursor-pointer items-center gap-1 rounded-full px-3 py-1 text-sm'
const groupHeadingClass = 'pt-1 pb-1 text-xs font-semibold tracking-wide text-ink-700 uppercase'

/** One suggestion: the combobox keeps focus, so the row is chosen by click or by the box's keyboard. */
function OptionRow({
  id,
  isActive,
  isChip = false,
  onChoose,
  children,
}: {
  id: string
  isActive: boolean
  isChip?: boolean
  onChoose(): void
  children: ReactNode
}) {
  const look = isChip
    ? clsx(
        chipClass,
        isActive
          ? 'bg-brand-600 text-white'
          : 'bg-brand-100 text-brand-700 hover:bg-brand-600 hover:text-white',
      )
    : clsx(rowClass, isActive ? 'bg-ink-50' : 'hover:bg-ink-50')
  return (
    <div
      id={id}
      role="option"
      aria-selected={isActive}
      tabIndex={-1}
      onClick={onChoose}
      onKeyDown={() => undefined}
      className={look}
    >
      {children}
    </div>
  )
}

function OptionGroup({
  label,
  isChips = false,
  children,
}: {
  label: string
  isChips?: boolean
  children: ReactNode
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: an option group of a listbox; a fieldset is not one
    <div role="group" aria-label={label} className={isChips ? 'flex flex-wrap gap-2 px-3 pb-1' : undefined}>
      <p aria-hidden="true" className={clsx(groupHeadingClass, isChips ? 'basis-full' : 'px-3')}>
        {label}
      </p>
      {children}
    </div>
  )
}

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
  const { t } = useTranslation('search')
  const stockOptions = options.filter((option) => option.type === 'stock')
  const articleOptions = options.filter((option) => option.type === 'article')
  const tagOptions = options.filter((option) => option.type === 'tag')
  const rowProps = (option: SearchOption) => {
    const index = options.indexOf(option)
    return { id: optionId(index), isActive: index === activeIndex, onChoose: () => onChoose(option) }
  }
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
          {options.map((option) =>
            option.type === 'history' ? (
              <OptionRow key={option.term} {...rowProps(option)}>
                <Clock className="size-4 shrink-0 text-ink-500" aria-hidden="true" />
                <span className="truncate">{option.term}</span>
              </OptionRow>
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
        <OptionGroup label={t('suggestions.stocks')}>
          {stockOptions.map((option) =>
            option.type === 'stock' ? (
              <OptionRow key={`${option.stock.market}:${option.stock.code}`} {...rowProps(option)}>
                <Sparkles className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate">{option.stock.name}</span>
                <span className="shrink-0 text-xs font-semibold text-ink-700">
                  {option.stock.code} · {t(`markets.${option.stock.market}`)}
                </span>
              </OptionRow>
            ) : null,
          )}
        </OptionGroup>
      ) : null}
      {articleOptions.length > 0 ? (
        <OptionGroup label={t('suggestions.articles')}>
          {articleOptions.map((option) =>
            option.type === 'article' ? (
              <OptionRow key={option.articleId} {...rowProps(option)}>
                <Search className="size-4 shrink-0 text-ink-500" aria-hidden="true" />
                <span className="truncate">{option.title}</span>
              </OptionRow>
            ) : null,
          )}
        </OptionGroup>
      ) : null}
      {tagOptions.length > 0 ? (
        <OptionGroup label={t('suggestions.tags')} isChips>
          {tagOptions.map((option) =>
            option.type === 'tag' ? (
              <OptionRow key={option.key} {...rowProps(option)} isChip>
                <Hash className="size-3" aria-hidden="true" />
                {option.text}
              </OptionRow>
            ) : null,
          )}
        </OptionGroup>
      ) : null}
      {options.length === 0 ? (
        <p className="px-3 py-2 text-sm text-ink-700">
          {isLoading ? t('suggestions.loading') : t('suggestions.none')}
        </p>
      ) : null}
    </div>
  )
}
