import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildQueryTerms } from './search-terms.ts'
import { toMatchTsqueryText, toTsqueryText } from './search-tsquery.ts'

/** The only shape toTsqueryText may produce: quoted letters and digits, an optional prefix mark, one operator. */
const safeAndQuery =
  /^'[\p{L}\p{N}][\p{L}\p{N}\p{M}]*'(?::\*)?(?: & '[\p{L}\p{N}][\p{L}\p{N}\p{M}]*'(?::\*)?)*$/v
const safeOrQuery =
  /^'[\p{L}\p{N}][\p{L}\p{N}\p{M}]*'(?::\*)?(?: \| '[\p{L}\p{N}][\p{L}\p{N}\p{M}]*'(?::\*)?)*$/v

describe('toTsqueryText', () => {
  it('quotes every term and joins them with the operator', () => {
    expect(toTsqueryText(['台積', '積電', 'tsmc'], 'and')).toBe("'台積' & '積電' & 'tsmc'")
    expect(toTsqueryText(['台積', '積電', '台積電'], 'or')).toBe("'台積' | '積電' | '台積電'")
  })

  it('makes a single Chinese character a prefix operand', () => {
    expect(toTsqueryText(['電'], 'and')).toBe("'電':*")
    expect(toTsqueryText(['a'], 'and')).toBe("'a'")
  })

  it('returns an empty string when nothing searchable is left', () => {
    expect(toTsqueryText([], 'and')).toBe('')
    expect(toTsqueryText(["'", '&|!():*', '\\\\', '\u0301'], 'and')).toBe('')
  })

  it.each([
    ["Tencent's 'ads'", "'tencent' & 'ads'"],
    ['a & b | !c', "'a' & 'b' & 'c'"],
    ["'); DROP TABLE articles; --", "'drop' & 'table' & 'articles'"],
    ['(foo:*) <-> bar', "'foo' & 'bar'"],
    ['back\\slash \\\\ end\\', "'back' & 'slash' & 'end'"],
    ['"quoted" \'single\' `tick`', "'quoted' & 'single' & 'tick'"],
    ['騰訊!!! (0700)', "'騰訊' & '0700'"],
  ])('neutralises hostile query %j', (query, expected) => {
    expect(toTsqueryText(buildQueryTerms(query, 'en').required, 'and')).toBe(expected)
  })

  it('strips operator characters from terms that did not come from buildQueryTerms', () => {
    expect(toTsqueryText(["a'b", 'c&d', 'e\\f', 'G|H'], 'and')).toBe("'ab' & 'cd' & 'ef' & 'gh'")
  })

  it('never produces anything but quoted operands for any input (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 120 }), (query) => {
        const and = toTsqueryText(buildQueryTerms(query, 'zh-Hant').required, 'and')
        const or = toTsqueryText(buildQueryTerms(query, 'zh-Hant').ranking, 'or')
        return (and === '' || safeAndQuery.test(and)) && (or === '' || safeOrQuery.test(or))
      }),
      { numRuns: 2000 },
    )
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 20 }), { maxLength: 8 }), (terms) => {
        const text = toTsqueryText(terms, 'and')
        return text === '' || safeAndQuery.test(text)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('toMatchTsqueryText', () => {
  it('is the AND of the required terms when the query has no regional spelling', () => {
    expect(toMatchTsqueryText(buildQueryTerms('台積電 0700', 'zh-Hant'))).toBe("'台積' & '積電' & '0700'")
    expect(toMatchTsqueryText(buildQueryTerms('!!!', 'zh-Hant'))).toBe('')
  })

  it('matches the query as typed or in its folded spelling', () => {
    expect(toMatchTsqueryText(buildQueryTerms('通脹', 'zh-Hant'))).toBe("( '通脹' ) | ( '通膨' )")
    expect(toMatchTsqueryText(buildQueryTerms('美國通脹 CPI', 'en'))).toBe(
      "( '美國' & '國通' & '通脹' & 'cpi' ) | ( '美國' & '國通' & '通膨' & 'cpi' )",
    )
  })

  it('never produces anything but two groups of quoted operands, for any input (property)', () => {
    const group = safeAndQuery.source.slice(1, -1)
    const safeMatchQuery = new RegExp(`^(?:${group}|\\( ${group} \\) \\| \\( ${group} \\))$`, 'v')
    const text = fc.array(
      fc.oneof(fc.string({ unit: 'binary', maxLength: 4 }), fc.constantFrom('通脹', '軟件', '恒', "'", '|')),
      {
        maxLength: 12,
      },
    )
    fc.assert(
      fc.property(text, (pieces) => {
        const query = toMatchTsqueryText(buildQueryTerms(pieces.join(''), 'zh-Hant'))
        return query === '' || safeMatchQuery.test(query)
      }),
      { numRuns: 2000 },
    )
  })
})
