/**
 * What the header search box's popup lists (search-box.tsx keeps the state, the keyboard and the combobox): the saved
 * searches with their delete buttons (a listbox), or the stocks, article titles and tags the text suggests (a grid:
 * one row per suggestion, a stock's row with a second cell, its follow control). Fetched the first time the box
 * opens, not with the page (ADR 0011), and with it the follow control's code: it is not in the page's first paint.
 */
import { clsx } from 'clsx'
import { __iconData as clockShape } from 'lucide-react/icons/clock'
import { __iconData as hashShape } from 'lucide-react/icons/hash'
import { __iconData as searchShape } from 'lucide-react/icons/search'
import { __iconData as sparklesShape } from 'lucide-react/icons/sparkles'
import { __iconData as xShape } from 'lucide-react/icons/x'
import type { ReactNode } from 'react'
import { outlineIcon } from '#app/components/icons.tsx'
import { FollowButton } from '#app/features/watchlists/follow-button.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { NamedStock as SearchStock } from '#contracts/articles.ts'
import type { SearchOption } from './search-box.tsx'

const Clock = outlineIcon(clockShape)
const Hash = outlineIcon(hashShape)
const Search = outlineIcon(searchShape)
const Sparkles = outlineIcon(sparklesShape)
const X = outlineIcon(xShape)

/**
 * A key in the suggestions grid, on the active row (`option`): Left and Right move between its cells (a stock's
 * second cell is its follow control), Enter on the follow cell toggles it and keeps the box open. Answers the new
 * column, or null when the key is the box's own (Up/Down, Enter on a suggestion, typing).
 */
export function gridKey(
  key: string,
  option: SearchOption | undefined,
  column: number,
  optionId: string,
): number | null {
  if (!option) return null
  const last = option.type === 'stock' ? 1 : 0
  if (key === 'ArrowLeft' || key === 'ArrowRight')
    return Math.max(0, Math.min(last, column + (key === 'ArrowRight' ? 1 : -1)))
  if (key === 'Enter' && column === 1) {
    document.getElementById(`${optionId}-follow`)?.click()
    return 1
  }
  return null
}

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

/**
 * One suggestion as a row of the grid: the suggestion's cell (chosen by click or by the box's keyboard) and, for a
 * stock, the follow cell. The box keeps focus; `aria-activedescendant` names the active cell (the follow button
 * itself, so its pressed state is read out).
 */
function GridRow({
  id,
  isActive,
  activeColumn,
  isChip = false,
  onChoose,
  follow,
  children,
}: {
  id: string
  isActive: boolean
  activeColumn: number
  isChip?: boolean
  onChoose(): void
  follow?: { id: string; market: SearchStock['market']; code: string; name: string } | undefined
  children: ReactNode
}) {
  const isCellActive = isActive && activeColumn === 0
  const look = isChip
    ? clsx(
        chipClass,
        isCellActive
          ? 'bg-brand-600 text-white'
          : 'bg-brand-100 text-brand-700 hover:bg-brand-600 hover:text-white',
      )
    : clsx(rowClass, 'min-w-0 flex-1', isCellActive ? 'bg-ink-50' : 'hover:bg-ink-50')
  return (
    // biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: a row of the combobox's grid popup; the focus stays in the box (aria-activedescendant)
    <div role="row" className={isChip ? 'inline-flex' : 'flex items-center gap-1'}>
      {/* biome-ignore lint/a11y/useSemanticElements: a cell of the combobox's grid popup, reached through the box's aria-activedescendant */}
      <div
        id={id}
        role="gridcell"
        data-cell="choose"
        aria-selected={isCellActive}
        tabIndex={-1}
        onClick={onChoose}
        onKeyDown={() => undefined}
        className={look}
      >
        {children}
      </div>
      {follow ? (
        // biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: a cell of the combobox's grid popup; the box names its button as active
        <div
          role="gridcell"
          data-cell="follow"
          aria-selected={isActive && activeColumn === 1}
          className={clsx('rounded-md', isActive && activeColumn === 1 && 'ring-2 ring-brand-600')}
        >
          <FollowButton
            id={follow.id}
            tabIndex={-1}
            market={follow.market}
            code={follow.code}
            name={follow.name}
          />
        </div>
      ) : null}
    </div>
  )
}

function GridGroup({
  label,
  isChips = false,
  children,
}: {
  label: string
  isChips?: boolean
  children: ReactNode
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of rows of the combobox's grid popup, not a table section
    <div
      role="rowgroup"
      aria-label={label}
      className={isChips ? 'flex flex-wrap gap-2 px-3 pb-1' : undefined}
    >
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
  /** In the suggestions grid: 0 the suggestion's cell, 1 a stock's follow cell. */
  activeColumn: number
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
  activeColumn,
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
  const gridProps = (option: SearchOption) => {
    const index = options.indexOf(option)
    return {
      id: optionId(index),
      isActive: index === activeIndex,
      activeColumn,
      onChoose: () => onChoose(option),
    }
  }
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
  ) : options.length > 0 ? (
    // biome-ignore lint/a11y/useSemanticElements: the combobox's grid popup (ARIA 1.2); the focus stays in the box
    <div id={listboxId} role="grid" aria-label={t('label')} className="flex flex-col gap-2">
      {stockOptions.length > 0 ? (
        <GridGroup label={t('suggestions.stocks')}>
          {stockOptions.map((option) =>
            option.type === 'stock' ? (
              <GridRow
                key={`${option.stock.market}:${option.stock.code}`}
                {...gridProps(option)}
                follow={{
                  id: `${optionId(options.indexOf(option))}-follow`,
                  market: option.stock.market,
                  code: option.stock.code,
                  name: option.stock.name,
                }}
              >
                <Sparkles className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate">{option.stock.name}</span>
                <span className="shrink-0 text-xs font-semibold text-ink-700">
                  {option.stock.code} · {t(`markets.${option.stock.market}`)}
                </span>
              </GridRow>
            ) : null,
          )}
        </GridGroup>
      ) : null}
      {articleOptions.length > 0 ? (
        <GridGroup label={t('suggestions.articles')}>
          {articleOptions.map((option) =>
            option.type === 'article' ? (
              <GridRow key={option.articleId} {...gridProps(option)}>
                <Search className="size-4 shrink-0 text-ink-500" aria-hidden="true" />
                <span className="truncate">{option.title}</span>
              </GridRow>
            ) : null,
          )}
        </GridGroup>
      ) : null}
      {tagOptions.length > 0 ? (
        <GridGroup label={t('suggestions.tags')} isChips>
          {tagOptions.map((option) =>
            option.type === 'tag' ? (
              <GridRow key={option.key} {...gridProps(option)} isChip>
                <Hash className="size-3" aria-hidden="true" />
                {option.text}
              </GridRow>
            ) : null,
          )}
        </GridGroup>
      ) : null}
    </div>
  ) : (
    <p id={listboxId} className="px-3 py-2 text-sm text-ink-700">
      {isLoading ? t('suggestions.loading') : t('suggestions.none')}
    </p>
  )
}
