import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readCatalogFiles } from './catalog-files.ts'
import { type Catalog, createTranslator } from './i18n.ts'

function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
        Object.entries(flatten(v, prefix ? `${prefix}.${k}` : k)),
      ),
    )
  }
  return { [prefix]: value }
}

/** The app's namespaces and the shared floor's (catalog-files.ts), each flattened to `a.b.c` keys. */
function catalog(locale: string) {
  return Object.fromEntries(
    Object.entries(readCatalogFiles(locale)).map(([namespace, messages]) => [namespace, flatten(messages)]),
  )
}

describe('message catalogs', () => {
  const en = catalog('en')
  const zh = catalog('zh-Hant')

  it('have the same namespaces in both languages', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort())
  })

  it('have every key in both languages, none empty', () => {
    for (const namespace of Object.keys(en)) {
      const enKeys = Object.keys(en[namespace] ?? {}).sort()
      const zhKeys = Object.keys(zh[namespace] ?? {}).sort()
      expect(zhKeys, `keys of ${namespace}`).toEqual(enKeys)
      for (const key of enKeys) {
        expect(String(en[namespace]?.[key]).trim(), `en ${namespace}:${key}`).not.toBe('')
        expect(String(zh[namespace]?.[key]).trim(), `zh-Hant ${namespace}:${key}`).not.toBe('')
      }
    }
  })

  it('keep the same interpolation variables in both languages', () => {
    for (const namespace of Object.keys(en)) {
      for (const [key, value] of Object.entries(en[namespace] ?? {})) {
        const variables = (text: unknown) =>
          [...String(text).matchAll(/\{\{(\w+)(?:, *\w+)?\}\}/g)].map((m) => m[0]).sort()
        expect(variables(zh[namespace]?.[key]), `${namespace}:${key}`).toEqual(variables(value))
      }
    }
  })

  it('write the plan limits in refusals as numbers are written in each language', () => {
    const limits = ['PORTFOLIO_FULL', 'WATCHLIST_LISTS_FULL', 'WATCHLIST_STOCKS_FULL']
    for (const [locale, messages] of [
      ['en', readCatalogFiles('en')],
      ['zh-Hant', readCatalogFiles('zh-Hant')],
    ] as const) {
      const t = createTranslator(locale, messages as Catalog).getFixedT(locale, 'errors')
      for (const code of limits) expect(t(code, { max: 2500 }), `${locale} ${code}`).toContain('2,500')
    }
  })

  it('name the plans in Chinese on the Chinese sites, as the account menu does', () => {
    for (const tier of ['base', 'plus', 'premium']) {
      expect(zh.plans?.[`subscribe.tiers.${tier}`], tier).toBe(zh.account?.[`menu.tiers.${tier}`])
    }
    const englishTierNames = Object.entries(zh.plans ?? {}).filter(([, text]) =>
      /\b(Base|Plus|Premium)\b/.test(String(text)),
    )
    expect(englishTierNames).toEqual([])
  })

  it('use full-width punctuation after Chinese text and never run a name into Chinese words', () => {
    const offending = Object.entries(zh).flatMap(([namespace, messages]) =>
      Object.entries(messages ?? {})
        .filter(
          ([, text]) =>
            /[\u4e00-\u9fff][:,;?!](\s|$)/u.test(String(text)) ||
            /[\u4e00-\u9fff]\{\{name\}\}/u.test(String(text)),
        )
        .map(([key]) => `${namespace}:${key}`),
    )
    expect(offending).toEqual([])
  })

  it('name the gap to fair value as investors do, never "downside margin"', () => {
    const jargon = Object.entries(en).flatMap(([namespace, messages]) =>
      Object.entries(messages ?? {})
        .filter(([, text]) => /downside margin/i.test(String(text)))
        .map(([key]) => `${namespace}:${key}`),
    )
    expect(jargon).toEqual([])
    // The English seed texts a reader sees (site-texts) keep the same words.
    const seedFolder = path.resolve('server/modules/site-texts/seed/en')
    const seeds = [
      ...readdirSync(seedFolder).map((f) => readFileSync(path.join(seedFolder, f), 'utf8')),
      readFileSync(path.resolve('server/modules/site-texts/site-texts.seed.ts'), 'utf8'),
    ]
    expect(seeds.filter((text) => /downside margin/i.test(text))).toEqual([])
    expect(en.stocks).toMatchObject({
      'fairValue.marginOfSafety': 'Margin of safety',
      'fairValue.premium': 'Premium to fair value',
    })
    expect(zh.stocks).toMatchObject({
      'fairValue.marginOfSafety': '安全邊際',
      'fairValue.premium': '較合理價溢價',
    })
  })

  it('use the exact sentences of the specification for validation messages', () => {
    expect(en.errors).toMatchObject({
      EMAIL_EMPTY: 'The email cannot be empty',
      EMAIL_INVALID: 'The email format is incorrect',
      PHONE_EMPTY: 'The phone number cannot be empty',
      PHONE_INVALID: 'The phone number is incorrect',
    })
    expect(en.common).toMatchObject({
      'errorPage.notFound': "Oops! The page you're looking for doesn't exist",
      'errorPage.contentMissing': 'Oops! The page you visited does not exist',
      'errorPage.unknown': 'Oops! An unknown error occurred',
      'toast.subscribed': 'Subscription Successful',
      'toast.subscribeFailed': 'Subscription Failed',
    })
  })
})
