/**
 * The stable identifiers of everything the stocks engine (server/modules/stocks/engine/) reports: scores, checks,
 * votes, labels and reasons. Pages and the server name them with the same table (diagnosis-labels.ts); they never
 * change meaning once published. Renaming a key is a breaking change for the page and for stored diagnoses.
 * On the shared floor, without zod: the diagnosis page's first paint reads the labels (ADR 0011).
 */

export const SCORE_KEYS = [
  'fundamentals',
  'management',
  'trend',
  'market_size',
  'gross_margin',
  'profitability',
  'growth_potential',
  'competitive_advantage',
  'valuation',
  'financial_health',
] as const
export type ScoreKey = (typeof SCORE_KEYS)[number]

export const PIOTROSKI_CHECK_KEYS = [
  'piotroski.roa_positive',
  'piotroski.cfo_positive',
  'piotroski.roa_improved',
  'piotroski.cfo_exceeds_net_income',
  'piotroski.leverage_decreased',
  'piotroski.current_ratio_improved',
  'piotroski.no_new_shares',
  'piotroski.gross_margin_improved',
  'piotroski.asset_turnover_improved',
] as const

export const MANAGEMENT_CHECK_KEYS = [
  'management.return_vs_cost_of_capital',
  'management.incremental_return',
  'management.dilution_1y',
  'management.dilution_3y',
  'management.insider_net_buying_6m',
  'management.insider_net_buying_12m',
] as const

export const TREND_CHECK_KEYS = [
  'trend.price_above_sma50',
  'trend.price_above_sma200',
  'trend.sma50_above_sma200',
  'trend.sma200_rising',
  'trend.di_plus_above_di_minus',
  'trend.adx_strong_uptrend',
] as const

export const MARKET_SIZE_CHECK_KEYS = [
  'market_size.cap_at_least_small',
  'market_size.cap_at_least_mid',
  'market_size.cap_at_least_large',
  'market_size.cap_mega',
  'market_size.revenue_at_least_100m',
  'market_size.revenue_at_least_1b',
  'market_size.revenue_at_least_10b',
] as const

export const GROSS_MARGIN_CHECK_KEYS = [
  'gross_margin.level_vs_industry',
  'gross_margin.level_absolute',
  'gross_margin.trend_5y',
  'gross_margin.latest_vs_average',
] as const

export const PROFITABILITY_CHECK_KEYS = [
  'profitability.roe_level',
  'profitability.roe_vs_industry',
  'profitability.roa_level',
  'profitability.roa_vs_industry',
  'profitability.roce_level',
  'profitability.roce_vs_industry',
] as const

export const GROWTH_CHECK_KEYS = [
  'growth.revenue_cagr',
  'growth.eps_cagr',
  'growth.revenue_acceleration',
  'growth.eps_growth_latest',
  'growth.fundamental_growth',
] as const

export const MOAT_CHECK_KEYS = [
  'moat.return_persistence',
  'moat.return_spread',
  'moat.gross_margin_stability',
  'moat.operating_margin_stability',
] as const

export const VALUATION_CHECK_KEYS = [
  'valuation.price_below_fair_value',
  'valuation.pe_vs_industry',
  'valuation.peg',
  'valuation.pb_vs_industry',
] as const

export const HEALTH_CHECK_KEYS = [
  'health.altman_not_distress',
  'health.altman_safe',
  'health.interest_coverage',
  'health.current_ratio',
  'health.debt_to_equity',
  'health.equity_to_assets',
  'health.equity_to_assets_trend',
  'health.net_income_positive',
] as const

export const CHECK_KEYS = [
  ...PIOTROSKI_CHECK_KEYS,
  ...MANAGEMENT_CHECK_KEYS,
  ...TREND_CHECK_KEYS,
  ...MARKET_SIZE_CHECK_KEYS,
  ...GROSS_MARGIN_CHECK_KEYS,
  ...PROFITABILITY_CHECK_KEYS,
  ...GROWTH_CHECK_KEYS,
  ...MOAT_CHECK_KEYS,
  ...VALUATION_CHECK_KEYS,
  ...HEALTH_CHECK_KEYS,
] as const
export type CheckKey = (typeof CHECK_KEYS)[number]

export const TECHNICAL_VOTE_KEYS = [
  'technicals.rsi14',
  'technicals.macd',
  'technicals.sma20',
  'technicals.sma50',
  'technicals.sma200',
  'technicals.ema20',
  'technicals.ema50',
  'technicals.ema200',
] as const
export type TechnicalVoteKey = (typeof TECHNICAL_VOTE_KEYS)[number]

