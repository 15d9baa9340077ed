/**
 * Stored market data and what is computed from it. Companies are seeded from the universe; bars, statements,
 * insider transactions and consensus come from the configured provider (or a CSV import); snapshots and monthly
 * picks are computed by the refresh. Dates are `date` columns read as ISO strings; amounts are double precision in
 * the units the provider gave (trading currency, whole shares).
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import type { Market } from '#contracts/regions.ts'
import { createdAt, updatedAt } from '#server/db/columns.ts'
import { members } from '#server/modules/accounts/accounts.sql.ts'
import type { Currency, Exchange, Sector } from '#server/providers/market-data/market-data.ts'

export type DataSource = 'demo' | 'yahoo' | 'csv'

/** One company of the universe; `(market, code)` is how the rest of the site names it. */
export const stockCompanies = pgTable(
  'stock_companies',
  {
    id: serial().primaryKey(),
    market: text().$type<Market>().notNull(),
    code: text().notNull(),
    exchange: text().$type<Exchange>().notNull(),
    currency: text().$type<Currency>().notNull(),
    nameEn: text().notNull(),
    nameZh: text().notNull(),
    aliases: text().array().notNull().default(sql`'{}'::text[]`),
    sector: text().$type<Sector>().notNull(),
    industry: text().notNull(),
    yahooSymbol: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('stock_companies_market_code').on(table.market, table.code),
    check('stock_companies_market', sql`${table.market} in ('us', 'hk', 'jp', 'kr')`),
  ],
)

/**
 * Every name a reader may type for a company, normalised (NFKC, lower case, no full stops, single spaces): the
 * code, the English and Chinese names and each alias. The trigram index serves fuzzy lookups and the autocomplete.
 */
export const stockCompanyNames = pgTable(
  'stock_company_names',
  {
    companyId: integer()
      .notNull()
      .references(() => stockCompanies.id, { onDelete: 'cascade' }),
    normalized: text().notNull(),
    /** As written in the universe, shown to explain a match. */
    text: text().notNull(),
    kind: text().$type<'code' | 'name' | 'alias'>().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.normalized] }),
    index('stock_company_names_trgm').using('gin', sql`${table.normalized} gin_trgm_ops`),
  ],
)

/** One session of one company. */
export const stockDailyBars = pgTable(
  'stock_daily_bars',
  {
    companyId: integer()
      .notNull()
      .references(() => stockCompanies.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    open: doublePrecision().notNull(),
    high: doublePrecision().notNull(),
    low: doublePrecision().notNull(),
    close: doublePrecision().notNull(),
    volume: doublePrecision().notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.date] })],
)

/** One fiscal year of statements (the `AnnualFundamentals` fields). */
export const stockFundamentals = pgTable(
  'stock_fundamentals',
  {
    companyId: integer()
      .notNull()
      .references(() => stockCompanies.id, { onDelete: 'cascade' }),
    fiscalYear: integer().notNull(),
    periodEnd: date({ mode: 'string' }).notNull(),
    currency: text().$type<Currency>().notNull(),
    revenue: doublePrecision(),
    costOfRevenue: doublePrecision(),
    grossProfit: doublePrecision(),
    operatingIncome: doublePrecision(),
    ebit: doublePrecision(),
    interestExpense: doublePrecision(),
    pretaxIncome: doublePrecision(),
    incomeTax: doublePrecision(),
    netIncome: doublePrecision(),
    depreciationAndAmortization: doublePrecision(),
    totalAssets: doublePrecision(),
    currentAssets: doublePrecision(),
    cashAndEquivalents: doublePrecision(),
    totalLiabilities: doublePrecision(),
    currentLiabilities: doublePrecision(),
    longTermDebt: doublePrecision(),
    totalDebt: doublePrecision(),
    retainedEarnings: doublePrecision(),
    shareholdersEquity: doublePrecision(),
    operatingCashFlow: doublePrecision(),
    capitalExpenditure: doublePrecision(),
    dividendsPaid: doublePrecision(),
    shareRepurchases: doublePrecision(),
    sharesOutstanding: doublePrecision(),
    dilutedShares: doublePrecision(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.fiscalYear] })],
)

