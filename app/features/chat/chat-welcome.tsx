/** A new chat before its first question: what the assistant is for, and questions to start with. */
import { useTranslation } from '#app/i18n/use-translation.tsx'

export function ChatWelcome({
  questions,
  isDisabled,
  onAsk,
}: {
  questions: string[]
  /** While the files of the question are not ready. */
  isDisabled: boolean
  onAsk(question: string): void
}) {
  const { t } = useTranslation('chat')
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 py-6">
      <div className="flex flex-col gap-1">
        <h2 className="text-xl font-semibold text-ink-950">{t('conversation.emptyTitle')}</h2>
        <p className="text-ink-700">{t('conversation.emptyIntro')}</p>
      </div>
      {questions.length > 0 ? (
        <section aria-labelledby="suggestions-heading" className="flex flex-col gap-2">
          <h3 id="suggestions-heading" className="text-sm font-semibold text-ink-800">
            {t('conversation.suggestions')}
          </h3>
          <ul className="flex flex-wrap gap-2" data-testid="suggestions">
            {questions.map((question) => (
              <li key={question}>
                <button
                  type="button"
                  onClick={() => onAsk(question)}
                  disabled={isDisabled}
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
  )
}