export const CAPITAL_FLOW_VOTE_KEYS = [
  'capital_flow.mfi14',
  'capital_flow.cmf20',
  'capital_flow.obv_trend',
] as const
export type CapitalFlowVoteKey = (typeof CAPITAL_FLOW_VOTE_KEYS)[number]

/** Why a check, a score or a value is not available. */
export const UNAVAILABLE_REASONS = [
  'missing_data',
  'insufficient_history',
  'not_applicable',
  'no_benchmark',
  'negative_earnings',
  'negative_equity',
  'non_positive_base',
  'non_positive_growth',
  'negative_free_cash_flow',
  'no_net_investment',
  'no_interest_expense',
  'no_transactions',
  'too_few_checks',
  'discount_rate_not_above_growth',
  'non_positive_fair_value',
  'no_price_movement',
] as const
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number]

export const TECHNICAL_SIGNALS = ['buy', 'neutral', 'sell'] as const
export type TechnicalSignal = (typeof TECHNICAL_SIGNALS)[number]

export const FLOW_SIGNALS = ['inflow', 'neutral', 'outflow'] as const
export type FlowSignal = (typeof FLOW_SIGNALS)[number]

export const HEALTH_ZONES = ['safe', 'grey', 'distress'] as const
export type HealthZone = (typeof HEALTH_ZONES)[number]

export const HEALTH_MODELS = ['altman_z', 'altman_z_double_prime', 'financials_equity_to_assets'] as const
export type HealthModel = (typeof HEALTH_MODELS)[number]

export const PROFITABILITY_RATINGS = ['strong', 'average', 'weak'] as const
export type ProfitabilityRating = (typeof PROFITABILITY_RATINGS)[number]

export const ANALYST_RATINGS = ['strong_buy', 'buy', 'hold', 'sell', 'strong_sell'] as const
export type AnalystRating = (typeof ANALYST_RATINGS)[number]

export const MARKET_CAP_BANDS = ['mega', 'large', 'mid', 'small', 'micro', 'nano'] as const
export type MarketCapBand = (typeof MARKET_CAP_BANDS)[number]

export const FAIR_VALUE_METHODS = ['dcf_two_stage', 'justified_price_to_book'] as const
export type FairValueMethod = (typeof FAIR_VALUE_METHODS)[number]

/** Where a check's threshold comes from, so the page can say "industry median" or "previous year". */
export const THRESHOLD_SOURCES = [
  'fixed',
  'previous_year',
  'industry_median',
  'cost_of_capital',
  'fair_value',
  'derived',
] as const
export type ThresholdSource = (typeof THRESHOLD_SOURCES)[number]

/** Why a financial-health model was chosen (manufacturer, non-manufacturer, HK/KR listing, financial company). */
export const HEALTH_MODEL_REASONS = [
  'manufacturer',
  'non_manufacturer',
  'emerging_market_listing',
  'financial_company',
  'override',
] as const
export type HealthModelReason = (typeof HEALTH_MODEL_REASONS)[number]

export const LEVEL_METHODS = ['pivot_classic', 'swing_cluster'] as const
export type LevelMethod = (typeof LEVEL_METHODS)[number]

export const PIVOT_NAMES = ['S3', 'S2', 'S1', 'P', 'R1', 'R2', 'R3'] as const
export type PivotName = (typeof PIVOT_NAMES)[number]

/** Why there is no support below or no resistance above the last close. */
export const LEVEL_EXCEPTIONS = [
  'at_history_high',
  'at_history_low',
  'none_above',
  'none_below',
  'insufficient_data',
] as const
export type LevelException = (typeof LEVEL_EXCEPTIONS)[number]

/** Short ids of the cited methods; each is an anchor in docs/analysis-methods.md. */
export const METHOD_IDS = [
  'piotroski-2000',
  'altman-1968',
  'altman-1995',
  'financials-capital',
  'roic-capital-allocation',
  'share-dilution',
  'insider-activity',
  'moving-average-trend',
  'wilder-adx',
  'market-cap-bands',
  'gross-margin-quality',
  'profitability-ratios',
  'growth-cagr',
  'fundamental-growth',
  'moat-persistence',
  'dcf-two-stage',
  'justified-price-to-book',
  'relative-valuation',
  'peg-ratio',
  'technical-tally',
  'wilder-rsi',
  'appel-macd',
  'capital-flow',
  'pivot-points-classic',
  'swing-clusters',
  'total-score',
  'industry-benchmarks',
  'market-assumptions',
] as const
export type MethodId = (typeof METHOD_IDS)[number]
