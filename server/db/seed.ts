/**
 * The idempotent seed: content the site needs on a fresh database (company texts, menus…). Rows that already
 * exist are left alone, so an operator's edits survive restarts. Runs at every start, under a lock.
 */

import { insertSampleAdvisersIfNone } from '#server/modules/advisers/advisers.seed.ts'
import { insertSeedCorpusIfAbsent, reindexStaleSearchText } from '#server/modules/articles/articles.seed.ts'
import { loadSeedCorpus } from '#server/modules/articles/seed/seed-corpus.ts'
import { insertSampleClassroomIfEmpty } from '#server/modules/classroom/classroom.seed.ts'
import { insertSeedMenuIfAbsent } from '#server/modules/navigation/navigation.seed.ts'
import { insertRedirectsIfAbsent } from '#server/modules/redirects/redirects.repo.ts'
import { defaultRedirects } from '#server/modules/redirects/redirects.seed.ts'
import { insertSiteTextsIfAbsent } from '#server/modules/site-texts/site-texts.repo.ts'
import { loadSiteTextSeed } from '#server/modules/site-texts/site-texts.seed.ts'
import { createMarketPricesService } from '#server/modules/stocks/market-prices.service.ts'
import { seedStocks } from '#server/modules/stocks/stocks.seed.ts'
import { seedSampleStrategies } from '#server/modules/strategies/strategies.seed.ts'
import type { Config } from '../config.ts'
import type { Database } from './database.ts'

/**
 * `config` enables the parts that depend on it: with it, a fresh database also gets its first market data (demo
 * provider; the test template uses a small MARKET_DATA_COMPANIES list, see server/testing/test-runtime.ts).
 */
export async function seedDatabase(database: Database, options: { config?: Config } = {}): Promise<void> {
  await database.withAdvisoryLock('tickerwise:seed', async (db) => {
    await insertSiteTextsIfAbsent(db, await loadSiteTextSeed())
    await insertRedirectsIfAbsent(db, defaultRedirects)
    const corpus = await loadSeedCorpus()
    // With the configuration, the sample articles are dated up to the demo data's last day (or today).
    const demoEnd = options.config?.marketData.demo.endDate
    const datedAt = options.config ? (demoEnd ? new Date(`${demoEnd}T23:59:59Z`) : new Date()) : undefined
    await insertSeedCorpusIfAbsent(db, corpus, { datedAt })
    await reindexStaleSearchText(db)
    await insertSeedMenuIfAbsent(db, corpus.menuGroups)
    await seedStocks(db, options.config)
    // After the stocks: sample strategies are dated within the stored price history.
    await seedSampleStrategies(db, createMarketPricesService({ db }))
    await insertSampleClassroomIfEmpty(db)
    await insertSampleAdvisersIfNone(db)
  })
}
