import { describe, expect, it } from 'vitest'
import { createTranslator } from '#app/i18n/i18n.ts'
import consoleEn from '#app/i18n/locales/en/console.json' with { type: 'json' }
import consoleZh from '#app/i18n/locales/zh-Hant/console.json' with { type: 'json' }
import type { ArticleRevision, RevisionComparison } from '#contracts/console-rules.ts'
import type { Translate } from './audit-words.ts'
import { changedWords, comparedFields, revisionFieldLabel } from './revision-words.ts'

const en: Translate = (key, options) =>
  createTranslator('en', { console: consoleEn }).t(`console:${key}`, options ?? {}) as string
const zh: Translate = (key, options) =>
  createTranslator('zh-Hant', { console: consoleZh }).t(`console:${key}`, options ?? {}) as string

const marked = (parts: { text: string; kind: string }[], kind: string) =>
  parts.filter((part) => part.kind === kind).map((part) => part.text.trim())

describe('revision field names', () => {
  it('names a field as the editor knows it, in both languages', () => {
    expect(revisionFieldLabel('versions.en.title', en)).toBe('English title')
    expect(revisionFieldLabel('versions.zh-Hant.bodyMarkdown', en)).toBe('Chinese body')
    expect(revisionFieldLabel('versions.en.title', zh)).toBe('英文標題')
    expect(revisionFieldLabel('tags', en)).toBe('Tags')
    expect(revisionFieldLabel('versions.en', en)).toBe('English version')
  })
})

describe('changed words', () => {
  it('marks the English words that changed, not the whole sentence', () => {
    const words = changedWords('Quokka rally lifts Hong Kong', 'Quokka slump lifts Hong Kong', 'en')
    expect(marked(words.before, 'removed')).toEqual(['rally'])
    expect(marked(words.after, 'added')).toEqual(['slump'])
    expect(words.after.map((part) => part.text).join('')).toBe('Quokka slump lifts Hong Kong')
  })

  it('marks the Chinese words that changed, though Chinese has no spaces between them', () => {
    const words = changedWords('港股今日大幅上升', '港股今日輕微下跌', 'zh-Hant')
    expect(words.before.map((part) => part.text).join('')).toBe('港股今日大幅上升')
    expect(words.after.map((part) => part.text).join('')).toBe('港股今日輕微下跌')
    // The shared opening is kept as it was; only the changed words are marked.
    expect(words.after[0]).toEqual({ text: '港股今日', kind: 'same' })
    expect(marked(words.after, 'added').join('')).toBe('輕微下跌')
  })
})

describe('comparedFields', () => {
  it('puts the state first when it moved, then the named fields', () => {
    const revision = (number: number, state: ArticleRevision['state']) =>
      ({ number, state }) as unknown as ArticleRevision
    const comparison: RevisionComparison = {
      from: revision(1, 'draft'),
      to: revision(2, 'published'),
      changes: [{ field: 'versions.en.title', before: 'Old', after: 'New' }],
    }
    const rows = comparedFields(comparison, en)
    expect(rows.map((row) => row.label)).toEqual(['State', 'English title'])
    expect(marked(rows[0]?.words.after ?? [], 'added')).toEqual(['Published'])
  })
})
