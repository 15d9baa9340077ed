/**
 * The question box: Enter sends, Shift+Enter starts a new line (and Enter while an input method is composing
 * Chinese text confirms the characters, not the question), up to 2000 characters with a counter once near the
 * limit. While an answer is being written the send button waits and a Stop button takes its place.
 * Files come in by the paperclip's file picker or pasted into the box (a screenshot); their chips sit above it,
 * and sending waits, saying why, while one is still being uploaded or read.
 */

import { __iconData as arrowUpShape } from 'lucide-react/icons/arrow-up'
import { __iconData as paperclipShape } from 'lucide-react/icons/paperclip'
import { __iconData as squareShape } from 'lucide-react/icons/square'
import { forwardRef, type ReactNode, useRef } from 'react'
import { outlineIcon } from '#app/components/icons.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { chatFileAccept } from '#contracts/chat-file-rules.ts'
import { chatQuestionMaxLength } from '#contracts/chat-rules.ts'

const ArrowUp = outlineIcon(arrowUpShape)
const Paperclip = outlineIcon(paperclipShape)
const Square = outlineIcon(squareShape)

/** The counter shows from this many characters on. */
const counterFrom = chatQuestionMaxLength - 200

export interface ComposerProps {
  value: string
  onChange(value: string): void
  onSend(): void
  onStop(): void
  onFocus?(): void
  isStreaming: boolean
  /** Files picked or pasted. */
  onAttach(files: File[]): void
  /** Intent to attach (pointer over, focus on the paperclip): time to fetch the upload code. */
  onAttachIntent?(): void
  canAttach: boolean
  /** Files are still being uploaded or read: sending waits. */
  isWaitingForFiles: boolean
  /** The chips of the files pending on the question. */
  files?: ReactNode
}

export const Composer = forwardRef<HTMLTextAreaElement, ComposerProps>(function Composer(
  {
    value,
    onChange,
    onSend,
    onStop,
    onFocus,
    isStreaming,
    onAttach,
    onAttachIntent,
    canAttach,
    isWaitingForFiles,
    files,
  },
  ref,
) {
  const { t } = useTranslation('chat')
  const pickerRef = useRef<HTMLInputElement>(null)
  const canSend =
    !isStreaming && !isWaitingForFiles && value.trim().length > 0 && value.length <= chatQuestionMaxLength
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        if (canSend) onSend()
      }}
    >
      {files}
      <div className="flex items-end gap-1 rounded-card border border-ink-300 bg-white p-2 focus-within:border-brand-600 sm:gap-2">
        <button
          type="button"
          disabled={!canAttach}
          onClick={() => pickerRef.current?.click()}
          onPointerEnter={onAttachIntent}
          onFocus={onAttachIntent}
          aria-label={t('composer.attach')}
          title={t('composer.attach')}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-ink-700 hover:bg-ink-100 hover:text-ink-950 disabled:cursor-not-allowed disabled:opacity-50"
          data-testid="attach"
        >
          <Paperclip className="size-5" aria-hidden="true" />
        </button>
        <input
          ref={pickerRef}
          type="file"
          multiple
          accept={chatFileAccept}
          tabIndex={-1}
          aria-hidden="true"
          className="hidden"
          data-testid="attach-input"
          onChange={(event) => {
            const picked = [...(event.target.files ?? [])]
            // Cleared, so that picking the same file again (after removing its chip) is a change too.
            event.target.value = ''
            if (picked.length > 0) onAttach(picked)
          }}
        />
        <textarea
          ref={ref}
          value={value}
          rows={2}
          maxLength={chatQuestionMaxLength}
          aria-label={t('composer.label')}
          aria-describedby="composer-hint"
          placeholder={t('composer.placeholder')}
          data-testid="composer"
          onChange={(event) => onChange(event.target.value)}
          onFocus={onFocus}
          onPaste={(event) => {
            const pasted = [...event.clipboardData.files]
            if (pasted.length === 0 || !canAttach) return
            event.preventDefault()
            onAttach(pasted)
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
            event.preventDefault()
            if (canSend) onSend()
          }}
          className="max-h-48 min-h-12 flex-1 resize-none bg-transparent px-2 py-1.5 text-base text-ink-950 placeholder:text-ink-500 focus:outline-none"
        />
        {isStreaming ? (
          <button
            type="button"
            onClick={onStop}
            className="inline-flex h-10 items-center gap-1 rounded-lg bg-ink-900 px-3 text-sm font-medium text-white hover:bg-ink-800"
            data-testid="stop"
          >
            <Square className="size-4" aria-hidden="true" />
            {t('answer.stop')}
          </button>
        ) : (
          <button
            type="submit"
            disabled={!canSend}
            aria-label={t('composer.send')}
            aria-describedby="composer-hint"
            title={isWaitingForFiles ? t('composer.waitForFiles') : t('composer.send')}
            className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-600 text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-brand-600/50"
            data-testid="send"
          >
            <ArrowUp className="size-5" aria-hidden="true" />
          </button>
        )}
      </div>
      <div className="flex justify-between gap-2 px-1 text-xs text-ink-700">
        <span id="composer-hint" data-testid="composer-hint">
          {isWaitingForFiles ? t('composer.waitForFiles') : t('composer.hint')}
        </span>
        {value.length >= counterFrom ? (
          <span data-testid="composer-counter" aria-live="polite">
            {t('composer.counter', { count: value.length, max: chatQuestionMaxLength })}
          </span>
        ) : null}
      </div>
    </form>
  )
})
