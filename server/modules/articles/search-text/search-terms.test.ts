import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadSeedCorpus } from '../seed/seed-corpus.ts'
import { extractPlainText } from './plain-text.ts'
import {
  buildQueryTerms,
  buildSearchTerms,
  buildWeightedSearchText,
  foldSearchText,
  matchesQuery,
  matchQueryTerms,
} from './search-terms.ts'

/** Whether the document, indexed as zh-Hant, is found by the query (AND of the required terms). */
function isFound(documentText: string, query: string): boolean {
  const documentTerms = new Set(buildSearchTerms(documentText, 'zh-Hant'))
  return matchQueryTerms(documentTerms, buildQueryTerms(query, 'zh-Hant').required)
}

const hanRun = /[\p{Script=Han}&&[\p{L}\p{N}]]+/gv

let chineseBodies: string[] = []

beforeAll(async () => {
  const corpus = await loadSeedCorpus()
  chineseBodies = corpus.articles
    .map((article) => article.versions['zh-Hant'])
    .filter((version) => version?.bodyMarkdown)
    .map((version) => `${version!.title}\n${extractPlainText(version!.bodyMarkdown)}`)
})

describe('buildSearchTerms', () => {
  it('indexes Chinese as bigrams in order, then run endings and jieba words', () => {
    expect(buildSearchTerms('台積電營收', 'zh-Hant')).toEqual([
      '台積',
      '積電',
      '電營',
      '營收',
      '收',
      '台積電',
      '營收',
    ])
  })

  it('keeps tickers, numbers and English words whole and lower-cased', () => {
    expect(buildSearchTerms('Tencent (0700) and Samsung 005930; AAPL, BRK.B', 'en')).toEqual([
      'tencent',
      '0700',
      'and',
      'samsung',
      '005930',
      'aapl',
      'brk',
      'b',
    ])
  })

  it('folds full-width letters and digits to their ASCII forms', () => {
    expect(buildSearchTerms('ＴＳＭＣ　０７００', 'en')).toEqual(['tsmc', '0700'])
  })

  it("drops an English possessive 's", () => {
    expect(buildSearchTerms("Nvidia's margins and Tesla’s cars", 'en')).toEqual([
      'nvidia',
      'margins',
      'and',
      'tesla',
      'cars',
    ])
  })

  it('separates English words and tickers inside Chinese text', () => {
    const terms = buildSearchTerms('輝達NVDA與SK海力士000660', 'zh-Hant')
    expect(terms.slice(0, 6)).toEqual(['輝達', 'nvda', '與', 'sk', '海力', '力士'])
    expect(terms).toContain('000660')
  })

  it('adds jieba words only for Chinese documents', () => {
    expect(buildSearchTerms('第三季營收創新高', 'zh-Hant')).toContain('第三季')
    expect(buildSearchTerms('第三季營收創新高', 'en')).not.toContain('第三季')
  })

  it('returns nothing for text without letters or digits', () => {
    expect(buildSearchTerms(' ，。!?— ', 'zh-Hant')).toEqual([])
  })
})

describe('buildQueryTerms', () => {
  it('requires the bigrams of a Chinese query and ranks with its words too', () => {
    expect(buildQueryTerms('台積電', 'zh-Hant')).toEqual({
      required: ['台積', '積電'],
      variantRequired: [],
      ranking: ['台積', '積電', '台積電'],
    })
  })

  it('requires the same terms whichever site the reader is on', () => {
    for (const query of ['台積電 TSMC', '營收', 'Tencent 0700', '殖利率']) {
      expect(buildQueryTerms(query, 'en').required).toEqual(buildQueryTerms(query, 'zh-Hant').required)
    }
  })

  it('gives no required terms for a query of punctuation only', () => {
    expect(buildQueryTerms('"&|!():*\\', 'zh-Hant').required).toEqual([])
  })
})

