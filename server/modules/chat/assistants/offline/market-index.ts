/**
 * A question about a stock index ("How did the Hang Seng do?"): an index is not a company and we do not carry
 * exchange indices' levels; the answer says so in those words (never "company not found"), then how the index's
 * market did by our own equal-weight index of the companies we cover there, named as ours (market.ts).
 */
import type { AssistantEvent } from '../../assistant.ts'
import type { MarketOverviewFacts } from '../../tools/market-tools.ts'
import { marketLabels } from '../../tools/tool-format.ts'
import type { IntentAnswer } from './intent-answer.ts'
import { writeMarket } from './market.ts'
import { indexIn } from './out-of-coverage.ts'

/** "the Hang Seng Index" at the start of a sentence. */
function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

export async function* answerIndex(answer: IntentAnswer): AsyncGenerator<AssistantEvent> {
  const { w, question, locale, call } = answer
  const index = indexIn(question)
  if (!index) return
  const market = marketLabels[index.market][locale]
  w.declined ??= 'index'
  w.lines.push(
    w.zh
      ? `${index.label[locale]}是股票指數，不是一家公司；本站不提供其點位。以下是本站以所覆蓋的${market}自行計算的指數：`
      : `${capitalized(index.label[locale])} is a stock index, not a company, and we do not carry its level. Here is how ${market} did by our own index of the companies we cover:`,
  )
  const out: { value?: MarketOverviewFacts } = {}
  yield* call('getMarketOverview', { market: index.market }, out)
  if (out.value) writeMarket(w, out.value, answer.reading.span ?? 'day', false)
}
