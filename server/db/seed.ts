/**
 * The idempotent seed: content the site needs on a fresh database (company texts, menus…). Rows that already
 * exist are left alone, so an operator's edits survive restarts. Runs at every start, under a lock.
 *
 * A first start may be killed at any moment (kill -9, a container stopped mid-boot), and the next start must still
 * make a complete site. The content is therefore written in one transaction — all of it or none — since several of
 * its parts only check whether anything exists (a course, an adviser, an article by key) and would never finish a
 * half-written one. The market data's first fill is too long for one transaction and resumes instead: company by
 * company, each committed whole, and a market with a company missing is filled again at the next start
 * (stock-refresh.ts `fillEmptyMarkets`). The sample strategies, which need the prices, come last, in a transaction
 * of their own.
 */

import { insertSampleAdvisersIfNone } from '#server/modules/advisers/advisers.seed.ts'
import {
  insertSeedCorpusIfAbsent,
  reindexStaleSearchText,
  releaseSeedSegmenter,
} from '#server/modules/articles/articles.seed.ts'
import { loadSeedCorpus } from '#server/modules/articles/seed/seed-corpus.ts'
import { insertSampleClassroomIfEmpty } from '#server/modules/classroom/classroom.seed.ts'
import { insertSeedMenuIfAbsent } from '#server/modules/navigation/navigation.seed.ts'
import { insertRedirectsIfAbsent } from '#server/modules/redirects/redirects.repo.ts'
import { defaultRedirects } from '#server/modules/redirects/redirects.seed.ts'
import { insertSiteTextsIfAbsent } from '#server/modules/site-texts/site-texts.repo.ts'
import { loadSiteTextSeed } from '#server/modules/site-texts/site-texts.seed.ts'
import { createMarketPricesService } from '#server/modules/stocks/market-prices.service.ts'
import type { RefreshLogger } from '#server/modules/stocks/refresh-scope.ts'
import { seedStocks } from '#server/modules/stocks/stocks.seed.ts'
import { seedSampleStrategies } from '#server/modules/strategies/strategies.seed.ts'
import type { Config } from '../config.ts'
import { type Database, inTransaction } from './database.ts'

/**
 * `config` enables the parts that depend on it: with it, a fresh database also gets its first market data (demo
 * provider; the test template uses a small MARKET_DATA_COMPANIES list, see server/testing/test-runtime.ts).
 */
export async function seedDatabase(
  database: Database,
  options: { config?: Config; log?: RefreshLogger } = {},
): Promise<void> {
  const log = options.log
  await database.withAdvisoryLock('tickerwise:seed', async (db) => {
    log?.info({}, 'seeding the site content')
    const corpus = await loadSeedCorpus()
    // With the configuration, the sample articles are dated up to the demo data's last day (or today).
    const demoEnd = options.config?.marketData.demo.endDate
    const datedAt = options.config ? (demoEnd ? new Date(`${demoEnd}T23:59:59Z`) : new Date()) : undefined
    const siteTexts = await loadSiteTextSeed()
    await inTransaction(db, async (tx) => {
      await insertSiteTextsIfAbsent(tx, siteTexts)
      await insertRedirectsIfAbsent(tx, defaultRedirects)
      await insertSeedCorpusIfAbsent(tx, corpus, { datedAt })
      await reindexStaleSearchText(tx)
      await insertSeedMenuIfAbsent(tx, corpus.menuGroups)
      await insertSampleClassroomIfEmpty(tx)
      await insertSampleAdvisersIfNone(tx)
    })
    releaseSeedSegmenter()
    log?.info({}, 'site content seeded; filling the market data')
    // On the pool, not the lock's one connection: the refresh reads each company's data with several queries at
    // once, which one connection would take one at a time (and pg will refuse).
    await seedStocks(database.db, options.config, log)
    // After the stocks: sample strategies are dated within the stored price history.
    await inTransaction(db, (tx) => seedSampleStrategies(tx, createMarketPricesService({ db: tx })))
    log?.info({}, 'seed complete')
  })
}
