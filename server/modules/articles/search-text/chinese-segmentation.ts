/**
 * The three ways this project can cut Chinese text, kept side by side so the search terms and the segmentation
 * benchmark use exactly the same code:
 * - character bigrams: every pair of neighbouring characters; the only one that guarantees recall;
 * - jieba with the finance dictionary: real words, used to rank documents where the query is a word above
 *   documents where it merely straddles two words;
 * - `Intl.Segmenter`: built in and fast, but it splits most names into single characters (台|積|電), so search
 *   does not use it; it stays here as the benchmark's baseline.
 * Which of these a document or a query gets is decided in search-terms.ts, not here.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Jieba } from '@node-rs/jieba'
import { buildFinanceDictionaryText } from './finance-dictionary.ts'

/** A run of Chinese characters: Han script letters and numerals (〇), nothing else. */
export const chineseRunPattern = /[\p{Script=Han}&&[\p{L}\p{N}]]+/gv

const chineseWordPattern = /^[\p{Script=Han}&&[\p{L}\p{N}]]{2,}$/v

const require = createRequire(import.meta.url)

let financeJieba: Jieba | undefined

/**
 * The jieba instance with the general and the finance dictionary. Created on first use, native library included:
 * loading the general dictionary takes about 150 ms and the instance holds about 40 MB, which a process that never
 * cuts Chinese (pages that do not search, a restart on an indexed database) should not pay. The dictionary file is
 * read here rather than through the package's `dict.js`, which reads jieba's 6 MB keyword-weight file as well and
 * keeps both for the life of the process.
 */
function getFinanceJieba(): Jieba {
  if (!financeJieba) {
    const { Jieba: JiebaClass } = require('@node-rs/jieba') as typeof import('@node-rs/jieba')
    const jieba = JiebaClass.withDict(readFileSync(require.resolve('@node-rs/jieba/dict.txt')))
    jieba.loadDict(Buffer.from(buildFinanceDictionaryText()))
    financeJieba = jieba
  }
  return financeJieba
}

/**
 * Lets the jieba instance go (its native memory is freed when it is collected): for the end of a batch that cut
 * much Chinese at once, the seed's indexing, after which a process may serve for days without cutting any. The
 * next cut loads it again.
 */
export function releaseChineseSegmenter(): void {
  financeJieba = undefined
}

/** Pairs of neighbouring characters of one Chinese run, by code point (so rare characters outside the BMP count as one). */
export function buildCharacterBigrams(run: string): string[] {
  const characters = Array.from(run)
  const bigrams: string[] = []
  for (let index = 0; index + 1 < characters.length; index += 1) {
    bigrams.push(characters[index]! + characters[index + 1]!)
  }
  return bigrams
}

/** Chinese words of two or more characters found by jieba (with the HMM for unknown words), in text order. */
export function segmentChineseWordsWithJieba(text: string): string[] {
  return getFinanceJieba()
    .cut(text, true)
    .filter((word) => chineseWordPattern.test(word))
}

/** Every token jieba finds, Chinese or not, without punctuation and spaces (the benchmark's "jieba alone"). */
export function segmentWithJieba(text: string): string[] {
  return getFinanceJieba()
    .cut(text, true)
    .filter((token) => /[\p{L}\p{N}]/v.test(token))
}

/** jieba's search mode: the words plus the shorter words inside long ones (第三季 → 第三, 三季, 第三季). */
export function segmentWithJiebaSearchMode(text: string): string[] {
  return getFinanceJieba()
    .cutForSearch(text, true)
    .filter((token) => /[\p{L}\p{N}]/v.test(token))
}

const intlSegmenter = new Intl.Segmenter('zh-Hant', { granularity: 'word' })

/** Word-like segments from the built-in segmenter (ICU dictionary). */
export function segmentWithIntl(text: string): string[] {
  const words: string[] = []
  for (const segment of intlSegmenter.segment(text)) {
    if (segment.isWordLike) words.push(segment.segment)
  }
  return words
}
