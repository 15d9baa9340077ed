/**
 * A revision comparison in the editor's words: each changed field named as the form names it ("English title",
 * "State"), and its two values split into the words both share, the words only the older one has and the words only
 * the newer one has.
 *
 * English is compared word by word on its spaces (`diffWordsWithSpace`). Chinese has no spaces between words, so a
 * whitespace diff would mark a whole paragraph changed for one edited word; a character diff (`diffChars`) goes the
 * other way and lights up every character the two versions happen to share ("行情" against "情況" keeps 情), which
 * reads as noise. Chinese is compared on the words `Intl.Segmenter` finds (ICU's dictionary, in every browser the
 * console supports and in Node), so an edit shows as the words an editor changed.
 */
import { type Change, diffWords, diffWordsWithSpace } from 'diff'
import type { RevisionChange, RevisionComparison } from '#contracts/console-rules.ts'
import { type Locale, locales } from '#contracts/regions.ts'
import type { Translate } from './audit-words.ts'
import { changeValueText } from './console-view.ts'

export interface WordPart {
  text: string
  /** `same`: in both; `removed`: only in the older revision; `added`: only in the newer one. */
  kind: 'same' | 'removed' | 'added'
}

/** The two sides of a changed field: the older value with its removed words, the newer with its added ones. */
export interface ChangedWords {
  before: WordPart[]
  after: WordPart[]
}

const chineseSegmenter = new Intl.Segmenter('zh-Hant', { granularity: 'word' })

/** Which language a field's words are in: a language version's own, or (shared fields) English's rules. */
export function languageOfField(field: string): Locale | null {
  const [first, second] = field.split('.')
  return first === 'versions' && (locales as readonly string[]).includes(second ?? '')
    ? (second as Locale)
    : null
}

export function changedWords(before: string, after: string, language: Locale | null): ChangedWords {
  const parts: Change[] =
    language === 'zh-Hant'
      ? diffWords(before, after, { intlSegmenter: chineseSegmenter })
      : diffWordsWithSpace(before, after)
  const side = (skip: 'added' | 'removed'): WordPart[] =>
    parts
      .filter((part) => !part[skip])
      .map((part) => ({ text: part.value, kind: part.added ? 'added' : part.removed ? 'removed' : 'same' }))
  return { before: side('added'), after: side('removed') }
}

const versionFieldKeys: Record<string, string> = {
  title: 'title',
  summary: 'summary',
  bodyMarkdown: 'body',
  seoTitle: 'seoTitle',
  seoDescription: 'seoDescription',
}

/** A changed field as the editor knows it: `versions.en.title` → "English title", `tags` → "Tags". */
export function revisionFieldLabel(field: string, t: Translate): string {
  const language = languageOfField(field)
  if (language) {
    const name = t(`revisions.languages.${language}`)
    const versionField = field.split('.')[2]
    const key = versionField ? versionFieldKeys[versionField] : undefined
    return key
      ? t(`revisions.fields.${key}`, { language: name })
      : t('revisions.fields.version', { language: name })
  }
  return t(`revisions.fields.${field}`, { defaultValue: field })
}

export interface ComparedField {
  field: string
  label: string
  words: ChangedWords
}

/** The rows of a comparison: the state first when it moved, then each changed field of the content. */
export function comparedFields(comparison: RevisionComparison, t: Translate): ComparedField[] {
  const rows: ComparedField[] = []
  const { from, to } = comparison
  if (from.state !== to.state)
    rows.push({
      field: 'state',
      label: t('revisions.fields.state'),
      words: changedWords(t(`states.${from.state}`), t(`states.${to.state}`), null),
    })
  for (const change of comparison.changes as RevisionChange[])
    rows.push({
      field: change.field,
      label: revisionFieldLabel(change.field, t),
      words: changedWords(
        changeValueText(change.before),
        changeValueText(change.after),
        languageOfField(change.field),
      ),
    })
  return rows
}
