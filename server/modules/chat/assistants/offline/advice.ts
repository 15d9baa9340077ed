/**
 * "Should I buy Apple?": we do not tell anyone to buy or sell; the answer says so, then shows what the data says
 * (the valuation of one company, the comparison of several), or what it can show when no company is named.
 */
import type { AssistantEvent } from '../../assistant.ts'
import { writeCapabilities } from './cannot.ts'
import { answerCompare } from './compare.ts'
import type { IntentAnswer } from './intent-answer.ts'
import { answerValuation } from './valuation.ts'

export async function* answerAdvice(answer: IntentAnswer): AsyncGenerator<AssistantEvent> {
  const { w, mentions } = answer
  w.declined ??= 'advice'
  w.lines.push(
    w.zh
      ? '我們不會叫您買入或賣出任何股票，這要由您按自己的情況決定。'
      : 'We don’t tell you to buy or sell: that is your decision, for your own circumstances.',
  )
  if (mentions.length === 0) {
    w.lines.push(
      w.zh
        ? '請告訴我公司的名稱或代號，我會列出它的估值、評分及股價數據。'
        : 'Name a company and I will show you its valuation, scores and price figures.',
    )
    writeCapabilities(w)
    return
  }
  w.lines.push(w.zh ? '以下是數據所顯示的：' : 'Here is what the data says:')
  yield* mentions.length >= 2 ? answerCompare(answer) : answerValuation(answer)
}
