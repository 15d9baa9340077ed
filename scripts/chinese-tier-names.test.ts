/**
 * One set of Chinese plan names on the Chinese sites (issue 23): 基礎版 / 進階版 / 尊享版, as plans.json names them,
 * in every Traditional Chinese string a reader or an editor can meet — both catalogue folders and the Chinese text
 * a fresh database is seeded with (company texts, sample classroom, sample advisers). No English tier name, no
 * other Chinese name for a tier (尊尚, 基本版), and no ASCII space between a Chinese character and a tier name or
 * the `{{tier}}` that stands for one ("升級至 進階版" reads as a gap, Chinese sets no space there).
 */
import { describe, expect, it } from 'vitest'
import { readCatalogFiles } from '#app/i18n/catalog-files.ts'
import { sampleAdvisers } from '#server/modules/advisers/advisers.seed.ts'
import { sampleCourses } from '#server/modules/classroom/classroom-samples.ts'
import { loadSiteTextSeed } from '#server/modules/site-texts/site-texts.seed.ts'

/** Every string inside a value, with where it was found. */
function stringsOf(value: unknown, at: string): [string, string][] {
  if (typeof value === 'string') return [[at, value]]
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsOf(item, `${at}[${index}]`))
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => stringsOf(item, at ? `${at}.${key}` : key))
  return []
}

/** The Chinese side of seed rows that keep both languages together (`{ en, 'zh-Hant' }`). */
function chineseOf(value: unknown, at: string): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => chineseOf(item, `${at}[${index}]`))
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) =>
      key === 'zh-Hant' ? stringsOf(item, `${at}.${key}`) : chineseOf(item, `${at}.${key}`),
    )
  return []
}

const catalogues = readCatalogFiles('zh-Hant')
const tierNames = Object.values(
  (catalogues.plans?.subscribe as { tiers: Record<string, string> } | undefined)?.tiers ?? {},
)
const han = '\\p{Script=Han}'
const tierName = `(?:${[...tierNames, '\\{\\{(?:tier|current)\\}\\}'].join('|')})`

/** What a zh-Hant string must not hold, each with the reason a reviewer reads. */
const faults: [RegExp, string][] = [
  [/\b(?:Base|Plus|Premium)\b/, 'an English tier name'],
  [/尊尚|基本版|標準版|高級版/, 'another Chinese name for a tier'],
  [new RegExp(`${han} +${tierName}|${tierName} +${han}`, 'u'), 'a space between Chinese and a tier name'],
]

function faultsIn(strings: [string, string][]): string[] {
  return strings.flatMap(([at, text]) =>
    faults.filter(([pattern]) => pattern.test(text)).map(([, why]) => `${at}: ${why}: ${text}`),
  )
}

describe('Chinese tier names', () => {
  it('are the ones the plans catalogue gives, and the account menu and the console say the same', () => {
    expect(tierNames).toEqual(['基礎版', '進階版', '尊享版'])
    const tiersAt = (namespace: string, at: string) =>
      Object.fromEntries(stringsOf(catalogues[namespace], '').filter(([key]) => key.startsWith(at)))
    const same = (at: string) =>
      Object.fromEntries(
        tierNames.map((name, index) => [`${at}.${['base', 'plus', 'premium'][index]}`, name]),
      )
    expect(tiersAt('account', 'menu.tiers')).toEqual(same('menu.tiers'))
    expect(tiersAt('console-members', 'members.tiers')).toEqual(same('members.tiers'))
    expect(tiersAt('console-site', 'site.prices.tiers')).toEqual(same('site.prices.tiers'))
  })

  it('are used everywhere in both catalogue folders, set without spaces inside Chinese sentences', () => {
    expect(
      faultsIn(Object.entries(catalogues).flatMap(([namespace, messages]) => stringsOf(messages, namespace))),
    ).toEqual([])
  })

  it('are used in the Chinese text a new database starts with', async () => {
    const siteTexts = (await loadSiteTextSeed())
      .filter((row) => row.locale === 'zh-Hant')
      .flatMap((row) => stringsOf({ title: row.title, body: row.bodyMarkdown, data: row.data }, row.key))
    expect(
      faultsIn([
        ...siteTexts,
        ...chineseOf(sampleCourses, 'classroom'),
        ...chineseOf(sampleAdvisers, 'advisers'),
      ]),
    ).toEqual([])
  })

  it('catch what the issue found: an English name, 尊尚, and a spaced name', () => {
    expect(faultsIn([['a', 'Premium 會員可獲一對一顧問服務']])).toHaveLength(1)
    expect(faultsIn([['b', '以及尊尚方案的小組導師課']])).toHaveLength(1)
    expect(faultsIn([['c', '升級至 進階版']])).toHaveLength(1)
    expect(faultsIn([['d', '升級至 {{tier}} 每月可提問更多']])).toHaveLength(1)
    expect(faultsIn([['e', '升級至{{tier}}，將於 {{date}} 生效']])).toEqual([])
  })
})