describe('the recall guarantee on corpus sentences', () => {
  const sentence = '台積電第三季營收創新高，毛利率維持高檔；騰訊（0700）與三星電子（005930）則公布回購計畫。'

  it.each([
    ['a two-character word inside a longer word', '營收'],
    ['the tail of a company name', '積電'],
    ['a pair that straddles two words', '收創'],
    ['a query longer than any word in the sentence', '第三季營收創新高'],
    ['a single character', '創'],
    ['the last character of a run', '高'],
    ['a Hong Kong ticker', '0700'],
    ['a Korean ticker with its Chinese name', '三星電子 005930'],
    ['a query that keeps the punctuation', '毛利率維持高檔；騰訊'],
    ['a full-width ticker', '（０７００）'],
  ])('finds %s', (_name, query) => {
    expect(isFound(sentence, query)).toBe(true)
  })

  it('finds mixed English and Chinese written without spaces', () => {
    expect(isFound('SK海力士是高頻寬記憶體HBM的主要供應商', 'SK海力士')).toBe(true)
    expect(isFound('SK海力士是高頻寬記憶體HBM的主要供應商', '記憶體HBM')).toBe(true)
  })

  it('does not find a document that lacks a query bigram', () => {
    expect(isFound(sentence, '營業')).toBe(false)
    expect(isFound(sentence, 'AAPL')).toBe(false)
  })

  it('finds every two- and three-character substring of every Chinese article in that article', () => {
    for (const body of chineseBodies) {
      const documentTerms = new Set(buildSearchTerms(body, 'zh-Hant'))
      for (const [run] of foldSearchText(body).matchAll(hanRun)) {
        const characters = Array.from(run)
        for (let start = 0; start < characters.length; start += 1) {
          for (const length of [2, 3]) {
            if (start + length > characters.length) continue
            const query = characters.slice(start, start + length).join('')
            if (!matchQueryTerms(documentTerms, buildQueryTerms(query, 'zh-Hant').required)) {
              throw new Error(`'${query}' not found in its own article`)
            }
          }
        }
      }
    }
    expect(chineseBodies.length).toBeGreaterThanOrEqual(40)
  })

  it('finds any substring of Chinese characters in any text (property)', () => {
    const chineseCharacter = fc.constantFrom(
      ...Array.from('台積電營收創新高毛利率本益比殖利率騰訊輝達三星第季與的〇𠀋'),
    )
    const otherCharacter = fc.constantFrom(...Array.from('aZ09 ，。、；:()（）ＡＢ０１-_\'"\n'))
    const text = fc
      .array(fc.oneof({ arbitrary: chineseCharacter, weight: 3 }, { arbitrary: otherCharacter, weight: 1 }), {
        minLength: 1,
        maxLength: 60,
      })
      .map((characters) => characters.join(''))
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), (document, startSeed, lengthSeed) => {
        const runs = [...foldSearchText(document).matchAll(hanRun)].map((match) => Array.from(match[0]))
        if (runs.length === 0) return true
        const run = runs[startSeed % runs.length]!
        const start = startSeed % run.length
        const length = 1 + (lengthSeed % (run.length - start))
        return isFound(document, run.slice(start, start + length).join(''))
      }),
      { numRuns: 500 },
    )
  })
})

