import { describe, expect, it } from 'vitest'
import errorsEn from '#contracts/messages/en/errors.json' with { type: 'json' }
import errorsZh from '#contracts/messages/zh-Hant/errors.json' with { type: 'json' }
import { readCatalogFiles } from './catalog-files.ts'
import classroomZh from './locales/zh-Hant/classroom.json' with { type: 'json' }
import { getServerTranslator } from './translator.server.ts'

describe('the server translator', () => {
  it('holds the app’s catalogs and the shared floor’s (contracts/messages), in both languages', () => {
    expect(getServerTranslator('en').t('errors:NOT_FOUND')).toBe(errorsEn.NOT_FOUND)
    expect(getServerTranslator('zh-Hant').t('errors:NOT_FOUND')).toBe(errorsZh.NOT_FOUND)
    expect(getServerTranslator('zh-Hant').t('classroom:lessonMissing')).toBe(classroomZh.lessonMissing)
    const namespaces = (locale: 'en' | 'zh-Hant') => getServerTranslator(locale).namespaces
    expect(namespaces('en')).toEqual(expect.arrayContaining(Object.keys(readCatalogFiles('en'))))
    expect(namespaces('zh-Hant')).toEqual(expect.arrayContaining(Object.keys(readCatalogFiles('zh-Hant'))))
  })

  it('keeps the two languages apart', () => {
    const en = getServerTranslator('en').getFixedT('en', 'common')
    const hant = getServerTranslator('zh-Hant').getFixedT('zh-Hant', 'common')
    const common = getServerTranslator('en').getResourceBundle('en', 'common') ?? {}
    const key = Object.keys(common).find((name) => typeof common[name] === 'string') as string
    expect(en(key)).not.toBe(hant(key))
    expect(en(key)).toBe(en(key))
    expect(hant(key)).toBe(getServerTranslator('zh-Hant').t(`common:${key}`))
  })
})
