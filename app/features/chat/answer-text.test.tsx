import { describe, expect, it } from 'vitest'
import { renderMarkup, textOf } from '#app/features/stocks/testing/render-markup.tsx'
import { AnswerText } from './answer-text.tsx'

const answer = '**Tencent** trades below its fair value.\n\n| Metric | Value |\n|---|--:|\n| P/E | 18.2 |'

describe('an answer before its Markdown renderer has arrived', () => {
  it('is held in the chat: a placeholder read out as the label it is given, never the raw marks', () => {
    const held = renderMarkup(<AnswerText text={answer} heldLabel="Writing the answer…" />, { locale: 'en' })
    expect(textOf(held)).toBe('Writing the answer…')
    expect(held).not.toContain('**')
    expect(held).not.toContain('|---|')
    expect(held).toContain('data-testid="chat-answer-held"')
  })

  it('shows as plain text where it is drawn on the server and must be readable without script', () => {
    expect(textOf(renderMarkup(<AnswerText text="Fair value: 412 HKD" />, { locale: 'en' }))).toBe(
      'Fair value: 412 HKD',
    )
  })
})