describe('regional spellings', () => {
  /** Whether the document, indexed as zh-Hant, is found by the query as typed or folded. */
  const isFoundInAnySpelling = (documentText: string, query: string) =>
    matchesQuery(new Set(buildSearchTerms(documentText, 'zh-Hant')), buildQueryTerms(query, 'zh-Hant'))

  it('indexes a run holding one under the canonical spelling too, after the text as written', () => {
    expect(buildSearchTerms('美國通脹降溫', 'en')).toEqual([
      '美國',
      '國通',
      '通脹',
      '脹降',
      '降溫',
      '溫',
      '美國',
      '國通',
      '通膨',
      '膨降',
      '降溫',
      '溫',
    ])
  })

  it('matches a query as typed or in its folded spelling', () => {
    expect(buildQueryTerms('通脹 CPI', 'en')).toEqual({
      required: ['通脹', 'cpi'],
      variantRequired: ['通膨', 'cpi'],
      ranking: ['通脹', 'cpi', '通膨'],
    })
    expect(buildQueryTerms('營收', 'en').variantRequired).toEqual([])
  })

  it('finds each spelling of a word with every other, inside sentences', () => {
    const groups = [
      ['通脹', '通膨', '通貨膨脹'],
      ['軟件', '軟體'],
      ['網絡', '網路'],
      ['互聯網', '網際網路'],
      ['信息', '資訊'],
      ['質素', '品質'],
      ['的士', '計程車'],
      ['按揭', '房貸'],
      ['人工智能', '人工智慧'],
      ['芯片', '晶片'],
      ['內存', '記憶體'],
      ['數據中心', '資料中心'],
    ]
    for (const spellings of groups) {
      for (const written of spellings) {
        const document = `市場關注${written}的最新變化。`
        for (const query of spellings) {
          expect(isFoundInAnySpelling(document, query), `${query} → ${document}`).toBe(true)
        }
      }
    }
    expect(isFoundInAnySpelling('美國通膨率回落', '通脹率')).toBe(true)
    expect(isFoundInAnySpelling('美國通貨膨脹率回落', '通脹率回落')).toBe(true)
  })

  it('finds 數據 text by 資料, but not every 資料 text by 數據', () => {
    expect(isFoundInAnySpelling('公布就業數據', '資料')).toBe(true)
    expect(isFoundInAnySpelling('請參考附件資料', '數據')).toBe(false)
  })

  it('does not fold words both regions write alike', () => {
    expect(isFoundInAnySpelling('半導體庫存', '半導體')).toBe(true)
    expect(isFoundInAnySpelling('營收創新高', '通膨')).toBe(false)
  })

  it('keeps the recall guarantee for any substring, also one that cuts a regional spelling (property)', () => {
    const chineseCharacter = fc.constantFrom(
      ...Array.from('通脹膨貨互聯網絡路際軟件體數據資料中心恒生的士率'),
    )
    const text = fc
      .array(
        fc.oneof({ arbitrary: chineseCharacter, weight: 4 }, { arbitrary: fc.constant('，'), weight: 1 }),
        {
          minLength: 1,
          maxLength: 40,
        },
      )
      .map((characters) => characters.join(''))
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), (document, startSeed, lengthSeed) => {
        const runs = [...foldSearchText(document).matchAll(hanRun)].map((match) => Array.from(match[0]))
        if (runs.length === 0) return true
        const run = runs[startSeed % runs.length]!
        const start = startSeed % run.length
        const length = 1 + (lengthSeed % (run.length - start))
        return isFoundInAnySpelling(document, run.slice(start, start + length).join(''))
      }),
      { numRuns: 500 },
    )
  })
})

describe('buildWeightedSearchText', () => {
  it('puts the title in A, the summary and tags in B and the body text in C', () => {
    const weighted = buildWeightedSearchText(
      {
        title: '騰訊回購',
        summary: '股東回報',
        tagTexts: ['騰訊', 'Buybacks'],
        bodyMarkdown: '## 小標\n\n| 代號 | 名稱 |\n|---|---|\n| 0700 | 騰訊 |',
      },
      'zh-Hant',
    )
    expect(weighted.A.split(' ')).toEqual(expect.arrayContaining(['騰訊', '回購']))
    expect(weighted.B.split(' ')).toEqual(expect.arrayContaining(['股東', '回報', 'buybacks']))
    expect(weighted.C.split(' ')).toEqual(expect.arrayContaining(['小標', '代號', '0700']))
    expect(weighted.C).not.toMatch(/[|#-]/)
  })

  it('gives empty texts for an article without summary or body', () => {
    expect(buildWeightedSearchText({ title: 'Title' }, 'en')).toEqual({ A: 'title', B: '', C: '' })
  })
})
