import { describe, expect, it } from 'vitest'
import { cleanTitle, fallbackTitleOf } from './chat-titles.ts'

describe('conversation titles', () => {
  it('keeps a short question as it is, on one line', () => {
    expect(fallbackTitleOf('  Is Tencent\nundervalued?  ')).toBe('Is Tencent undervalued?')
  })

  it('cuts a long English question between words, within 60 characters', () => {
    const question =
      'Compare the gross margins and operating margins of Apple and Microsoft over the last five years please'
    const title = fallbackTitleOf(question)
    expect(title.length).toBeLessThanOrEqual(60)
    expect(title.endsWith('…')).toBe(true)
    expect(question.startsWith(title.slice(0, -1))).toBe(true)
    expect(question[title.length - 1]).toBe(' ')
  })

  it('cuts a long Chinese question between characters', () => {
    const question = '騰訊'.repeat(40)
    const title = fallbackTitleOf(question)
    expect(title.length).toBeLessThanOrEqual(60)
    expect(title).toBe(`${'騰訊'.repeat(29)}騰…`)
  })

  it('never splits a character made of two UTF-16 units', () => {
    const title = fallbackTitleOf('😀'.repeat(40))
    expect(title.length).toBeLessThanOrEqual(60)
    expect(title).toBe(`${'😀'.repeat(29)}…`)
  })

  it('drops the quotes and newlines a model adds, and falls back to the question when it proposes nothing', () => {
    expect(cleanTitle('"Tencent valuation"\n', 'Is Tencent undervalued?')).toBe('Tencent valuation')
    expect(cleanTitle('  \n ', 'Is Tencent undervalued?')).toBe('Is Tencent undervalued?')
  })
})
