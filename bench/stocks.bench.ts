/**
 * Stocks, in one run (`node bench/stocks.bench.ts`, or `npm run bench -- stocks`):
 * 1. the first start on a fresh PGlite folder: migrations, seed and the demo fill of the whole universe;
 * 2. the diagnosis of one stock: data load from the database and the engine, per stock;
 * 3. the whole universe: every snapshot recomputed (load, engine, store);
 * 4. 2,000+ stocks: the engine over the universe repeated with distinct demo seeds (data generated in memory);
 * 5. getByCode and the autocomplete under load (autocannon), and the diagnosis page when the build has it.
 * Targets: ≤ 20 ms per stock, 2,000 stocks ≤ 30 s. Figures vary with the machine and its load; compare runs on
 * the same machine only.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { diagnoseStock } from '#server/modules/stocks/engine/diagnose-stock.ts'
import {
  buildBenchmarkTable,
  measurePeerFigures,
  pickBenchmarks,
} from '#server/modules/stocks/engine/industry-benchmarks.ts'
import {
  selectAllFundamentals,
  selectBars,
  selectConsensusHistory,
  selectDataStates,
  selectInsiderTransactions,
} from '#server/modules/stocks/market-data.repo.ts'
import { consensusOn } from '#server/modules/stocks/snapshot-figures.ts'
import { selectCompanies } from '#server/modules/stocks/stock-companies.repo.ts'
import { generateDemoCompanyData } from '#server/providers/market-data/demo/demo-provider.ts'
import { universe } from '#server/providers/market-data/universe.ts'
import { startBenchServer } from './support/bench-server.ts'
import { measureLoad, printLoadTable } from './support/load.ts'
import { percentile } from './support/percentile.ts'

const END_DATE = '2026-11-20'

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length
const ms = (value: number) => `${value.toFixed(1)} ms`

const bootStarted = performance.now()
const server = await startBenchServer({
  MARKET_DATA_DEMO_END_DATE: END_DATE,
  // The load phases diagnose as one visitor from loopback (repeat views of a few stocks): room for more stocks than
  // the default visitor's 2 a day, and no network ceiling in practice.
  QUOTA_DIAGNOSIS_PER_DAY: '20,20,20,30,60',
  QUOTA_DIAGNOSIS_PER_MONTH: '20,20',
  QUOTA_VISITORS_PER_NETWORK: '1000000',
  STOCKS_DIAGNOSIS_RATE_PER_MINUTE: '10000000',
  STOCKS_SUGGEST_RATE_PER_MINUTE: '10000000',
  JOBS_ENABLED: 'false',
})
const firstStartMs = performance.now() - bootStarted
try {
  const { database, services } = server.runtime
  const db = database.db
  console.log(
    `\nFirst start on a fresh ${database.kind} database (migrate, seed, demo fill of ${universe.length} companies, 6 months of picks): ${(firstStartMs / 1000).toFixed(1)} s`,
  )

  // 2. One stock: data load + engine, for every company (the same path as a diagnosis without a snapshot).
  const companies = await selectCompanies(db)
  const states = await selectDataStates(db)
  const fundamentals = await selectAllFundamentals(db)
  const table = buildBenchmarkTable(
    companies.flatMap((company) => {
      const state = states.get(company.id)
      return state?.lastBarDate
        ? [
            measurePeerFigures({
              company,
              asOf: state.lastBarDate,
              price: state.lastClose,
              fundamentals: fundamentals.get(company.id) ?? [],
            }),
          ]
        : []
    }),
  )
  const loadTimes: number[] = []
  const engineTimes: number[] = []
  for (const company of companies) {
    const state = states.get(company.id)
    if (!state?.lastBarDate) continue
    const t0 = performance.now()
    const [bars, years, insiders, consensus] = await Promise.all([
      selectBars(db, company.id),
      Promise.resolve(fundamentals.get(company.id) ?? []),
      selectInsiderTransactions(db, company.id),
      selectConsensusHistory(db, company.id),
    ])
    const t1 = performance.now()
    diagnoseStock({
      company,
      asOf: state.lastBarDate,
      bars,
      fundamentals: years,
      insiderTransactions: insiders,
      analystConsensus: consensusOn(consensus, state.lastBarDate),
      benchmarks: pickBenchmarks(table, company),
    })
    const t2 = performance.now()
    loadTimes.push(t1 - t0)
    engineTimes.push(t2 - t1)
  }
  const totals = loadTimes.map((t, i) => t + (engineTimes[i] as number))
  console.log(`\nOne stock (${totals.length} companies, ~1,500 bars each): data load + engine`)
  console.table([
    {
      part: 'data load',
      mean: ms(mean(loadTimes)),
      p50: ms(percentile(loadTimes, 50)),
      p95: ms(percentile(loadTimes, 95)),
    },
    {
      part: 'engine',
      mean: ms(mean(engineTimes)),
      p50: ms(percentile(engineTimes, 50)),
      p95: ms(percentile(engineTimes, 95)),
    },
    {
      part: 'total',
      mean: ms(mean(totals)),
      p50: ms(percentile(totals, 50)),
      p95: ms(percentile(totals, 95)),
    },
  ])

  // 3. The whole universe through the refresh's own path: load, engine, store every snapshot.
  const t3 = performance.now()
  const recomputed = await services.stockRefresh.recomputeSnapshots()
  const universeSeconds = (performance.now() - t3) / 1000
  console.log(
    `\nWhole universe: ${recomputed.snapshots} snapshots recomputed and stored in ${universeSeconds.toFixed(1)} s (${ms((universeSeconds * 1000) / recomputed.snapshots)} per stock)`,
  )

  // 4. 2,000+ stocks: the universe nine times over with distinct seeds, data generated in memory first.
  const seeds = Array.from({ length: 9 }, (_, i) => `bench-${i}`)
  const t4 = performance.now()
  const inputs = seeds.flatMap((seed) =>
    universe.map((company) => ({ company, data: generateDemoCompanyData(company, seed, END_DATE) })),
  )
  const generateSeconds = (performance.now() - t4) / 1000
  const bigTable = buildBenchmarkTable(
    inputs.map(({ company, data }) =>
      measurePeerFigures({
        company,
        asOf: END_DATE,
        price: data.bars.at(-1)?.close ?? null,
        fundamentals: data.fundamentals,
      }),
    ),
  )
  const t5 = performance.now()
  for (const { company, data } of inputs) {
    diagnoseStock({
      company,
      asOf: END_DATE,
      bars: data.bars,
      fundamentals: data.fundamentals,
      insiderTransactions: data.insiders,
      analystConsensus: data.consensus,
      benchmarks: pickBenchmarks(bigTable, company),
    })
  }
  const engineSeconds = (performance.now() - t5) / 1000
  const projected = engineSeconds + (inputs.length * mean(loadTimes)) / 1000
  console.log(
    `\n${inputs.length} stocks (universe × ${seeds.length} seeds): engine ${engineSeconds.toFixed(1)} s (${ms((engineSeconds * 1000) / inputs.length)} per stock); ` +
      `with the measured data load per stock: ${projected.toFixed(1)} s (target ≤ 30 s); demo data generation ${generateSeconds.toFixed(1)} s, not counted`,
  )

  // 5. HTTP under load.
  const host = server.hostOf('en')
  // One visitor (a valid device cookie) asking again: the first request uses an attempt, the rest are repeat views.
  const device = 'tw_device=AAECAwQFBgcICQoLDA0ODw'
  const results = [
    await measureLoad({
      name: 'api getByCode ?code=AAPL',
      url: `${server.url}/api/portal/bizStockScore/getByCode?code=AAPL`,
      headers: { host, lang: 'en', cookie: device },
    }),
    await measureLoad({
      name: 'api getByCode (name, Chinese)',
      url: `${server.url}/api/portal/bizStockScore/getByCode?code=${encodeURIComponent('騰訊')}`,
      headers: { host, lang: 'hk', cookie: device },
    }),
    await measureLoad({
      name: 'api listStockAI autocomplete ?q=app',
      url: `${server.url}/api/portal/bizStockScore/listStockAI?q=app`,
      headers: { host, lang: 'en' },
    }),
    await measureLoad({
      name: 'api listStock undervalued',
      url: `${server.url}/api/portal/bizStockScore/listStock?kind=undervalued`,
      headers: { host, lang: 'en' },
    }),
  ]
  const buildDir = path.resolve(process.env.BUILD_DIR || 'build')
  const manifest = path.join(buildDir, 'server/index.js')
  const hasPage = existsSync(manifest) && readFileSync(manifest, 'utf8').includes('ai-stock-diagnosis')
  if (hasPage) {
    results.push(
      await measureLoad({
        name: 'page /ai-stock-diagnosis?code=AAPL',
        url: `${server.url}/ai-stock-diagnosis?code=AAPL`,
        headers: { host, accept: 'text/html', cookie: `${device}; privacy=accepted; i18n_redirected=en` },
      }),
    )
  }
  printLoadTable('Stocks over HTTP (20 connections, 10 s each, loopback)', results)
  for (const r of results) console.log(`  ${r.name}: p95 ${r.p95Ms} ms, ${r.requestsPerSecond} req/s`)
  if (!hasPage)
    console.log(
      `  the build in ${buildDir} has no /ai-stock-diagnosis page yet; the API figures stand in for it`,
    )
} finally {
  await server.close()
}
