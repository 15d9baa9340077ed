/**
 * The conversation's messages, fetched after the first paint (chat-page.tsx loads this module on demand: a page
 * opens empty and its messages come from the API in the browser). One turn of the conversation: the reader's
 * question with the files it carries (names and sizes as text, nothing to open), and the answer with everything the
 * spec asks of it — the Markdown text (streamed), the tool being used while it is written, a card for every source
 * with its date and a DEMO label, the offline-assistant label, the investment disclaimer, and thumbs up/down, copy
 * and regenerate.
 */
import { clsx } from 'clsx'
import { __iconData as copyShape } from 'lucide-react/icons/copy'
import { __iconData as refreshCwShape } from 'lucide-react/icons/refresh-cw'
import { __iconData as thumbsDownShape } from 'lucide-react/icons/thumbs-down'
import { __iconData as thumbsUpShape } from 'lucide-react/icons/thumbs-up'
import { type FormEvent, useId, useState } from 'react'
import { Link } from 'react-router'
import { DemoBadge } from '#app/components/badge.tsx'
import { deferHydration } from '#app/components/deferred-hydration.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { Spinner } from '#app/components/spinner.tsx'
import { formatDate } from '#app/features/stocks/stock-format.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import {
  type ChatAttachment,
  type ChatMessage,
  type ChatSource,
  type ChatVote,
  chatVoteNoteMaxLength,
} from '#contracts/chat-rules.ts'
import { AnswerText } from './answer-text.tsx'
import { formatFileSize, shortenFileName } from './chat-file-format.ts'
import { FileIcon } from './file-chips.tsx'

const Copy = outlineIcon(copyShape)
const RefreshCw = outlineIcon(refreshCwShape)
const ThumbsDown = outlineIcon(thumbsDownShape)
const ThumbsUp = outlineIcon(thumbsUpShape)

// The follow control (issue 25) beside each stock an answer names: its code fetched after the page's own.
const SourceFollow = deferHydration(() => import('./source-follow.tsx').then((module) => module.SourceFollow))

type DisplayLocale = Parameters<typeof formatDate>[1]

/** A file a sent question carries: its name and size as text, nothing to open. */
function AttachmentChip({
  attachment,
  displayLocale,
}: {
  attachment: ChatAttachment
  displayLocale: DisplayLocale
}) {
  return (
    <li
      className="flex min-w-0 max-w-full items-center gap-1.5 rounded-md bg-brand-700 px-2 py-1 text-xs"
      data-testid="chat-attachment"
      data-kind={attachment.kind}
    >
      <FileIcon kind={attachment.kind} name={attachment.name} className="size-3.5 shrink-0" />
      <span className="truncate font-medium" title={attachment.name}>
        {shortenFileName(attachment.name)}
      </span>
      <span className="shrink-0">{formatFileSize(attachment.size, displayLocale)}</span>
    </li>
  )
}

