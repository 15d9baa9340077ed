/**
 * A question about a stock index ("How did the Hang Seng do?"): an index is not a company and we do not track index
 * levels; the answer says so in those words (never "company not found") and shows the hot stocks of the index's
 * market, which we do hold.
 */
import type { AssistantEvent } from '../../assistant.ts'
import { marketLabels } from '../../tools/tool-format.ts'
import { answerHot } from './hot.ts'
import type { IntentAnswer } from './intent-answer.ts'
import { indexIn } from './out-of-coverage.ts'

/** "the Hang Seng Index" at the start of a sentence. */
function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

export async function* answerIndex(answer: IntentAnswer): AsyncGenerator<AssistantEvent> {
  const { w, question, locale } = answer
  const index = indexIn(question)
  if (!index) return
  const market = marketLabels[index.market][locale]
  w.declined ??= 'index'
  w.lines.push(
    w.zh
      ? `${index.label[locale]}是股票指數，不是一家公司；本站不追蹤指數點位。以下是本站覆蓋的${market}中最新交易日的熱門股票：`
      : `${capitalized(index.label[locale])} is a stock index, not a company, and we do not track index levels. Here are the hot ${market} we cover instead:`,
  )
  yield* answerHot({ ...answer, reading: { ...answer.reading, market: index.market } })
}
