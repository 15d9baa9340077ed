/**
 * The search terms checked against real Postgres full text (PGlite, in memory): the `simple` parser keeps every
 * term whole, the SQL match agrees with matchesQuery, hostile queries never break to_tsquery, and the weights
 * put title matches first. No application tables: only the expressions the articles repo will use.
 */
import { PGlite } from '@electric-sql/pglite'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locale } from '#contracts/regions.ts'
import { loadSeedCorpus } from '../seed/seed-corpus.ts'
import { extractPlainText } from './plain-text.ts'
import {
  buildQueryTerms,
  buildSearchTerms,
  buildWeightedSearchText,
  foldSearchText,
  matchesQuery,
  toTsvectorText,
} from './search-terms.ts'
import { toMatchTsqueryText, toTsqueryText } from './search-tsquery.ts'

interface IndexedVersion {
  id: number
  locale: Locale
  title: string
  text: string
  terms: Set<string>
}

const vectorSql = `setweight(to_tsvector('simple', $1), 'A') || setweight(to_tsvector('simple', $2), 'B')
  || setweight(to_tsvector('simple', $3), 'C')`

let db: PGlite
const versions: IndexedVersion[] = []

beforeAll(async () => {
  db = new PGlite('memory://')
  await db.exec('create table doc (id int primary key, locale text not null, vector tsvector not null)')
  const corpus = await loadSeedCorpus()
  const tagTexts = new Map(corpus.tags.map((tag) => [tag.key, tag.text]))
  for (const article of corpus.articles) {
    for (const version of Object.values(article.versions)) {
      if (!version) continue
      const id = versions.length + 1
      const texts = article.tags.map((key) => tagTexts.get(key)![version.locale])
      const weighted = buildWeightedSearchText(
        {
          title: version.title,
          summary: version.summary,
          tagTexts: texts,
          bodyMarkdown: version.bodyMarkdown,
        },
        version.locale,
      )
      await db.query(`insert into doc values ($4, $5, ${vectorSql})`, [
        weighted.A,
        weighted.B,
        weighted.C,
        id,
        version.locale,
      ])
      const text = [version.title, version.summary, ...texts, extractPlainText(version.bodyMarkdown)].join(
        '\n',
      )
      versions.push({
        id,
        locale: version.locale,
        title: version.title,
        text,
        terms: new Set(buildSearchTerms(text, version.locale)),
      })
    }
  }
})

afterAll(async () => {
  await db?.close()
})

async function findIds(query: string, locale: Locale): Promise<number[]> {
  const tsquery = toMatchTsqueryText(buildQueryTerms(query, locale))
  if (tsquery === '') return []
  const result = await db.query<{ id: number }>(
    `select id from doc where vector @@ to_tsquery('simple', $1) order by id`,
    [tsquery],
  )
  return result.rows.map((row) => row.id)
}

describe('search terms in Postgres', () => {
  it("keeps every term whole through the simple configuration's parser", async () => {
    for (const version of versions) {
      const terms = buildSearchTerms(version.text, version.locale)
      const result = await db.query<{ lexemes: string[] }>(
        `select tsvector_to_array(to_tsvector('simple', $1)) as lexemes`,
        [toTsvectorText(terms)],
      )
      expect(new Set(result.rows[0]!.lexemes), version.title).toEqual(new Set(terms))
    }
  })

  it('matches exactly the documents matchesQuery matches, and every document containing the query', async () => {
    const chineseTexts = versions.filter((v) => v.locale === 'zh-Hant').map((v) => foldSearchText(v.text))
    const queries = [
      '營收',
      '積電',
      '台積電',
      '殖利率',
      '本益比',
      '回購',
      '騰訊 0700',
      '通脹',
      '人工智能 晶片',
      '005930',
      'hbm',
      'tsmc',
      '電',
    ]
    for (const text of chineseTexts.slice(0, 10)) {
      const run = text.match(/[\p{Script=Han}]{6,}/v)?.[0]
      if (run) queries.push(run.slice(1, 3), run.slice(2, 5), run)
    }
    for (const query of queries) {
      const expected = versions
        .filter((v) => matchesQuery(v.terms, buildQueryTerms(query, 'zh-Hant')))
        .map((v) => v.id)
      expect(await findIds(query, 'zh-Hant'), query).toEqual(expected)
      const foldedQuery = foldSearchText(query)
      if (/^[\p{Script=Han}]+$/v.test(foldedQuery)) {
        const containing = versions
          .filter((v) => foldSearchText(v.text).includes(foldedQuery))
          .map((v) => v.id)
        expect(expected, query).toEqual(expect.arrayContaining(containing))
      }
    }
  })

  it('accepts every query text a reader can type without a syntax error', async () => {
    const hostile = [
      "'",
      "''",
      '\\',
      "\\'",
      '&|!():*',
      '<->',
      "a' | 'b",
      'x:* & !y',
      '((((',
      '𠀋',
      '\u0000',
      '\u0301a',
      "通脹' | ('軟件",
      '(通脹) & !網絡:*',
    ]
    for (const query of hostile) await expect(findIds(query, 'zh-Hant')).resolves.toBeInstanceOf(Array)
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 100 }), async (query) => {
        const ids = await findIds(query, 'zh-Hant')
        return Array.isArray(ids)
      }),
      { numRuns: 300 },
    )
  })

  it('finds the same documents for either regional spelling of a word', async () => {
    const inflation = await findIds('通膨', 'zh-Hant')
    expect(inflation.length).toBeGreaterThan(1)
    expect(await findIds('通脹', 'zh-Hant')).toEqual(inflation)
    expect(await findIds('通貨膨脹', 'zh-Hant')).toEqual(inflation)
    // The seed writes 通脹 in one article and 通膨 in others: both kinds are found.
    const spellings = (id: number) => versions.find((v) => v.id === id)!.text
    expect(inflation.some((id) => spellings(id).includes('通脹'))).toBe(true)
    expect(inflation.some((id) => spellings(id).includes('通膨'))).toBe(true)
  })

  it('ranks a title match above a body match', async () => {
    await db.exec('create temporary table ranked (id int, vector tsvector)')
    const inTitle = buildWeightedSearchText({ title: '殖利率入門', bodyMarkdown: '說明股息。' }, 'zh-Hant')
    const inBody = buildWeightedSearchText({ title: '股息入門', bodyMarkdown: '說明殖利率。' }, 'zh-Hant')
    await db.query(
      `insert into ranked values (1, setweight(to_tsvector('simple', $1), 'A') || setweight(to_tsvector('simple', $2), 'C')),
        (2, setweight(to_tsvector('simple', $3), 'A') || setweight(to_tsvector('simple', $4), 'C'))`,
      [inBody.A, inBody.C, inTitle.A, inTitle.C],
    )
    const terms = buildQueryTerms('殖利率', 'zh-Hant')
    const result = await db.query<{ id: number }>(
      `select id from ranked where vector @@ to_tsquery('simple', $1)
       order by ts_rank(vector, to_tsquery('simple', $2)) desc`,
      [toTsqueryText(terms.required, 'and'), toTsqueryText(terms.ranking, 'or')],
    )
    expect(result.rows.map((row) => row.id)).toEqual([2, 1])
  })

  it('treats an empty tsquery text as a query that matches nothing', async () => {
    const result = await db.query<{ n: number }>(
      `select count(*)::int as n from doc where vector @@ to_tsquery('simple', $1)`,
      [''],
    )
    expect(result.rows[0]!.n).toBe(0)
  })
})
