import { describe, expect, it } from 'vitest'
import { renderMarkup, textOf } from '#app/features/stocks/testing/render-markup.tsx'
import { AnswerText } from './answer-text.tsx'

const answer = '**Tencent** trades below its fair value.\n\n| Metric | Value |\n|---|--:|\n| P/E | 18.2 |'

describe('an answer before its Markdown renderer has arrived', () => {
  it('is held in the chat: a placeholder that says the answer is being written, never the raw marks', () => {
    const en = renderMarkup(<AnswerText text={answer} untilRendered="hold" />, { locale: 'en' })
    expect(textOf(en)).toBe('Writing the answer…')
    expect(en).not.toContain('**')
    expect(en).not.toContain('|---|')
    expect(
      textOf(renderMarkup(<AnswerText text={answer} untilRendered="hold" />, { locale: 'zh-Hant' })),
    ).toBe('正在撰寫回答…')
  })

  it('shows as plain text where it is drawn on the server and must be readable without script', () => {
    expect(textOf(renderMarkup(<AnswerText text="Fair value: 412 HKD" />, { locale: 'en' }))).toBe(
      'Fair value: 412 HKD',
    )
  })
})
