/**
 * The AI chat (spec §2 /ai-qna, §4, §8): the conversation list beside the open conversation (a drawer below the
 * desktop breakpoint), the streamed answer, and the composer. The URL names the open conversation (`?id=`), so a
 * reload or the back button shows the same one. Everything here talks to `/api/portal/ai/*` from the browser.
 * Files come by the composer's paperclip, pasted into it, or dropped on the chat; the code that uploads them and
 * draws their chips is fetched on the first of those (or the intent to), and lives for the page.
 */
import { MessagesSquare, Plus } from 'lucide-react'
import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { ApiError } from '#app/api/api-client.ts'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { Dialog, preloadDialog } from '#app/components/dialog.tsx'
import { onDemand, useOnDemand, whenIdle } from '#app/components/on-demand.ts'
import { Spinner } from '#app/components/spinner.tsx'
import { toast } from '#app/components/toaster.tsx'
import { useRootData } from '#app/use-root-data.ts'
import {
  type ChatConversation,
  ChatErrorCode,
  type ChatMessage,
  type ChatVote,
} from '#contracts/chat-rules.ts'
import {
  cancelAnswer,
  deleteConversation,
  fetchWelcome,
  listConversations,
  listMessages,
  renameConversation,
  voteOnAnswer,
} from './chat-api.ts'
import type { FileTray } from './chat-file-tray.ts'
import { chatReducer, emptyChatState } from './chat-state.ts'
import { streamChatAnswer } from './chat-stream.ts'
import { Composer } from './composer.tsx'
import { ConversationList, type ConversationListProps } from './conversation-list.tsx'

const messageViews = onDemand(() => import('./message-view.tsx'))
const MessageList = lazy(() => messageViews.load().then((module) => ({ default: module.MessageList })))
// Drawn only after a question was refused: never on the first paint.
const failureNotices = onDemand(() => import('./quota-notice.tsx'))
const ChatFailureNotice = lazy(() =>
  failureNotices.load().then((module) => ({ default: module.ChatFailureNotice })),
)
const fileViews = onDemand(() =>
  Promise.all([import('./chat-file-tray.ts'), import('./file-chips.tsx')]).then(([tray, chips]) => ({
    createFileTray: tray.createFileTray,
    FileChips: chips.FileChips,
    DropOverlay: chips.DropOverlay,
  })),
)

/** A drag that carries files (not text or a link dragged from the page). */
function isDraggingFiles(event: React.DragEvent): boolean {
  return event.dataTransfer.types.includes('Files')
}

interface ListState {
  rows: ChatConversation[]
  total: number
  page: number
  isLoading: boolean
}

