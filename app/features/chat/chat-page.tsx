/**
 * The AI chat (spec §2 /ai-qna, §4, §8): the conversation list beside the open conversation (a drawer below the
 * desktop breakpoint), the streamed answer, and the composer. The URL names the open conversation (`?id=`), so a
 * reload or the back button shows the same one. Everything here talks to `/api/portal/ai/*` from the browser.
 * The conversation list (use-conversations.ts), the stream (use-chat-stream.ts) and the question's files
 * (use-chat-files.ts) are kept apart; this page wires them to the URL, the composer and the announcements.
 */

import { __iconData as messagesSquareShape } from 'lucide-react/icons/messages-square'
import { __iconData as plusShape } from 'lucide-react/icons/plus'
import { lazy, Suspense, useEffect, useReducer, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { Dialog, preloadDialog } from '#app/components/dialog.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { onDemand, whenIdle } from '#app/components/on-demand.ts'
import { Spinner } from '#app/components/spinner.tsx'
import { toast } from '#app/components/toaster.tsx'
import { ensureErrorMessages } from '#app/i18n/browser-catalogs.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import {
  type ChatConversation,
  ChatErrorCode,
  type ChatMessage,
  type ChatVote,
} from '#contracts/chat-rules.ts'
import { preloadMarkdown } from './answer-text.tsx'
import { fetchWelcome, listMessages, voteOnAnswer } from './chat-api.ts'
import { chatReducer, emptyChatState } from './chat-state.ts'
import { ChatWelcome } from './chat-welcome.tsx'
import { Composer } from './composer.tsx'
import { ConversationList, type ConversationListProps, searchViews } from './conversation-list.tsx'
import { useChatFiles } from './use-chat-files.ts'
import { useChatStream } from './use-chat-stream.ts'
import { codeOf, useConversations } from './use-conversations.ts'

const MessagesSquare = outlineIcon(messagesSquareShape)
const Plus = outlineIcon(plusShape)

const messageViews = onDemand(() => import('./message-view.tsx'))
const MessageList = lazy(() => messageViews.load().then((module) => ({ default: module.MessageList })))
// Drawn only after a question was refused: never on the first paint.
const failureNotices = onDemand(() => import('./quota-notice.tsx'))
const ChatFailureNotice = lazy(() =>
  failureNotices.load().then((module) => ({ default: module.ChatFailureNotice })),
)
function preloadMessageViews() {
  messageViews.preload()
  preloadMarkdown()
}

