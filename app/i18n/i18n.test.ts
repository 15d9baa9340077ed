import { describe, expect, it } from 'vitest'
import { createTranslator } from './i18n.ts'

function sample(locale: 'en' | 'zh-Hant' = 'en') {
  return createTranslator(locale, {
    common: {
      hello: 'Hello',
      greet: 'Hello, {{name}}',
      items_one: '{{count}} item',
      items_other: '{{count}} items',
      alerts_zero: 'No alerts',
      alerts_one: 'One alert',
      alerts_other: '{{count}} alerts',
      limit: 'At most {{max, number}} a day',
      'flat.key': 'A key written whole',
    },
    shell: { nav: { more: 'More' } },
    stocks: { price: 'Price', nav: { more: 'More stocks' } },
  })
}

describe('a message by key', () => {
  it('is looked up in the default namespace, by a dotted path, or in the namespace the key names', () => {
    const translator = sample()
    expect(translator.t('hello')).toBe('Hello')
    expect(translator.t('shell:nav.more')).toBe('More')
    expect(translator.t('flat.key')).toBe('A key written whole')
    const shell = translator.getFixedT(null, 'shell')
    expect(shell('nav.more')).toBe('More')
    expect(translator.getFixedT(null, 'shell', 'nav')('more')).toBe('More')
    expect(shell('stocks:price')).toBe('Price')
  })

  it('is looked for in each namespace of a scope in turn, the first one winning', () => {
    const translator = sample()
    expect(translator.getFixedT(null, ['stocks', 'shell'])('nav.more')).toBe('More stocks')
    expect(translator.getFixedT(null, ['shell', 'stocks'])('price')).toBe('Price')
    expect(translator.t('price', { ns: ['shell', 'stocks'] })).toBe('Price')
  })

  it('answers a missing message with its key, its default, or the first of several keys it has', () => {
    const translator = sample()
    expect(translator.t('missing')).toBe('missing')
    expect(translator.t('errors:NOT_FOUND')).toBe('NOT_FOUND')
    expect(translator.t('missing', { defaultValue: 'Fallback {{name}}', name: 'Ada' })).toBe('Fallback Ada')
    expect(translator.t(['missing', 'hello'])).toBe('Hello')
    expect(translator.t(['missing', 'also.missing'])).toBe('also.missing')
    // Not a message: a group of messages.
    expect(translator.t('shell:nav')).toBe('nav')
  })

  it('gives the same function for the same scope, and the same answer after remembering it', () => {
    const translator = sample()
    expect(translator.getFixedT(null, 'shell')).toBe(translator.getFixedT('en', 'shell'))
    expect(translator.getFixedT(null, 'shell')).not.toBe(translator.getFixedT(null, 'stocks'))
    const shell = translator.getFixedT(null, 'shell')
    expect(shell('nav.more')).toBe(shell('nav.more'))
  })
})

describe('values, counts and numbers', () => {
  it('puts values in, and leaves a placeholder whose value was not given as written', () => {
    const translator = sample()
    expect(translator.t('greet', { name: 'Ada' })).toBe('Hello, Ada')
    expect(translator.t('greet', { name: 'Lin' })).toBe('Hello, Lin')
    expect(translator.t('greet', { name: 3 })).toBe('Hello, 3')
    expect(translator.t('greet', { other: 'x' })).toBe('Hello, {{name}}')
  })

  it('chooses the plural form by the language’s rules, with zero when there is a message for none', () => {
    const en = sample('en')
    expect(en.t('items', { count: 1 })).toBe('1 item')
    expect(en.t('items', { count: 3 })).toBe('3 items')
    expect(en.t('items', { count: 0 })).toBe('0 items')
    expect(en.t('alerts', { count: 0 })).toBe('No alerts')
    expect(en.t('alerts', { count: 1 })).toBe('One alert')
    // Chinese has one form for every count.
    expect(sample('zh-Hant').t('items', { count: 1 })).toBe('1 items')
    // A count already formatted is a value, not a plural's choice.
    expect(en.t('greet', { count: '1,200', name: 'Ada' })).toBe('Hello, Ada')
  })

  it('formats a number as the language writes it', () => {
    expect(sample('en').t('limit', { max: 12000 })).toBe('At most 12,000 a day')
  })
})

describe('catalogs loaded later', () => {
  it('adds a namespace, tells which it has, and answers from it at once', () => {
    const translator = sample()
    const errors = translator.getFixedT(null, 'errors')
    expect(translator.hasResourceBundle('en', 'errors')).toBe(false)
    expect(errors('NOT_FOUND')).toBe('NOT_FOUND')
    expect(translator.exists('errors:NOT_FOUND')).toBe(false)
    translator.addResourceBundle('en', 'errors', { NOT_FOUND: 'Not found' })
    expect(translator.hasResourceBundle('en', 'errors')).toBe(true)
    expect(translator.exists('errors:NOT_FOUND')).toBe(true)
    expect(errors('NOT_FOUND')).toBe('Not found')
    expect(translator.namespaces).toEqual(['common', 'shell', 'stocks', 'errors'])
    // Another language's catalog is not this translator's.
    translator.addResourceBundle('zh-Hant', 'billing', { plan: '方案' })
    expect(translator.hasResourceBundle('zh-Hant', 'billing')).toBe(false)
  })
})
