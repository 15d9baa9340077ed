import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CHECK_KEYS, METHOD_IDS, SCORE_KEYS } from '#contracts/diagnosis-keys.ts'
import { CHECK_LABELS } from '#contracts/diagnosis-labels.ts'
import { diagnoseStock } from './diagnose-stock.ts'
import {
  createRandomWalkBars,
  makeBenchmarks,
  makeCompany,
  makeHealthyStatements,
  makeInsiderTrades,
} from './diagnosis.fixtures.ts'
import { METHOD_CITATIONS } from './method-citations.ts'

describe('check labels', () => {
  it('name every check and score in English and Traditional Chinese', () => {
    for (const locale of ['en', 'zh-Hant'] as const) {
      for (const key of CHECK_KEYS) expect(CHECK_LABELS[locale][key], `${locale} ${key}`).toBeTruthy()
      for (const key of SCORE_KEYS)
        expect(CHECK_LABELS[locale][`score.${key}`], `${locale} ${key}`).toBeTruthy()
    }
    expect(Object.keys(CHECK_LABELS['zh-Hant']).sort()).toEqual(Object.keys(CHECK_LABELS.en).sort())
  })

  it('cover every key a diagnosis emits, for an operating company and a bank', () => {
    const base = {
      asOf: '2025-06-30',
      bars: createRandomWalkBars({ seed: 8, count: 600, endDate: '2025-06-30' }),
      fundamentals: makeHealthyStatements(),
      insiderTransactions: makeInsiderTrades(),
      analystConsensus: null,
      benchmarks: makeBenchmarks(),
    }
    for (const company of [makeCompany(), makeCompany({ sector: 'financials', industry: 'banks' })]) {
      const d = diagnoseStock({ ...base, company })
      const keys = [
        ...Object.values(d.scores).flatMap((s) => s.checks.map((c) => c.key as string)),
        ...d.technicals.votes.map((v) => v.key),
        ...d.capitalFlow.votes.map((v) => v.key),
      ]
      for (const key of keys) expect((CHECK_LABELS.en as Record<string, string>)[key], key).toBeTruthy()
    }
  })

  it('write the Chinese labels in Chinese, not copied English', () => {
    const en = CHECK_LABELS.en as Record<string, string>
    for (const [key, text] of Object.entries(CHECK_LABELS['zh-Hant'])) {
      expect(/[\u4e00-\u9fff]/.test(text) || /^(RSI|MACD)/.test(text), key).toBe(true)
      if (!key.startsWith('technicals.')) expect(text, key).not.toBe(en[key])
    }
  })
})

describe('method citations', () => {
  it('point at an anchor in docs/analysis-methods.md for every method id', () => {
    const doc = readFileSync(new URL('../../../../docs/analysis-methods.md', import.meta.url), 'utf8')
    for (const id of METHOD_IDS) {
      expect(METHOD_CITATIONS[id].source.length, id).toBeGreaterThan(10)
      expect(doc, id).toContain(`<a id="${id}"></a>`)
    }
  })
})
