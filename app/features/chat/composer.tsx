/**
 * The question box: Enter sends, Shift+Enter starts a new line (and Enter while an input method is composing
 * Chinese text confirms the characters, not the question), up to 2000 characters with a counter once near the
 * limit. While an answer is being written the send button waits and a Stop button takes its place.
 */
import { ArrowUp, Square } from 'lucide-react'
import { forwardRef } from 'react'
import { useTranslation } from 'react-i18next'
import { chatQuestionMaxLength } from '#contracts/chat-rules.ts'

/** The counter shows from this many characters on. */
const counterFrom = chatQuestionMaxLength - 200

export interface ComposerProps {
  value: string
  onChange(value: string): void
  onSend(): void
  onStop(): void
  onFocus?(): void
  isStreaming: boolean
}

export const Composer = forwardRef<HTMLTextAreaElement, ComposerProps>(function Composer(
  { value, onChange, onSend, onStop, onFocus, isStreaming },
  ref,
) {
  const { t } = useTranslation('chat')
  const canSend = !isStreaming && value.trim().length > 0 && value.length <= chatQuestionMaxLength
  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault()
        if (canSend) onSend()
      }}
    >
      <div className="flex items-end gap-2 rounded-card border border-ink-300 bg-white p-2 focus-within:border-brand-600">
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
            title={t('composer.send')}
            className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-600 text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-brand-600/50"
            data-testid="send"
          >
            <ArrowUp className="size-5" aria-hidden="true" />
          </button>
        )}
      </div>
      <div className="flex justify-between gap-2 px-1 text-xs text-ink-700">
        <span id="composer-hint">{t('composer.hint')}</span>
        {value.length >= counterFrom ? (
          <span data-testid="composer-counter" aria-live="polite">
            {t('composer.counter', { count: value.length, max: chatQuestionMaxLength })}
          </span>
        ) : null}
      </div>
    </form>
  )
})