export function QuestionView({
  message,
  displayLocale,
}: {
  message: ChatMessage
  displayLocale: DisplayLocale
}) {
  const { t } = useTranslation('chat')
  return (
    <li className="flex justify-end" data-testid="chat-question" data-message-id={message.id}>
      <div className="flex max-w-[85%] flex-col gap-2 rounded-2xl rounded-br-sm bg-brand-600 px-4 py-2 text-white">
        <span className="sr-only">{t('conversation.question')}: </span>
        <p className="whitespace-pre-wrap break-words">{message.text}</p>
        {message.attachments.length > 0 ? (
          <ul aria-label={t('files.attached')} className="flex flex-wrap gap-1.5 pb-1">
            {message.attachments.map((attachment) => (
              <AttachmentChip key={attachment.id} attachment={attachment} displayLocale={displayLocale} />
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  )
}

function SourceCard({ source, displayLocale }: { source: ChatSource; displayLocale: DisplayLocale }) {
  const { t } = useTranslation('chat')
  return (
    <li className="flex items-stretch gap-1">
      <Link
        to={source.href}
        data-testid="chat-source"
        data-kind={source.kind}
        className="flex h-full min-w-0 flex-1 flex-col gap-1 rounded-lg border border-ink-100 bg-ink-50 px-3 py-2 text-sm hover:border-brand-600"
      >
        <span className="flex items-center justify-between gap-2 text-xs font-semibold text-ink-700">
          {t(`answer.kinds.${source.kind}`)}
          {source.isDemo ? <DemoBadge /> : null}
        </span>
        <span className="font-medium text-ink-950">{source.title}</span>
        <span className="text-xs text-ink-700">
          {t('answer.asOf', { date: formatDate(source.asOf, displayLocale) })}
        </span>
      </Link>
      {/* The stocks an answer names can be followed from it (issue 25), beside the card, never inside its link. */}
      <SourceFollow source={source} />
    </li>
  )
}

function IconButton({
  label,
  onClick,
  isPressed,
  disabled,
  children,
  testId,
}: {
  label: string
  onClick(): void
  isPressed?: boolean
  disabled?: boolean
  children: React.ReactNode
  testId: string
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={isPressed}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
      className={clsx(
        'rounded-md p-1.5 text-ink-700 hover:bg-ink-100 hover:text-ink-950 disabled:cursor-not-allowed disabled:opacity-50',
        isPressed && 'bg-brand-100 text-brand-700',
      )}
    >
      {children}
    </button>
  )
}

/**
 * After a "not helpful" vote: the reader may say in a few words what was wrong; editors read it beside the question
 * in the console's view of what the chat could not answer. Once stored, the answer shows the reason back
 * (`VoteNoteRecorded`), after a reload too.
 */
function VoteNoteForm({
  onSend,
}: {
  /** Resolves true once the reason is stored. */
  onSend(note: string): Promise<boolean>
}) {
  const { t } = useTranslation('chat')
  const id = useId()
  const [note, setNote] = useState('')
  const [isSending, setIsSending] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!note.trim()) return
    setIsSending(true)
    if (!(await onSend(note.trim()))) setIsSending(false)
  }
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => void submit(event)}
      data-testid="vote-note"
    >
      <label htmlFor={id} className="flex min-w-0 flex-1 flex-col gap-1 text-sm text-ink-700">
        {t('answer.noteLabel')}
        <input
          id={id}
          type="text"
          value={note}
          maxLength={chatVoteNoteMaxLength}
          onChange={(event) => setNote(event.target.value)}
          className="rounded-lg border border-ink-200 px-3 py-2 text-base text-ink-900"
        />
      </label>
      <button
        type="submit"
        disabled={isSending || !note.trim()}
        className="rounded-lg border border-ink-200 px-3 py-2 text-sm font-medium text-ink-900 disabled:opacity-60"
      >
        {t('answer.noteSend')}
      </button>
    </form>
  )
}

/** The reason the reader gave with their down-vote, as stored: they see it was recorded, now and after a reload. */
function VoteNoteRecorded({ note }: { note: string }) {
  const { t } = useTranslation('chat')
  return (
    <p role="status" className="text-sm break-words text-ink-700" data-testid="vote-note-sent">
      {t('answer.noteRecorded', { note })}
    </p>
  )
}

export function AnswerView({
  message,
  isStreaming,
  toolLabel,
  isBusy,
  displayLocale,
  onVote,
  onVoteNote,
  onCopy,
  onRegenerate,
}: {
  message: ChatMessage
  isStreaming: boolean
  toolLabel: string | null
  /** Another answer is being written: regenerate waits. */
  isBusy: boolean
  displayLocale: DisplayLocale
  onVote(message: ChatMessage, vote: ChatVote): void
  onVoteNote(message: ChatMessage, note: string): Promise<boolean>
  onCopy(message: ChatMessage): void
  onRegenerate(message: ChatMessage): void
}) {
  const { t } = useTranslation('chat')
  const isSettled = !isStreaming && !message.id.startsWith('local-')
  // The reason is asked right after a down-vote in this visit, not on every answer voted down before.
  const [asksNote, setAsksNote] = useState(false)
  return (
    <li
      className="flex flex-col gap-3"
      data-testid="chat-answer"
      data-message-id={message.id}
      data-status={isStreaming ? 'streaming' : message.status}
      aria-busy={isStreaming || undefined}
    >
      <div className="flex flex-col gap-3 rounded-2xl rounded-bl-sm border border-ink-100 bg-white px-4 py-3">
        <span className="sr-only">{t('conversation.answer')}: </span>
        {message.text ? (
          <div className="prose-content break-words [&_ol]:my-2 [&_p]:my-2 [&_table]:my-3 [&_ul]:my-2">
            <AnswerText text={message.text} heldLabel={t('answer.writing')} />
          </div>
        ) : null}
        {isStreaming ? (
          <p className="flex items-center gap-2 text-sm text-ink-700" data-testid="chat-tool-status">
            <Spinner size="sm" />
            {toolLabel ?? (message.text ? t('answer.writing') : t('answer.lookingUp'))}
          </p>
        ) : null}
        {message.status === 'stopped' && !isStreaming ? (
          <p className="text-sm font-medium text-ink-700" data-testid="chat-stopped">
            {t('answer.stopped')}
          </p>
        ) : null}
        {message.status === 'failed' && !isStreaming ? (
          <p className="text-sm font-medium text-loss">{t('answer.failed')}</p>
        ) : null}
        {message.sources.length > 0 ? (
          <section aria-label={t('answer.sources')} className="flex flex-col gap-2">
            <h3 className="text-xs font-semibold tracking-wide text-ink-700 uppercase">
              {t('answer.sources')}
            </h3>
            <ul className="grid gap-2 sm:grid-cols-2">
              {message.sources.map((source) => (
                <SourceCard
                  key={`${source.kind}:${source.href}`}
                  source={source}
                  displayLocale={displayLocale}
                />
              ))}
            </ul>
          </section>
        ) : null}
        {isStreaming ? null : (
          <div className="flex flex-col gap-1 border-t border-ink-100 pt-2 text-xs text-ink-700">
            {message.isDemo ? (
              <p className="flex items-center gap-2" data-testid="chat-demo">
                <DemoBadge />
                {t('answer.demo')}
              </p>
            ) : null}
            {message.assistant === 'offline' ? <p data-testid="chat-offline">{t('answer.offline')}</p> : null}
            <p data-testid="chat-disclaimer">{t('answer.disclaimer')}</p>
          </div>
        )}
      </div>
      {isSettled ? (
        <div className="flex items-center gap-1">
          <IconButton
            label={t('answer.voteUp')}
            isPressed={message.vote === 'up'}
            onClick={() => onVote(message, 'up')}
            testId="vote-up"
          >
            <ThumbsUp className="size-4" aria-hidden="true" />
          </IconButton>
          <IconButton
            label={t('answer.voteDown')}
            isPressed={message.vote === 'down'}
            onClick={() => {
              setAsksNote(message.vote !== 'down')
              onVote(message, 'down')
            }}
            testId="vote-down"
          >
            <ThumbsDown className="size-4" aria-hidden="true" />
          </IconButton>
          <IconButton
            label={t('answer.copy')}
            onClick={() => onCopy(message)}
            disabled={!message.text}
            testId="copy"
          >
            <Copy className="size-4" aria-hidden="true" />
          </IconButton>
          <IconButton
            label={t('answer.regenerate')}
            onClick={() => onRegenerate(message)}
            disabled={isBusy}
            testId="regenerate"
          >
            <RefreshCw className="size-4" aria-hidden="true" />
          </IconButton>
        </div>
      ) : null}
      {isSettled && message.vote === 'down' && message.voteNote ? (
        <VoteNoteRecorded note={message.voteNote} />
      ) : isSettled && asksNote && message.vote === 'down' ? (
        <VoteNoteForm onSend={(note) => onVoteNote(message, note)} />
      ) : null}
    </li>
  )
}

export interface MessageListProps {
  messages: ChatMessage[]
  streaming: { answerId: string; toolLabel: string | null } | null
  displayLocale: DisplayLocale
  label: string
  onVote(message: ChatMessage, vote: ChatVote): void
  onVoteNote(message: ChatMessage, note: string): Promise<boolean>
  onCopy(message: ChatMessage): void
  onRegenerate(message: ChatMessage): void
}

export function MessageList({ messages, streaming, label, ...actions }: MessageListProps) {
  return (
    <ol className="mx-auto flex max-w-3xl flex-col gap-4 pb-4" aria-label={label}>
      {messages.map((message) =>
        message.role === 'question' ? (
          <QuestionView key={message.id} message={message} displayLocale={actions.displayLocale} />
        ) : (
          <AnswerView
            key={message.id}
            message={message}
            isStreaming={streaming?.answerId === message.id}
            toolLabel={streaming?.answerId === message.id ? streaming.toolLabel : null}
            isBusy={streaming !== null}
            {...actions}
          />
        ),
      )}
    </ol>
  )
}
