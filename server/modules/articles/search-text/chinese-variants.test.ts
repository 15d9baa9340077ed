import { describe, expect, it } from 'vitest'
import { foldChineseVariants, variantSpellingsOf } from './chinese-variants.ts'

/** Hong Kong (or mainland) spelling → the Taiwan spelling both are indexed under. */
const sameWords: [string, string][] = [
  ['通脹', '通膨'],
  ['通貨膨脹', '通膨'],
  ['軟件', '軟體'],
  ['網絡', '網路'],
  ['數據中心', '資料中心'],
  ['信息', '資訊'],
  ['質素', '品質'],
  ['的士', '計程車'],
  ['互聯網', '網際網路'],
  ['應用程序', '應用程式'],
  ['按揭', '房貸'],
  ['人工智能', '人工智慧'],
  ['芯片', '晶片'],
  ['內存', '記憶體'],
  ['聯儲局', '聯準會'],
  ['加息', '升息'],
  ['市盈率', '本益比'],
  ['恒生', '恆生'],
]

describe('foldChineseVariants', () => {
  it('folds Hong Kong spellings to the Taiwan ones, in documents and in queries', () => {
    for (const [hongKong, taiwan] of sameWords) {
      expect(foldChineseVariants(hongKong, 'query'), hongKong).toBe(taiwan)
      expect(foldChineseVariants(hongKong, 'document'), hongKong).toBe(taiwan)
      expect(foldChineseVariants(taiwan, 'query'), taiwan).toBe(taiwan)
    }
  })

  it('folds inside longer text and keeps the characters around it', () => {
    expect(foldChineseVariants('美國通脹降溫', 'query')).toBe('美國通膨降溫')
    expect(foldChineseVariants('芯片與軟件需求', 'document')).toBe('晶片與軟體需求')
    expect(foldChineseVariants('恒生指數', 'query')).toBe('恆生指數')
  })

  it('takes the longest listed spelling first', () => {
    expect(foldChineseVariants('通貨膨脹率', 'query')).toBe('通膨率')
    expect(foldChineseVariants('數據中心', 'query')).toBe('資料中心')
    expect(foldChineseVariants('互聯網', 'query')).toBe('網際網路')
  })

  it('folds a narrower word in documents only: 資料 finds 數據, 數據 does not find every 資料', () => {
    expect(foldChineseVariants('市場數據', 'document')).toBe('市場資料')
    expect(foldChineseVariants('市場數據', 'query')).toBe('市場數據')
  })

  it('leaves words both regions write alike, and unlisted words, as they are', () => {
    for (const text of ['半導體', '台積電營收', '程式', '程序', '資料', '殖利率']) {
      expect(foldChineseVariants(text, 'query'), text).toBe(text)
      expect(foldChineseVariants(text, 'document'), text).toBe(text)
    }
  })
})

describe('variantSpellingsOf', () => {
  it('lists every spelling a document may use for the query', () => {
    expect(new Set(variantSpellingsOf('通脹率'))).toEqual(new Set(['通脹率', '通膨率', '通貨膨脹率']))
    expect(variantSpellingsOf('通膨')).toEqual(expect.arrayContaining(['通膨', '通脹', '通貨膨脹']))
    expect(variantSpellingsOf('資料')).toEqual(expect.arrayContaining(['資料', '數據']))
  })

  it('gives a query without a listed spelling back alone', () => {
    expect(variantSpellingsOf('營收')).toEqual(['營收'])
    expect(variantSpellingsOf('數據')).toEqual(['數據'])
  })

  it('stays small for a query made of many listed words', () => {
    expect(variantSpellingsOf('通脹'.repeat(20)).length).toBeLessThanOrEqual(33)
  })
})