/** Insider purchases and sales; a repeated delivery of the same filing is one row (the unique key). */
export const stockInsiderTransactions = pgTable(
  'stock_insider_transactions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => stockCompanies.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    insiderName: text().notNull(),
    role: text().notNull(),
    kind: text().$type<'buy' | 'sell'>().notNull(),
    shares: doublePrecision().notNull(),
    price: doublePrecision().notNull(),
    value: doublePrecision().notNull(),
  },
  (table) => [
    unique('stock_insider_transactions_filing').on(
      table.companyId,
      table.date,
      table.insiderName,
      table.kind,
      table.shares,
      table.price,
    ),
    index('stock_insider_transactions_date_idx').on(table.date.desc(), table.id.desc()),
    check('stock_insider_transactions_kind', sql`${table.kind} in ('buy', 'sell')`),
  ],
)

/** Analysts' consensus as published on a date; kept as a history so past diagnoses see what was known then. */
export const stockAnalystConsensus = pgTable(
  'stock_analyst_consensus',
  {
    companyId: integer()
      .notNull()
      .references(() => stockCompanies.id, { onDelete: 'cascade' }),
    asOf: date({ mode: 'string' }).notNull(),
    rating: text().notNull(),
    meanScore: doublePrecision().notNull(),
    analystCount: integer().notNull(),
    targetMean: doublePrecision(),
    targetHigh: doublePrecision(),
    targetLow: doublePrecision(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.asOf] })],
)

/**
 * Results dates and dividends (the calendar, issue 28), as the provider gave them: `date` is the results session or
 * the ex-date, in the exchange's calendar. Earnings rows carry `at` (the release instant, when known), `periodEnd`
 * and `confirmed`; dividend rows `payDate`, `amount` per share and its `currency`. Replaced per company at each fetch.
 */
export const stockCorporateEvents = pgTable(
  'stock_corporate_events',
  {
    companyId: integer()
      .notNull()
      .references(() => stockCompanies.id, { onDelete: 'cascade' }),
    kind: text().$type<'earnings' | 'dividend'>().notNull(),
    date: date({ mode: 'string' }).notNull(),
    at: timestamp({ withTimezone: true }),
    periodEnd: date({ mode: 'string' }),
    confirmed: boolean().notNull().default(true),
    payDate: date({ mode: 'string' }),
    amount: doublePrecision(),
    currency: text(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.kind, table.date] }),
    index('stock_corporate_events_date_idx').on(table.date),
    check('stock_corporate_events_kind', sql`${table.kind} in ('earnings', 'dividend')`),
  ],
)

/**
 * Where a company's stored data came from and how far it reaches. `source` decides `isDemo`; a refresh by another
 * provider replaces the data (except data imported from CSV, which only an import replaces), and so does a refresh
 * by a later version of the same generator (`sourceVersion`: the demo provider's `dataVersion`; null otherwise).
 */
export const stockDataState = pgTable('stock_data_state', {
  companyId: integer()
    .primaryKey()
    .references(() => stockCompanies.id, { onDelete: 'cascade' }),
  source: text().$type<DataSource>().notNull(),
  sourceVersion: text(),
  isDemo: boolean().notNull(),
  firstBarDate: date({ mode: 'string' }),
  lastBarDate: date({ mode: 'string' }),
  lastClose: doublePrecision(),
  previousClose: doublePrecision(),
  refreshedAt: timestamp({ withTimezone: true }),
  lastError: text(),
  updatedAt: updatedAt(),
})

/**
 * The engine's diagnosis of one company on one as-of date, with the columns lists sort and filter on.
 * Ratios are fractions; prices in the trading currency.
 */
