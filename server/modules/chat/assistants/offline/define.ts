/**
 * "What is X" questions: the term's meaning from the chat's reviewed glossary (glossary/), in the reader's language,
 * and the page of the product that shows it.
 */
import type { AssistantEvent } from '../../assistant.ts'
import { definitionAsked } from '../../glossary/glossary.ts'
import type { TermAnswer } from '../../tools/glossary-tools.ts'
import { writeCannot } from './cannot.ts'
import type { IntentAnswer } from './intent-answer.ts'

export async function* answerDefine({ question, w, call }: IntentAnswer): AsyncGenerator<AssistantEvent> {
  const term = definitionAsked(question)
  if (!term) {
    writeCannot(w, 'unknown')
    return
  }
  const out: { value?: TermAnswer } = {}
  yield* call('defineTerm', { term: term.names.en[0] ?? term.key }, out)
  const answer = out.value
  if (!answer?.found) {
    writeCannot(w, 'unknown')
    return
  }
  w.lines.push(w.zh ? `**${answer.name}**：${answer.definition}` : `**${answer.name}**: ${answer.definition}`)
  w.lines.push(
    w.zh
      ? `本站在這裡顯示：[${answer.shownAt.title}](${answer.shownAt.href})。`
      : `Where we show it: [${answer.shownAt.title}](${answer.shownAt.href}).`,
  )
}
