import { describe, expect, it } from 'vitest'
import { createTranslator } from './i18n.ts'
import { messageTemplate } from './message-template.ts'

const translators = {
  en: createTranslator('en', {
    t: { remove: 'Remove {{name}}', title: 'Support {{price}} · {{date}}', plain: 'Actions' },
  }),
  'zh-Hant': createTranslator('zh-Hant', {
    t: { title: '{{date}} 的支撐 {{price}}', twice: '{{name}}：{{name}}' },
  }),
}
const translate = (language: 'en' | 'zh-Hant') => (key: string, values: Record<string, string>) =>
  translators[language].getFixedT(null, 't')(key, values)

describe('a message filled many times', () => {
  it('reads as the translation with the values in their place', () => {
    const remove = messageTemplate(translate('en'), 'remove', ['name'])
    expect(remove({ name: 'Apple Inc.' })).toBe('Remove Apple Inc.')
    expect(remove({ name: 'NVIDIA Corp.' })).toBe('Remove NVIDIA Corp.')
  })

  it('keeps the order a language puts its values in, and a value named twice', () => {
    const title = messageTemplate(translate('zh-Hant'), 'title', ['price', 'date'])
    expect(title({ price: 'US$315.16', date: '2026年11月27日' })).toBe('2026年11月27日 的支撐 US$315.16')
    expect(messageTemplate(translate('zh-Hant'), 'twice', ['name'])({ name: '蘋果' })).toBe('蘋果：蘋果')
  })

  it('gives a message without values as it is', () => {
    expect(messageTemplate(translate('en'), 'plain', [])({})).toBe('Actions')
  })
})