export const stockSnapshots = pgTable(
  'stock_snapshots',
  {
    companyId: integer()
      .notNull()
      .references(() => stockCompanies.id, { onDelete: 'cascade' }),
    asOf: date({ mode: 'string' }).notNull(),
    engineVersion: text().notNull(),
    computedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    source: text().$type<DataSource>().notNull(),
    isDemo: boolean().notNull(),
    /** The whole `Diagnosis` (engine/diagnosis.types.ts), as the engine returned it. */
    diagnosis: jsonb().notNull(),
    totalScore: doublePrecision(),
    price: doublePrecision(),
    previousClose: doublePrecision(),
    fairValue: doublePrecision(),
    downsideMargin: doublePrecision(),
    pe: doublePrecision(),
    marketCap: doublePrecision(),
    marketCapUsd: doublePrecision(),
    support: doublePrecision(),
    resistance: doublePrecision(),
    analystRating: text(),
    profitabilityRating: text(),
    healthZone: text(),
    technicals: text(),
    capitalFlow: text(),
    /** The as-of session's volume, the mean volume of the 20 sessions before it, and their ratio. */
    volume: doublePrecision(),
    volumeAverage20: doublePrecision(),
    volumeRatio: doublePrecision(),
    /** Close-to-close change of the as-of session, fraction. */
    priceMove: doublePrecision(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.asOf] }),
    index('stock_snapshots_as_of_idx').on(table.asOf),
  ],
)

/** One monthly pick (spec §3) and its track record, refreshed after every data refresh. */
export const stockMonthlyPicks = pgTable(
  'stock_monthly_picks',
  {
    month: text().notNull(),
    companyId: integer()
      .notNull()
      .references(() => stockCompanies.id, { onDelete: 'cascade' }),
    rank: integer().notNull(),
    ruleVersion: text().notNull(),
    suggestion: text().notNull(),
    stockType: text().notNull(),
    recommendedAt: date({ mode: 'string' }).notNull(),
    dataAsOf: date({ mode: 'string' }).notNull(),
    recommendedPrice: doublePrecision().notNull(),
    analystEstimatedPrice: doublePrecision().notNull(),
    analystEstimatedPriceSource: text().notNull(),
    estimatedReturn: doublePrecision().notNull(),
    estimatedMaxDrawdown: doublePrecision().notNull(),
    totalScore: doublePrecision().notNull(),
    fairValue: doublePrecision().notNull(),
    downsideMargin: doublePrecision().notNull(),
    latestPrice: doublePrecision(),
    latestPriceDate: date({ mode: 'string' }),
    actualReturn: doublePrecision(),
    actualMaxDrawdown: doublePrecision(),
    isDemo: boolean().notNull(),
    /** `rule`: chosen by the pick rule; `analyst`: entered or edited at the console's analysts' desk. */
    source: text().$type<'rule' | 'analyst'>().notNull().default('rule'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.month, table.companyId] }),
    unique('stock_monthly_picks_rank').on(table.month, table.rank),
    check('stock_monthly_picks_source', sql`${table.source} in ('rule', 'analyst')`),
  ],
)

/**
 * The firm's own text about a company (Markdown, per language), written at the console's analysts' desk and shown
 * on the company's stock page. A language without a row shows none.
 */
export const stockCompanyTexts = pgTable(
  'stock_company_texts',
  {
    companyId: integer()
      .notNull()
      .references(() => stockCompanies.id, { onDelete: 'cascade' }),
    locale: text().notNull(),
    markdown: text().notNull(),
    html: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    updatedByMemberId: uuid(),
    updatedByPhone: text(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.locale] }),
    check('stock_company_texts_locale', sql`${table.locale} in ('en', 'zh-Hant')`),
  ],
)