/** Markdown marks taken out of an answer read aloud. */
function plainTextOf(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>|]+|-{3,}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
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
  const conversations = useConversations()
  const { list, load: loadList, touch } = conversations
  const composerRef = useRef<HTMLTextAreaElement>(null)
  const scrollerRef = useRef<HTMLDivElement>(null)
  const conversationRef = useRef<HTMLDivElement>(null)
  // Whether the conversation keeps to its newest line: decided by where the reader last left the scroll position,
  // not by the distance after an update (an answer that arrives in one burst is taller than any margin). While it
  // follows, this is where our own scrolling to the end left the pane: that scroll's event arrives a frame later,
  // when the answer may have grown again, so only a position above it is the reader scrolling up. `null`: they did.
  const followedTopRef = useRef<number | null>(0)
  const [scrollTarget, setScrollTarget] = useState<{ conversationId: string; messageId: string } | null>(null)
  const drawerOpenerRef = useRef<HTMLButtonElement>(null)
  const isStreaming = state.streaming !== null
  const canAttach = !isOpening

  const stream = useChatStream({
    stateRef,
    dispatch,
    onStart: (conversationId, startedIn) => {
      touch(conversationId)
      if (conversationId !== startedIn)
        setSearchParams({ id: conversationId }, { replace: true, preventScrollReset: true })
    },
    onTitle: (conversationId, title) => touch(conversationId, { title }),
  })
  const { stop, isRunning } = stream
  const files = useChatFiles({
    stateRef,
    canAttach,
    // The new chat's files went into a conversation made for them: it is the open one now (the URL names it), so
    // the question asked next goes there too.
    onConversationMade: (id) => {
      dispatch({ type: 'opened', conversationId: id, messages: [] })
      touch(id)
      void navigate(`/ai-qna?id=${id}`, { replace: true, preventScrollReset: true })
    },
  })
  const { trayRef } = files

  // The chat's failures follow what the reader does (a question, a file, a rename) or a call, which waits for the
  // error messages itself; fetched as soon as the chat works, they are there before the first failure.
  useEffect(() => void ensureErrorMessages(), [])

  useEffect(
    () =>
      whenIdle(() => {
        messageViews.preload()
        preloadMarkdown()
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

  // The conversation the URL names: opened on load, reload and back/forward.
  useEffect(() => {
    if (urlId === stateRef.current.conversationId) return
    if (isRunning()) stop()
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
  }, [urlId, stop, isRunning, trayRef, navigate])

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

  // Follow the conversation as it grows, unless the reader scrolled up to read: by size, since not all that grows
  // is text (the actions, sources and disclaimer shown when an answer ends, a table drawn once the Markdown renderer
  // has arrived, a file's preview, the follow buttons beside cited stocks), and the pane itself changes height with
  // the cookie banner or the composer.
  useEffect(() => {
    const keepToEnd = () => {
      const scroller = scrollerRef.current
      if (!scroller || followedTopRef.current === null) return
      scroller.scrollTop = scroller.scrollHeight
      followedTopRef.current = scroller.scrollTop
    }
    const observer = new ResizeObserver(keepToEnd)
    for (const box of [scrollerRef.current, conversationRef.current]) if (box) observer.observe(box)
    return () => observer.disconnect()
  }, [])

  // Growing content fires no scroll event, so only the reader's own scrolling (or ours, to the end) changes this.
  const noteScrollPosition = () => {
    const scroller = scrollerRef.current
    if (!scroller) return
    const top = scroller.scrollTop
    if (scroller.scrollHeight - top - scroller.clientHeight < 80) followedTopRef.current = top
    else if (top < (followedTopRef.current ?? 0) - 1) followedTopRef.current = null
  }

  // A question refused before it was answered goes back into the box, to send again later.
  useEffect(() => {
    if (state.failure?.question) setDraft((current) => current || (state.failure?.question ?? ''))
  }, [state.failure])

  const ask = (question: string) => {
    const text = question.trim()
    if (!text || stateRef.current.streaming || files.isWaiting) return
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
    followedTopRef.current = 0
    void stream.run({ question: text, fileIds: questionFiles?.fileIds }).then((wasRefused) => {
      if (wasRefused) questionFiles?.putBack()
    })
  }

  const regenerate = (message: ChatMessage) => {
    if (stateRef.current.streaming) return
    dispatch({ type: 'regenerating', answerId: message.id })
    followedTopRef.current = 0
    void stream.run({ regenerate: message.id })
  }

  const vote = async (message: ChatMessage, choice: ChatVote) => {
    const next = message.vote === choice ? null : choice
    dispatch({ type: 'voted', messageId: message.id, vote: next })
    try {
      await voteOnAnswer(message.id, next)
    } catch (error) {
      dispatch({ type: 'voted', messageId: message.id, vote: message.vote, note: message.voteNote })
      toast.error(t([`errors:${codeOf(error)}`, 'errors:INTERNAL_ERROR']))
    }
  }

  /** A down-vote's reason, sent on its own after the vote; the answer shows it back once stored. */
  const voteNote = async (message: ChatMessage, note: string): Promise<boolean> => {
    try {
      const stored = await voteOnAnswer(message.id, 'down', note)
      dispatch({ type: 'voted', messageId: message.id, vote: 'down', note: stored.voteNote ?? note })
      return true
    } catch (error) {
      toast.error(t([`errors:${codeOf(error)}`, 'errors:INTERNAL_ERROR']))
      return false
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
    if (isRunning()) stop()
    trayRef.current?.clear()
    dispatch({ type: 'opened', conversationId: null, messages: [] })
    if (urlId) void navigate('/ai-qna', { preventScrollReset: true })
    focusComposer()
  }

  const open = (id: string, messageId?: string | null) => {
    setIsDrawerOpen(false)
    // A search result opens at its message: the pane stays there instead of following to the end.
    followedTopRef.current = messageId ? null : 0
    setScrollTarget(messageId ? { conversationId: id, messageId } : null)
    if (id !== urlId) void navigate(`/ai-qna?id=${encodeURIComponent(id)}`, { preventScrollReset: true })
    if (!messageId) focusComposer()
  }

  // A search result's message, once the conversation shows it: scrolled into view and marked for a moment.
  useEffect(() => {
    if (!scrollTarget || state.conversationId !== scrollTarget.conversationId || isOpening) return
    const scroller = scrollerRef.current
    if (!scroller) return
    // The search's own code (already here: a result was chosen) waits for the message to be drawn.
    let stop = () => {}
    let isDone = false
    void searchViews.load().then((module) => {
      if (!isDone) stop = module.revealMessage(scroller, scrollTarget.messageId, () => setScrollTarget(null))
    })
    return () => {
      isDone = true
      stop()
    }
  }, [scrollTarget, state.conversationId, isOpening])

  const confirmDelete = async () => {
    const conversation = toDelete
    setToDelete(null)
    if (!conversation) return
    try {
      await conversations.remove(conversation.id)
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
    displayLocale: root.displayLocale,
    onNewChat: newChat,
    onOpen: open,
    onLoadMore: () => void loadList(list.page + 1),
    onRename: conversations.rename,
    onAskDelete: setToDelete,
  }

  const isEmpty = state.messages.length === 0 && !isOpening

  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem-var(--cookie-banner-height,0px))] min-h-[28rem] max-w-screen-2xl gap-6 px-3 py-3 lg:px-6 lg:py-4">
      <aside aria-labelledby="conversations-heading" className="hidden w-72 shrink-0 flex-col gap-3 lg:flex">
        <h2 id="conversations-heading" className="px-2 text-sm font-semibold text-ink-950">
          {t('chat:list.heading')}
        </h2>
        <ConversationList {...listProps} />
      </aside>

      <section
        aria-labelledby="chat-heading"
        className="relative flex min-w-0 flex-1 flex-col gap-3"
        {...files.dropZone}
      >
        {files.isDragging && files.views ? <files.views.DropOverlay /> : null}
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

        <div
          ref={scrollerRef}
          onScroll={noteScrollPosition}
          className="min-h-0 flex-1 overflow-y-auto"
          data-testid="conversation"
        >
          <div ref={conversationRef}>
            {isOpening ? (
              <Spinner label={t('chat:conversation.loading')} className="p-4" />
            ) : isEmpty ? (
              <ChatWelcome questions={welcome} isDisabled={files.isWaiting} onAsk={ask} />
            ) : (
              <Suspense fallback={<Spinner label={t('chat:conversation.loading')} className="p-4" />}>
                <MessageList
                  messages={state.messages}
                  streaming={state.streaming}
                  label={t('chat:conversation.label')}
                  displayLocale={root.displayLocale}
                  onVote={(m, v) => void vote(m, v)}
                  onVoteNote={voteNote}
                  onCopy={(m) => void copy(m)}
                  onRegenerate={regenerate}
                />
              </Suspense>
            )}
          </div>
        </div>

        <div className="mx-auto flex w-full max-w-3xl flex-col gap-2">
          {state.failure ? (
            <Suspense fallback={null}>
              <ChatFailureNotice
                code={state.failure.code}
                retryAfterSeconds={state.failure.retryAfterSeconds ?? null}
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
            onFocus={preloadMessageViews}
            isStreaming={isStreaming}
            onAttach={files.attach}
            onAttachIntent={files.preload}
            canAttach={canAttach}
            isWaitingForFiles={files.isWaiting}
            files={
              files.views && files.tray ? (
                <files.views.FileChips
                  tray={files.tray}
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
