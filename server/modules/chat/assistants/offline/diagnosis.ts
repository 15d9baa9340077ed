/** Diagnosis questions: one company's AI diagnosis — scores, fair value range, support and resistance, methods. */
import type { AssistantEvent } from '../../assistant.ts'
import type { DiagnosisFacts } from '../../tools/company-tools.ts'
import { marginText, money, score, stockName, table, type Writer } from './answer-writer.ts'
import { writeCannot } from './cannot.ts'
import { companyInput, type IntentAnswer } from './intent-answer.ts'

export async function* answerDiagnosis({
  mentions: [first],
  w,
  call,
}: IntentAnswer): AsyncGenerator<AssistantEvent> {
  if (!first) {
    writeCannot(w, 'no_company')
    return
  }
  const d: { value?: DiagnosisFacts } = {}
  yield* call('getDiagnosis', companyInput(first), d)
  if (d.value) writeDiagnosis(w, d.value)
}

const methodsShown = 6

function writeDiagnosis(w: Writer, d: DiagnosisFacts): void {
  const { zh } = w
  const s = d.stock
  w.lines.push(
    zh
      ? `**${stockName(s)}** 的 AI 診斷：${d.summary}`
      : `The AI diagnosis of **${stockName(s)}**: ${d.summary}`,
  )
  w.lines.push(
    table(zh ? ['評分', '分數', '通過檢查'] : ['Score', 'Value', 'Checks passed'], [
      [zh ? 'AI 總評分' : 'AI total score', score(d.totalScore, zh), ''],
      ...d.scores.map((x) => [x.label, score(x.value, zh), `${x.checksPassed}/${x.checksTotal}`]),
    ]),
  )
  const support = d.levels.support
  const resistance = d.levels.resistance
  w.lines.push(
    table(zh ? ['項目', '數值'] : ['Item', 'Value'], [
      [zh ? '收市價' : 'Close', money(s.price, s, zh)],
      [
        zh ? '合理價（低／基準／高）' : 'Fair value (low / base / high)',
        `${money(d.fairValue.low, s, zh)} / ${money(d.fairValue.base, s, zh)} / ${money(d.fairValue.high, s, zh)}`,
      ],
      [zh ? '安全邊際／溢價' : 'Margin', marginText(d.fairValue.downsideMargin, zh)],
      [zh ? '支撐位' : 'Support', support ? money(support.price, s, zh) : zh ? '不適用' : 'n/a'],
      [zh ? '阻力位' : 'Resistance', resistance ? money(resistance.price, s, zh) : zh ? '不適用' : 'n/a'],
    ]),
  )
  // The diagnosis cites two dozen methods; the answer names the first few and the page lists them all.
  const methods = d.methods.slice(0, methodsShown)
  const more = d.methods.length > methodsShown
  if (methods.length > 0)
    w.lines.push(
      zh
        ? `所用方法：${methods.join('、')}${more ? '等' : ''}。`
        : `Methods: ${methods.join('; ')}${more ? '; and more' : ''}.`,
    )
}