/** One run of the refresh for one market: what it asked for and what came of it. */
export const stockRefreshRuns = pgTable(
  'stock_refresh_runs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    market: text().$type<Market>().notNull(),
    provider: text().$type<DataSource>().notNull(),
    trigger: text().$type<'fill' | 'schedule' | 'operator' | 'import'>().notNull(),
    targetSession: date({ mode: 'string' }),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
    status: text().$type<'running' | 'succeeded' | 'partial' | 'failed'>().notNull(),
    companies: integer().notNull().default(0),
    barsStored: integer().notNull().default(0),
    snapshots: integer().notNull().default(0),
    failures: jsonb().$type<Array<{ code: string; error: string }>>().notNull().default([]),
  },
  (table) => [index('stock_refresh_runs_market_idx').on(table.market, table.startedAt.desc())],
)

/**
 * Which reader opened which company's diagnosis on which day, so the same stock again the same day (reload,
 * language switch) does not use another attempt. `subject` is the quota subject (member id or device key hash).
 */
export const stockDiagnosisViews = pgTable(
  'stock_diagnosis_views',
  {
    subject: text().notNull(),
    companyId: integer()
      .notNull()
      .references(() => stockCompanies.id, { onDelete: 'cascade' }),
    day: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.subject, table.companyId, table.day] })],
)

/**
 * The screener's read model (ADR 0036): one row per company with its latest snapshot's figures flattened into
 * columns a screen filters and sorts on — each score, the labels, ratios, the 52-week position and returns over
 * each period. Written with the snapshot (snapshot-refresh.ts), in the same write batch, so it never lags the
 * lists; a database migrated before it existed is filled from the stored snapshots at start (stocks.seed.ts).
 * Ratios and returns are fractions.
 */
export const stockScreenRows = pgTable(
  'stock_screen_rows',
  {
    companyId: integer()
      .primaryKey()
      .references(() => stockCompanies.id, { onDelete: 'cascade' }),
    market: text().$type<Market>().notNull(),
    sector: text().$type<Sector>().notNull(),
    code: text().notNull(),
    asOf: date({ mode: 'string' }).notNull(),
    isDemo: boolean().notNull(),
    price: doublePrecision(),
    changePercent: doublePrecision(),
    totalScore: doublePrecision(),
    scoreFundamentals: doublePrecision(),
    scoreManagement: doublePrecision(),
    scoreTrend: doublePrecision(),
    scoreMarketSize: doublePrecision(),
    scoreGrossMargin: doublePrecision(),
    scoreProfitability: doublePrecision(),
    scoreGrowthPotential: doublePrecision(),
    scoreCompetitiveAdvantage: doublePrecision(),
    scoreValuation: doublePrecision(),
    scoreFinancialHealth: doublePrecision(),
    technicals: text(),
    capitalFlow: text(),
    fairValue: doublePrecision(),
    downsideMargin: doublePrecision(),
    pe: doublePrecision(),
    pb: doublePrecision(),
    dividendYield: doublePrecision(),
    marketCap: doublePrecision(),
    marketCapUsd: doublePrecision(),
    week52High: doublePrecision(),
    week52Low: doublePrecision(),
    week52Position: doublePrecision(),
    return1m: doublePrecision(),
    return3m: doublePrecision(),
    return6m: doublePrecision(),
    return1y: doublePrecision(),
  },
  (table) => [
    // The default screen (a market, by total score) and the common first filters read these; the rest of a screen
    // is a scan of at most one row per company, measured in bench/screener.bench.ts.
    index('stock_screen_rows_market_total_idx').on(table.market, table.totalScore.desc()),
    index('stock_screen_rows_sector_idx').on(table.sector, table.market),
    index('stock_screen_rows_cap_idx').on(table.marketCapUsd.desc()),
  ],
)

/** A member's saved screen: a name and the screen's canonical query string. Private to its owner. */
export const stockSavedScreens = pgTable(
  'stock_saved_screens',
  {
    id: uuid().primaryKey().defaultRandom(),
    memberId: uuid()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    query: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('stock_saved_screens_member_idx').on(table.memberId, table.createdAt)],
)
