/**
 * The reader's conversations, newest activity first, grouped Today / Previous 7 days / Older in the reader's time
 * zone, with "New chat", inline rename (Enter saves, Esc cancels, 1–60 characters), delete after a confirmation
 * carrying the spec's sentence, and "load more". Drawn beside the conversation on wide screens and inside the
 * drawer below them. Above it, a search of the reader's own conversations: while the box holds words, the results
 * (conversation-search.tsx, fetched when the reader first types) take the list's place.
 */
import { clsx } from 'clsx'
import { __iconData as pencilShape } from 'lucide-react/icons/pencil'
import { __iconData as plusShape } from 'lucide-react/icons/plus'
import { __iconData as trashShape } from 'lucide-react/icons/trash'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Button } from '#app/components/button.tsx'
import { preloadConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { onDemand } from '#app/components/on-demand.ts'
import { Spinner } from '#app/components/spinner.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import {
  type ChatConversation,
  ChatErrorCode,
  chatSearchTextMaxLength,
  chatTitleMaxLength,
} from '#contracts/chat-rules.ts'
import { groupConversations } from './chat-format.ts'

const Pencil = outlineIcon(pencilShape)
const Plus = outlineIcon(plusShape)
const Trash2 = outlineIcon(trashShape)

/** The search's results and what opening one at its message needs: fetched when the reader first types. */
export const searchViews = onDemand(() => import('./conversation-search.tsx'))
const ConversationSearch = lazy(() =>
  searchViews.load().then((module) => ({ default: module.ConversationSearch })),
)

export interface ConversationListProps {
  rows: ChatConversation[]
  hasMore: boolean
  isLoading: boolean
  currentId: string | null
  timeZone: string
  /** The reader's display locale (dates of search results). */
  displayLocale: string
  onNewChat(): void
  /** Opens a conversation; at `messageId` (a search result), scrolled to that message. */
  onOpen(id: string, messageId?: string | null): void
  onLoadMore(): void
  /** Resolves with an error code to show, or null when saved. */
  onRename(id: string, title: string): Promise<string | null>
  onAskDelete(conversation: ChatConversation): void
}

function RenameField({
  conversation,
  onDone,
  onRename,
}: {
  conversation: ChatConversation
  onDone(): void
  onRename: ConversationListProps['onRename']
}) {
  const { t } = useTranslation(['chat', 'errors'])
  const [value, setValue] = useState(conversation.title)
  const [error, setError] = useState<string | null>(null)
  const [isSaving, setIsSaving] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    inputRef.current?.focus()
    inputRef.current?.select()
  }, [])
  const errorId = `rename-error-${conversation.id}`
  const save = async () => {
    const title = value.trim()
    if (title.length < 1 || title.length > chatTitleMaxLength) {
      setError(ChatErrorCode.titleInvalid)
      return
    }
    if (title === conversation.title) return onDone()
    setIsSaving(true)
    const code = await onRename(conversation.id, title)
    setIsSaving(false)
    if (code) setError(code)
    else onDone()
  }
  return (
    <div className="flex flex-col gap-1 px-2 py-1">
      <input
        ref={inputRef}
        value={value}
        maxLength={chatTitleMaxLength + 20}
        aria-label={t('chat:list.renameLabel')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        disabled={isSaving}
        data-testid="rename-input"
        onChange={(event) => {
          setValue(event.target.value)
          setError(null)
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            void save()
          } else if (event.key === 'Escape') {
            event.preventDefault()
            event.stopPropagation()
            onDone()
          }
        }}
        className="w-full rounded-md border border-ink-300 px-2 py-1 text-sm focus:border-brand-600 focus:outline-none"
      />
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-loss" data-testid="rename-error">
          {t([`errors:${error}`, 'errors:INTERNAL_ERROR'])}
        </p>
      ) : (
        <p className="text-xs text-ink-700">{t('chat:list.renameHint')}</p>
      )}
    </div>
  )
}

