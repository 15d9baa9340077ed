import { describe, expect, it } from 'vitest'
import errorsEn from '#contracts/messages/en/errors.json' with { type: 'json' }
import errorsZh from '#contracts/messages/zh-Hant/errors.json' with { type: 'json' }
import { readCatalogFiles } from './catalog-files.ts'
import { createTranslator } from './i18n.ts'
import classroomZh from './locales/zh-Hant/classroom.json' with { type: 'json' }
import { getServerTranslator, rememberPlainMessages } from './translator.server.ts'

function sample() {
  return rememberPlainMessages(
    createTranslator('en', {
      common: {
        hello: 'Hello',
        greet: 'Hello, {{name}}',
        items_one: '{{count}} item',
        items_other: '{{count}} items',
      },
      shell: { nav: { more: 'More' } },
    }),
  )
}

describe('the server translator', () => {
  it('holds the app’s catalogs and the shared floor’s (contracts/messages), in both languages', () => {
    expect(getServerTranslator('en').t('errors:NOT_FOUND')).toBe(errorsEn.NOT_FOUND)
    expect(getServerTranslator('zh-Hant').t('errors:NOT_FOUND')).toBe(errorsZh.NOT_FOUND)
    expect(getServerTranslator('zh-Hant').t('classroom:lessonMissing')).toBe(classroomZh.lessonMissing)
    const namespaces = (locale: 'en' | 'zh-Hant') => getServerTranslator(locale).options.ns
    expect(namespaces('en')).toEqual(expect.arrayContaining(Object.keys(readCatalogFiles('en'))))
    expect(namespaces('zh-Hant')).toEqual(expect.arrayContaining(Object.keys(readCatalogFiles('zh-Hant'))))
  })

  it('answers plain messages as i18next does, by key, namespace and prefix', () => {
    const translator = sample()
    expect(translator.t('hello')).toBe('Hello')
    expect(translator.t('hello')).toBe('Hello')
    expect(translator.t('shell:nav.more')).toBe('More')
    const shell = translator.getFixedT('en', 'shell')
    expect(shell('nav.more')).toBe('More')
    expect(shell('nav.more')).toBe('More')
    expect(translator.getFixedT('en', 'shell', 'nav')('more')).toBe('More')
    // The same key in another namespace is another message.
    expect(translator.getFixedT('en', 'common')('nav.more')).toBe('nav.more')
  })

  it('still puts values, counts and defaults into messages, whatever was remembered before', () => {
    const translator = sample()
    const common = translator.getFixedT('en', 'common')
    expect(common('greet', { name: 'Ada' })).toBe('Hello, Ada')
    expect(common('greet', { name: 'Lin' })).toBe('Hello, Lin')
    expect(common('items', { count: 1 })).toBe('1 item')
    expect(common('items', { count: 3 })).toBe('3 items')
    expect(translator.t('missing', { defaultValue: 'Fallback' })).toBe('Fallback')
    expect(translator.t('greet', { name: 'Kim' })).toBe('Hello, Kim')
  })

  it('remembers a component’s message per value, and formats anything else each time', () => {
    const common = sample().getFixedT('en', 'common')
    for (const name of ['Ada', 'Lin', 'Ada']) expect(common('greet', { name })).toBe(`Hello, ${name}`)
    for (const count of [1, 3, 1, 3])
      expect(common('items', { count })).toBe(count === 1 ? '1 item' : `${count} items`)
    expect(common('greet', { name: 'Ada', count: 2 })).toBe('Hello, Ada')
    // A value i18next formats (an object) is not a plain value: still put in as i18next does.
    expect(common('greet', { name: { toString: () => 'Kim' } })).toBe('Hello, Kim')
    expect(common('greet', { name: { toString: () => 'Lee' } })).toBe('Hello, Lee')
    expect(common('missing', { defaultValue: 'Fallback' })).toBe('Fallback')
    expect(common('missing', { defaultValue: 'Other' })).toBe('Other')
  })

  it('keeps the two languages apart', () => {
    const en = getServerTranslator('en').getFixedT('en', 'common')
    const hant = getServerTranslator('zh-Hant').getFixedT('zh-Hant', 'common')
    const key = Object.keys(getServerTranslator('en').getResourceBundle('en', 'common')).find(
      (name) => typeof getServerTranslator('en').getResourceBundle('en', 'common')[name] === 'string',
    ) as string
    expect(en(key)).not.toBe(hant(key))
    expect(en(key)).toBe(en(key))
    expect(hant(key)).toBe(getServerTranslator('zh-Hant').t(`common:${key}`))
  })
})
