/**
 * A first start killed outright (kill -9) while it seeds the content and while it fills the market data, then
 * started again, makes the same site a clean first start makes: every article, page text, menu, course, adviser
 * and strategy, and every company of every market with its prices, its snapshot and the monthly picks.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { openTestDatabase } from '#server/testing/test-database.ts'
import { testEnv } from '#server/testing/test-env.ts'
import { type Database, openDatabase, selectRows } from './database.ts'

/**
 * The test template's settings with a smaller fill, for three starts: 8 companies a market (the fewest a sample
 * strategy is made of) and 3 months of picks.
 */
const companiesPerMarket = 8
const picksMonths = 3
const firstStartEnv = {
  ...testEnv,
  MARKET_DATA_COMPANIES: Object.values(
    Object.groupBy(
      (testEnv.MARKET_DATA_COMPANIES as string).split(','),
      (code) => code.split(':')[0] as string,
    ),
  )
    .flatMap((codes) => (codes ?? []).slice(0, companiesPerMarket))
    .join(','),
  STOCKS_PICKS_MONTHS: String(picksMonths),
}

interface LogLine {
  msg: string
  market?: string
}

/** Starts the first-start fixture on `dataDir`; kills it (SIGKILL) at the first line `killAt` accepts. */
function startFirstStart(
  dataDir: string,
  killAt?: (line: LogLine) => boolean,
): Promise<{ killed: boolean; lines: LogLine[]; code: number | null }> {
  const child = spawn(process.execPath, ['server/testing/first-start-fixture.ts'], {
    // PGlite in a data folder of its own, whatever database the rest of the suite runs on.
    env: { ...process.env, ...firstStartEnv, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const lines: LogLine[] = []
  let killed = false
  let buffered = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString()
    const complete = buffered.split('\n')
    buffered = complete.pop() ?? ''
    for (const text of complete) {
      if (!text.startsWith('{')) continue
      const line = JSON.parse(text) as LogLine
      lines.push(line)
      if (!killed && killAt?.(line)) {
        killed = true
        child.kill('SIGKILL')
      }
    }
  })
  return new Promise((resolve) => child.once('exit', (code) => resolve({ killed, lines, code })))
}

/** What a reader would find of the seeded site, counted. */
async function siteContents(database: Database) {
  const [row] = await selectRows<{
    articles: number
    strategies: number
    pickMonths: number
    [count: string]: number
  }>(
    database.db,
    sql`select
      (select count(*)::int from articles) as articles,
      (select count(*)::int from article_translations) as "articleTranslations",
      (select count(*)::int from article_bodies) as "articleBodies",
      (select count(*)::int from site_texts) as "siteTexts",
      (select count(*)::int from redirects) as redirects,
      (select count(*)::int from menu_groups) as "menuGroups",
      (select count(*)::int from menu_group_articles) as "menuArticles",
      (select count(*)::int from classroom_courses) as courses,
      (select count(*)::int from classroom_lessons) as lessons,
      (select count(*)::int from advisers) as advisers,
      (select count(*)::int from portfolio_strategies) as strategies,
      (select count(*)::int from portfolio_rebalances) as rebalances,
      (select count(*)::int from billing_prices) as "planPrices",
      (select count(*)::int from stock_companies) as companies,
      (select count(distinct month)::int from stock_monthly_picks) as "pickMonths"`,
  )
  const perMarket = await selectRows<{ market: string; withPrices: number; withSnapshot: number }>(
    database.db,
    sql`select c.market,
          count(*) filter (where s.last_bar_date is not null)::int as "withPrices",
          count(*) filter (where exists (select 1 from stock_snapshots n where n.company_id = c.id))::int as "withSnapshot"
        from stock_companies c left join stock_data_state s on s.company_id = c.id
        group by c.market order by c.market`,
  )
  if (!row) throw new Error('no counts')
  return { ...row, perMarket }
}

const folders: string[] = []
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true })
})

describe('a first start killed at the worst moment', () => {
  it('comes up complete at the next start, as a clean first start does', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tw-first-start-'))
    folders.push(dataDir)

    const duringContent = await startFirstStart(dataDir, (line) => line.msg === 'seeding the site content')
    expect(duringContent.killed).toBe(true)

    // Killed once the last market is stored, while the monthly picks are chosen from all four. (A fill stopped
    // within a market is stock-refresh.test.ts's.)
    const duringFill = await startFirstStart(
      dataDir,
      (line) => line.msg === 'market data refreshed' && line.market === 'kr',
    )
    expect(duringFill.killed).toBe(true)
    expect(duringFill.lines.some((line) => line.msg === 'seed complete')).toBe(false)

    const again = await startFirstStart(dataDir)
    expect(again.code).toBe(0)
    expect(again.lines.at(-1)?.msg).toBe('booted')

    const recovered = await openDatabase({ kind: 'pglite', dataDir })
    const clean = await openTestDatabase(inject('testDatabaseTemplate'))
    try {
      const { perMarket, pickMonths, ...content } = await siteContents(recovered)
      const { perMarket: _, pickMonths: __, ...cleanContent } = await siteContents(clean)
      // The same content as the clean first start of the test template; the market data of the smaller fill.
      expect(content).toEqual(cleanContent)
      expect(content.articles).toBeGreaterThan(0)
      expect(content.strategies).toBeGreaterThan(0)
      expect(perMarket).toEqual(
        ['hk', 'jp', 'kr', 'us'].map((market) => ({
          market,
          withPrices: companiesPerMarket,
          withSnapshot: companiesPerMarket,
        })),
      )
      expect(pickMonths).toBe(picksMonths)
    } finally {
      await recovered.close()
      await clean.close()
    }
  }, 240_000)
})