function ConversationRow({
  conversation,
  isCurrent,
  props,
}: {
  conversation: ChatConversation
  isCurrent: boolean
  props: ConversationListProps
}) {
  const { t } = useTranslation('chat')
  const [isRenaming, setIsRenaming] = useState(false)
  const renameButton = useRef<HTMLButtonElement>(null)
  const title = conversation.title || t('list.untitled')
  if (isRenaming)
    return (
      <li data-testid="conversation-row">
        <RenameField
          conversation={{ ...conversation, title }}
          onRename={props.onRename}
          onDone={() => {
            setIsRenaming(false)
            requestAnimationFrame(() => renameButton.current?.focus())
          }}
        />
      </li>
    )
  return (
    <li
      data-testid="conversation-row"
      data-id={conversation.id}
      className={clsx(
        'group flex items-center gap-1 rounded-lg pe-1',
        isCurrent ? 'bg-brand-100' : 'hover:bg-ink-100',
      )}
    >
      <a
        href={`/ai-qna?id=${conversation.id}`}
        aria-current={isCurrent ? 'page' : undefined}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
          event.preventDefault()
          props.onOpen(conversation.id)
        }}
        className="min-w-0 flex-1 truncate px-2 py-2 text-sm text-ink-900"
        data-testid="conversation-link"
      >
        {title}
      </a>
      <button
        ref={renameButton}
        type="button"
        aria-label={t('list.rename', { title })}
        title={t('list.rename', { title })}
        onClick={() => setIsRenaming(true)}
        className="rounded p-1 text-ink-700 hover:bg-white hover:text-ink-950"
        data-testid="rename-conversation"
      >
        <Pencil className="size-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        aria-label={t('list.delete', { title })}
        title={t('list.delete', { title })}
        onPointerEnter={preloadConfirmDialog}
        onFocus={preloadConfirmDialog}
        onClick={() => props.onAskDelete({ ...conversation, title })}
        className="rounded p-1 text-ink-700 hover:bg-white hover:text-loss"
        data-testid="delete-conversation"
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </button>
    </li>
  )
}

/** The search box; the browser's own clear button and Escape empty it (and bring the list back). */
function SearchBox({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation('chat')
  return (
    <search>
      <input
        type="search"
        value={value}
        maxLength={chatSearchTextMaxLength}
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        data-testid="conversation-search"
        onPointerEnter={searchViews.preload}
        onFocus={searchViews.preload}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 w-full rounded-lg border border-ink-300 bg-white px-3 text-sm text-ink-900 placeholder:text-ink-700 focus:border-brand-600 focus:outline-none"
      />
    </search>
  )
}

export function ConversationList(props: ConversationListProps) {
  const { t } = useTranslation('chat')
  const [searchText, setSearchText] = useState('')
  const words = searchText.trim()
  const groups = groupConversations(props.rows, new Date(), props.timeZone)
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3" data-testid="conversation-list">
      <Button variant="secondary" onClick={props.onNewChat} data-testid="new-chat" className="w-full">
        <Plus className="size-4" aria-hidden="true" />
        {t('list.newChat')}
      </Button>
      <SearchBox value={searchText} onChange={setSearchText} />
      {words !== '' ? (
        <div className="min-h-0 flex-1 overflow-y-auto">
          <Suspense fallback={<Spinner size="sm" label={t('search.searching')} className="px-2" />}>
            <ConversationSearch
              text={words}
              timeZone={props.timeZone}
              displayLocale={props.displayLocale}
              onOpen={props.onOpen}
            />
          </Suspense>
        </div>
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto">
          {groups.map((group) => (
            <section key={group.key} aria-labelledby={`conversations-${group.key}`} className="mb-3">
              <h3
                id={`conversations-${group.key}`}
                className="px-2 pb-1 text-xs font-semibold tracking-wide text-ink-700 uppercase"
              >
                {t(`list.${group.key}`)}
              </h3>
              <ul className="flex flex-col gap-0.5">
                {group.rows.map((row) => (
                  <ConversationRow
                    key={row.id}
                    conversation={row}
                    isCurrent={row.id === props.currentId}
                    props={props}
                  />
                ))}
              </ul>
            </section>
          ))}
          {props.isLoading ? <Spinner size="sm" label={t('list.loading')} className="px-2" /> : null}
          {!props.isLoading && props.rows.length === 0 ? (
            <p className="px-2 text-sm text-ink-700">{t('list.empty')}</p>
          ) : null}
          {props.hasMore && !props.isLoading ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={props.onLoadMore}
              className="w-full"
              data-testid="load-more"
            >
              {t('list.loadMore')}
            </Button>
          ) : null}
        </div>
      )}
    </div>
  )
}