/** Markdown marks taken out of an answer read aloud. */
function plainTextOf(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>|]+/g, ' ')
    .replace(/-{3,}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

function codeOf(error: unknown): string {
  return error instanceof ApiError ? error.code : 'INTERNAL_ERROR'
}

function useConversationList() {
  const [list, setList] = useState<ListState>({ rows: [], total: 0, page: 0, isLoading: true })
  const load = useCallback(async (page: number) => {
    setList((current) => ({ ...current, isLoading: true }))
    try {
      const answer = await listConversations(page)
      setList((current) => {
        // Later pages may repeat a conversation that moved to the top since the first page was read.
        const rows =
          page === 1
            ? answer.rows
            : [...current.rows, ...answer.rows.filter((row) => !current.rows.some((r) => r.id === row.id))]
        return { rows, total: answer.total, page, isLoading: false }
      })
    } catch {
      setList((current) => ({ ...current, isLoading: false }))
    }
  }, [])
  return { list, setList, load }
}

export function ChatPage() {
  const { t } = useTranslation(['chat', 'errors'])
  const root = useRootData()
  const locale = root.locale
  const navigate = useNavigate()
  const [searchParams, setSearchParams] = useSearchParams()
  const urlId = searchParams.get('id')

  const [state, dispatch] = useReducer(chatReducer, emptyChatState)
  const stateRef = useRef(state)
  stateRef.current = state
  const [draft, setDraft] = useState('')
  const [isOpening, setIsOpening] = useState(false)
  const [welcome, setWelcome] = useState<string[]>([])
  const [isDrawerOpen, setIsDrawerOpen] = useState(false)
  const [toDelete, setToDelete] = useState<ChatConversation | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const [timeZone, setTimeZone] = useState(root.timeZone)
  const { list, setList, load: loadList } = useConversationList()
  const abortRef = useRef<AbortController | null>(null)
  const composerRef = useRef<HTMLTextAreaElement>(null)
  const scrollerRef = useRef<HTMLDivElement>(null)
  const drawerOpenerRef = useRef<HTMLButtonElement>(null)
  const isStreaming = state.streaming !== null

  const files = useOnDemand(fileViews)
  const [tray, setTray] = useState<FileTray | null>(null)
  const trayRef = useRef(tray)
  const [isWaitingForFiles, setIsWaitingForFiles] = useState(false)
  const [isDragging, setIsDragging] = useState(false)

  useEffect(
    () =>
      whenIdle(() => {
        messageViews.preload()
        failureNotices.preload()
      }),
    [],
  )

  useEffect(() => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (browserZone) setTimeZone(browserZone)
    const controller = new AbortController()
    // The list first: a visitor's first call receives the device cookie the later calls are counted on.
    void loadList(1).then(() =>
      fetchWelcome(controller.signal)
        .then((answer) => setWelcome(answer.questions))
        .catch(() => undefined),
    )
    return () => controller.abort()
  }, [loadList])

  const stop = useCallback(() => {
    const controller = abortRef.current
    const conversationId = stateRef.current.conversationId
    if (!controller) return
    // The server stops writing and stores the part written (it also does when the connection closes, but a proxy
    // may keep that open). The reader's copy stops at once, without waiting for the server's answer.
    if (conversationId) void cancelAnswer(conversationId).catch(() => undefined)
    controller.abort()
  }, [])

  // The conversation the URL names: opened on load, reload and back/forward.
  useEffect(() => {
    if (urlId === stateRef.current.conversationId) return
    if (abortRef.current) stop()
    trayRef.current?.clear()
    if (!urlId) {
      dispatch({ type: 'opened', conversationId: null, messages: [] })
      return
    }
    const controller = new AbortController()
    setIsOpening(true)
    listMessages(urlId, controller.signal).then(
      (page) => {
        dispatch({ type: 'opened', conversationId: urlId, messages: page.rows })
        setIsOpening(false)
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        setIsOpening(false)
        dispatch({ type: 'opened', conversationId: null, messages: [] })
        dispatch({
          type: 'refused',
          code: codeOf(error) === 'VALIDATION_FAILED' ? ChatErrorCode.conversationNotFound : codeOf(error),
        })
        void navigate('/ai-qna', { replace: true, preventScrollReset: true })
      },
    )
    return () => controller.abort()
  }, [urlId, stop, navigate])

  // Read the finished answer out once (not every delta).
  useEffect(() => {
    const message = state.messages.find((m) => m.id === state.finishedAnswerId)
    if (!message) return
    setAnnouncement(
      message.status === 'complete'
        ? t('chat:answer.announce', { text: plainTextOf(message.text).slice(0, 600) })
        : message.status === 'stopped'
          ? t('chat:answer.announceStopped')
          : t('chat:answer.failed'),
    )
  }, [state.finishedAnswerId, state.messages, t])

  // Follow the answer as it grows, unless the reader scrolled up to read.
  const lastText = state.messages.at(-1)?.text
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the conversation grows
  useEffect(() => {
    const scroller = scrollerRef.current
    if (!scroller) return
    if (scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 160)
      scroller.scrollTop = scroller.scrollHeight
  }, [state.messages.length, lastText])

  const touchConversation = useCallback(
    (conversationId: string, change: Partial<ChatConversation> = {}) => {
      setList((current) => {
        const existing = current.rows.find((row) => row.id === conversationId)
        const now = new Date().toISOString()
        const row: ChatConversation = {
          id: conversationId,
          title: existing?.title ?? '',
          createdAt: existing?.createdAt ?? now,
          ...change,
          updatedAt: now,
        }
        return {
          ...current,
          rows: [row, ...current.rows.filter((r) => r.id !== conversationId)],
          total: existing ? current.total : current.total + 1,
        }
      })
    },
    [setList],
  )

  /** Resolves true when the server refused before the stream opened (nothing of the question was kept). */
  const runStream = useCallback(
    async (params: { question?: string; regenerate?: string; fileIds?: string | undefined }) => {
      const controller = new AbortController()
      abortRef.current = controller
      const startedIn = stateRef.current.conversationId
      let hasEnded = false
      let wasRefused = false
      try {
        await streamChatAnswer({
          subSessionId: startedIn ?? undefined,
          ...params,
          signal: controller.signal,
          onEvent(event) {
            if (event.name === 'start') {
              touchConversation(event.data.conversationId)
              if (event.data.conversationId !== startedIn)
                setSearchParams(
                  { id: event.data.conversationId },
                  { replace: true, preventScrollReset: true },
                )
            } else if (event.name === 'title') {
              touchConversation(event.data.conversationId, { title: event.data.title })
            } else if (event.name === 'done' || event.name === 'error') {
              hasEnded = true
            }
            dispatch({ type: 'event', event })
          },
        })
        if (!hasEnded) dispatch({ type: 'ended', reason: controller.signal.aborted ? 'stopped' : 'failed' })
      } catch (error) {
        if (controller.signal.aborted) dispatch({ type: 'ended', reason: 'stopped' })
        else if (error instanceof ApiError) {
          wasRefused = true
          dispatch({ type: 'refused', code: error.code, retryAfterSeconds: error.retryAfterSeconds })
        } else dispatch({ type: 'ended', reason: 'failed' })
      } finally {
        if (abortRef.current === controller) abortRef.current = null
      }
      return wasRefused
    },
    [setSearchParams, touchConversation],
  )

  // A question refused before it was answered goes back into the box, to send again later.
  useEffect(() => {
    if (state.failure?.question) setDraft((current) => current || (state.failure?.question ?? ''))
  }, [state.failure])

  const ask = (question: string) => {
    const text = question.trim()
    if (!text || stateRef.current.streaming || isWaitingForFiles) return
    const questionFiles = trayRef.current?.takeForQuestion()
    dispatch({
      type: 'asked',
      question: text,
      locale,
      localId: String(Date.now()),
      now: new Date().toISOString(),
      attachments: questionFiles?.attachments,
    })
    setDraft('')
    void runStream({ question: text, fileIds: questionFiles?.fileIds }).then((wasRefused) => {
      if (wasRefused) questionFiles?.putBack()
    })
  }

  const canAttach = !isOpening

  const attach = (picked: File[]) => {
    if (!canAttach || picked.length === 0) return
    fileViews.load().then(
      (module) => {
        trayRef.current ??= module.createFileTray({
          openConversation: () => ({
            id: stateRef.current.conversationId,
            isAnswering: stateRef.current.streaming !== null,
          }),
          // The new chat's files went into a conversation made for them: it is the open one now (the URL names
          // it), so the question asked next goes there too.
          onConversationMade: (id) => {
            dispatch({ type: 'opened', conversationId: id, messages: [] })
            touchConversation(id)
            void navigate(`/ai-qna?id=${id}`, { replace: true, preventScrollReset: true })
          },
          onWaitingChange: setIsWaitingForFiles,
        })
        setTray(trayRef.current)
        trayRef.current.add(picked)
      },
      () => toast.error(t('errors:NETWORK_ERROR')),
    )
  }

  const regenerate = (message: ChatMessage) => {
    if (stateRef.current.streaming) return
    dispatch({ type: 'regenerating', answerId: message.id })
    void runStream({ regenerate: message.id })
  }

  const vote = async (message: ChatMessage, choice: ChatVote) => {
    const next = message.vote === choice ? null : choice
    dispatch({ type: 'voted', messageId: message.id, vote: next })
    try {
      await voteOnAnswer(message.id, next)
    } catch (error) {
      dispatch({ type: 'voted', messageId: message.id, vote: message.vote })
      toast.error(t([`errors:${codeOf(error)}`, 'errors:INTERNAL_ERROR']))
    }
  }

  const copy = async (message: ChatMessage) => {
    try {
      await navigator.clipboard.writeText(message.text)
      toast.success(t('chat:answer.copied'))
    } catch {
      toast.error(t('chat:answer.copyFailed'))
    }
  }

  const focusComposer = () => requestAnimationFrame(() => composerRef.current?.focus())

  const newChat = () => {
    setIsDrawerOpen(false)
    if (abortRef.current) stop()
    trayRef.current?.clear()
    dispatch({ type: 'opened', conversationId: null, messages: [] })
    if (urlId) void navigate('/ai-qna', { preventScrollReset: true })
    focusComposer()
  }

  const open = (id: string) => {
    setIsDrawerOpen(false)
    if (id !== urlId) void navigate(`/ai-qna?id=${encodeURIComponent(id)}`, { preventScrollReset: true })
    focusComposer()
  }

  const rename: ConversationListProps['onRename'] = async (id, title) => {
    try {
      const saved = await renameConversation(id, title)
      setList((current) => ({
        ...current,
        rows: current.rows.map((row) => (row.id === id ? { ...row, title: saved.title } : row)),
      }))
      return null
    } catch (error) {
      return codeOf(error)
    }
  }

  const confirmDelete = async () => {
    const conversation = toDelete
    setToDelete(null)
    if (!conversation) return
    try {
      await deleteConversation(conversation.id)
      setList((current) => ({
        ...current,
        rows: current.rows.filter((row) => row.id !== conversation.id),
        total: Math.max(0, current.total - 1),
      }))
      toast.success(t('chat:list.deleted'))
      if (conversation.id === stateRef.current.conversationId) newChat()
    } catch (error) {
      toast.error(t([`errors:${codeOf(error)}`, 'errors:INTERNAL_ERROR']))
    }
  }

  const listProps: ConversationListProps = {
    rows: list.rows,
    hasMore: list.rows.length < list.total,
    isLoading: list.isLoading,
    currentId: state.conversationId,
    timeZone,
    onNewChat: newChat,
    onOpen: open,
    onLoadMore: () => void loadList(list.page + 1),
    onRename: rename,
    onAskDelete: setToDelete,
  }

  const isEmpty = state.messages.length === 0 && !isOpening

  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] min-h-[28rem] max-w-screen-2xl gap-6 px-3 py-3 lg:px-6 lg:py-4">
      <aside aria-labelledby="conversations-heading" className="hidden w-72 shrink-0 flex-col gap-3 lg:flex">
        <h2 id="conversations-heading" className="px-2 text-sm font-semibold text-ink-950">
          {t('chat:list.heading')}
        </h2>
        <ConversationList {...listProps} />
      </aside>

      <section
        aria-labelledby="chat-heading"
        className="relative flex min-w-0 flex-1 flex-col gap-3"
        onDragEnter={(event) => {
          if (!isDraggingFiles(event) || !canAttach) return
          event.preventDefault()
          setIsDragging(true)
          fileViews.preload()
        }}
        onDragOver={(event) => {
          if (!isDraggingFiles(event) || !canAttach) return
          event.preventDefault()
          event.dataTransfer.dropEffect = 'copy'
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDragging(false)
        }}
        onDrop={(event) => {
          if (!isDraggingFiles(event)) return
          event.preventDefault()
          setIsDragging(false)
          attach([...event.dataTransfer.files])
        }}
      >
        {isDragging && files ? <files.DropOverlay /> : null}
        <header className="flex items-center gap-2">
          <button
            ref={drawerOpenerRef}
            type="button"
            onClick={() => setIsDrawerOpen(true)}
            onPointerEnter={preloadDialog}
            onFocus={preloadDialog}
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-ink-300 px-3 text-sm font-medium text-ink-900 lg:hidden"
            data-testid="open-conversations"
          >
            <MessagesSquare className="size-4" aria-hidden="true" />
            {t('chat:list.open')}
          </button>
          <h1 id="chat-heading" className="flex-1 truncate text-lg font-bold text-ink-950 sm:text-xl">
            {t('chat:title')}
          </h1>
          <button
            type="button"
            onClick={newChat}
            aria-label={t('chat:list.newChat')}
            title={t('chat:list.newChat')}
            className="inline-flex size-10 items-center justify-center rounded-lg border border-ink-300 text-ink-900 lg:hidden"
          >
            <Plus className="size-4" aria-hidden="true" />
          </button>
        </header>

        <div ref={scrollerRef} className="min-h-0 flex-1 overflow-y-auto" data-testid="conversation">
          {isOpening ? (
            <Spinner label={t('chat:conversation.loading')} className="p-4" />
          ) : isEmpty ? (
            <div className="mx-auto flex max-w-2xl flex-col gap-4 py-6">
              <div className="flex flex-col gap-1">
                <h2 className="text-xl font-semibold text-ink-950">{t('chat:conversation.emptyTitle')}</h2>
                <p className="text-ink-700">{t('chat:conversation.emptyIntro')}</p>
              </div>
              {welcome.length > 0 ? (
                <section aria-labelledby="suggestions-heading" className="flex flex-col gap-2">
                  <h3 id="suggestions-heading" className="text-sm font-semibold text-ink-800">
                    {t('chat:conversation.suggestions')}
                  </h3>
                  <ul className="flex flex-wrap gap-2" data-testid="suggestions">
                    {welcome.map((question) => (
                      <li key={question}>
                        <button
                          type="button"
                          onClick={() => ask(question)}
                          disabled={isWaitingForFiles}
                          className="rounded-full border border-ink-300 bg-white px-3 py-1.5 text-start text-sm text-ink-900 hover:border-brand-600 hover:text-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
                        >
                          {question}
                        </button>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
            </div>
          ) : (
            <Suspense fallback={<Spinner label={t('chat:conversation.loading')} className="p-4" />}>
              <MessageList
                messages={state.messages}
                streaming={state.streaming}
                label={t('chat:conversation.label')}
                displayLocale={root.displayLocale}
                onVote={(m, v) => void vote(m, v)}
                onCopy={(m) => void copy(m)}
                onRegenerate={regenerate}
              />
            </Suspense>
          )}
        </div>

        <div className="mx-auto flex w-full max-w-3xl flex-col gap-2">
          {state.failure ? (
            <Suspense fallback={null}>
              <ChatFailureNotice
                code={state.failure.code}
                retryAfterSeconds={state.failure.retryAfterSeconds ?? null}
                onNewChat={newChat}
              />
            </Suspense>
          ) : null}
          <Composer
            ref={composerRef}
            value={draft}
            onChange={(value) => {
              setDraft(value)
              if (stateRef.current.failure && !isStreaming) dispatch({ type: 'clearFailure' })
            }}
            onSend={() => ask(draft)}
            onStop={stop}
            // A reader about to ask will see messages: their code is fetched on that intent, if idle time has not.
            onFocus={messageViews.preload}
            isStreaming={isStreaming}
            onAttach={attach}
            onAttachIntent={fileViews.preload}
            canAttach={canAttach}
            isWaitingForFiles={isWaitingForFiles}
            files={
              files && tray ? (
                <files.FileChips
                  tray={tray}
                  displayLocale={root.displayLocale}
                  onAnnounce={setAnnouncement}
                />
              ) : null
            }
          />
        </div>
        <div aria-live="polite" className="sr-only" data-testid="chat-announcement">
          {announcement}
        </div>
      </section>

      <Dialog
        isOpen={isDrawerOpen}
        onOpenChange={(isOpen) => {
          setIsDrawerOpen(isOpen)
          // Closed with Escape or its close button: back to the button that opened it (the dialog has no trigger
          // of its own to return to). Choosing a conversation or a new chat moves on to the composer instead.
          if (!isOpen) setTimeout(() => drawerOpenerRef.current?.focus(), 0)
        }}
        title={t('chat:list.heading')}
      >
        <div className="flex max-h-[70dvh] flex-col">
          <ConversationList {...listProps} />
        </div>
      </Dialog>
      <ConfirmDialog
        isOpen={toDelete !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setToDelete(null)
        }}
        title={t('chat:delete.title')}
        description={t('chat:delete.confirm', { title: toDelete?.title ?? '' })}
        confirmLabel={t('chat:delete.button')}
        isDanger
        onConfirm={() => void confirmDelete()}
      />
    </div>
  )
}
