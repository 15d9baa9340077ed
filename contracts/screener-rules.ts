/**
 * The screener's vocabulary without zod (ADR 0011, ADR 0036): the filters a screen may hold and their ranges, the
 * columns it sorts on, the preset screens, the error codes and the saved-screen limits. The page's form, table and
 * links read these; contracts/screener.ts builds the API's schemas on them, so the page and the API cannot disagree.
 *
 * Every filter travels in the URL as the reader would type it: percentages as percent (`gapMin=20` is a margin of
 * safety of at least 20 %), market capitalisation in billions of US dollars, P/E and P/B as multiples.
 */
import { scoreKeys } from './stock-rules.ts'

export type ScreenScoreKey = (typeof scoreKeys)[number]

export const ScreenerErrorCode = {
  sectorInvalid: 'SCREEN_SECTOR_INVALID',
  scoreInvalid: 'SCREEN_SCORE_INVALID',
  labelInvalid: 'SCREEN_LABEL_INVALID',
  gapInvalid: 'SCREEN_GAP_INVALID',
  peInvalid: 'SCREEN_PE_INVALID',
  pbInvalid: 'SCREEN_PB_INVALID',
  yieldInvalid: 'SCREEN_YIELD_INVALID',
  capInvalid: 'SCREEN_CAP_INVALID',
  positionInvalid: 'SCREEN_POSITION_INVALID',
  returnInvalid: 'SCREEN_RETURN_INVALID',
  periodInvalid: 'SCREEN_PERIOD_INVALID',
  rangeReversed: 'SCREEN_RANGE_REVERSED',
  sortInvalid: 'SCREEN_SORT_INVALID',
  pageInvalid: 'SCREEN_PAGE_INVALID',
  nameEmpty: 'SCREEN_NAME_EMPTY',
  nameTooLong: 'SCREEN_NAME_TOO_LONG',
  savedLimit: 'SCREEN_SAVED_LIMIT',
  savedNotFound: 'SCREEN_SAVED_NOT_FOUND',
} as const

/** GICS sectors, as the universe names them. */
export const screenSectors = [
  'communication_services',
  'consumer_discretionary',
  'consumer_staples',
  'energy',
  'financials',
  'health_care',
  'industrials',
  'information_technology',
  'materials',
  'real_estate',
  'utilities',
] as const
export type ScreenSector = (typeof screenSectors)[number]

export const technicalsLabels = ['buy', 'neutral', 'sell'] as const
export const capitalFlowLabels = ['inflow', 'neutral', 'outflow'] as const

/** The periods a return is measured over, each back from the as-of session (calendar days). */
export const returnPeriods = ['1m', '3m', '6m', '1y'] as const
export type ReturnPeriod = (typeof returnPeriods)[number]
export const returnPeriodDays: Record<ReturnPeriod, number> = { '1m': 30, '3m': 91, '6m': 182, '1y': 365 }
export const defaultReturnPeriod: ReturnPeriod = '3m'

/** The URL parameter of each score's minimum: `minTotal`, `minFundamentals`, `minMarketSize`… */
export const scoreParamOf = {
  total: 'minTotal',
  fundamentals: 'minFundamentals',
  management: 'minManagement',
  trend: 'minTrend',
  market_size: 'minMarketSize',
  gross_margin: 'minGrossMargin',
  profitability: 'minProfitability',
  growth_potential: 'minGrowthPotential',
  competitive_advantage: 'minCompetitiveAdvantage',
  valuation: 'minValuation',
  financial_health: 'minFinancialHealth',
} as const satisfies Record<ScreenScoreKey | 'total', string>
export type ScoreParam = (typeof scoreParamOf)[keyof typeof scoreParamOf]
export const screenScoreKeys = scoreKeys

/**
 * The ranges a reader may filter on: URL parameters `<name>Min` and `<name>Max`, with the bounds a value must keep
 * (in the URL's units) and the code of the message when it does not.
 */
export const screenRanges = {
  gap: { min: -1000, max: 100, code: ScreenerErrorCode.gapInvalid },
  pe: { min: 0, max: 10_000, code: ScreenerErrorCode.peInvalid },
  pb: { min: 0, max: 1000, code: ScreenerErrorCode.pbInvalid },
  yield: { min: 0, max: 100, code: ScreenerErrorCode.yieldInvalid },
  cap: { min: 0, max: 100_000, code: ScreenerErrorCode.capInvalid },
  position: { min: 0, max: 100, code: ScreenerErrorCode.positionInvalid },
  return: { min: -100, max: 10_000, code: ScreenerErrorCode.returnInvalid },
} as const
export type ScreenRangeKey = keyof typeof screenRanges
export const screenRangeKeys = Object.keys(screenRanges) as ScreenRangeKey[]

/**
 * Columns a screen sorts on (`sort=`): the stock's code, each score and the total, the labels, and each figure. The
 * direction a column first sorts in is the one a reader most often wants (highest score, cheapest P/E).
 */
export const screenSortKeys = [
  'code',
  'total',
  ...scoreKeys,
  'technicals',
  'flow',
  'change',
  'gap',
  'pe',
  'pb',
  'yield',
  'cap',
  'position',
  'return',
] as const
export type ScreenSortKey = (typeof screenSortKeys)[number]
export const sortDirections = ['asc', 'desc'] as const
export type SortDirection = (typeof sortDirections)[number]
export const ascendingFirst: ReadonlySet<ScreenSortKey> = new Set(['code', 'pe', 'pb'])
export const defaultScreenSort: ScreenSortKey = 'total'

export function defaultDirectionOf(sort: ScreenSortKey): SortDirection {
  return ascendingFirst.has(sort) ? 'asc' : 'desc'
}

export const screenPageSize = 25
export const screenPageSizeMax = 50
/** Pages of a screen: enough for a 10,000-stock universe at the page's size. */
export const screenPageMax = 400

/**
 * The named screens (names and explanations in the stocks catalogue, `screener.presets.<key>`): each is a set of
 * URL parameters, so a preset is a link and a reader can adjust it like any screen.
 */
export const screenPresets = {
  undervaluedQuality: { gapMin: '20', minTotal: '60', minFinancialHealth: '50', sort: 'gap' },
  dividendPayers: { yieldMin: '3', minFinancialHealth: '50', peMax: '25', sort: 'yield' },
  momentum: { period: '3m', returnMin: '10', positionMin: '70', technicals: 'buy', sort: 'return' },
} as const satisfies Record<string, Record<string, string>>
export type ScreenPresetKey = keyof typeof screenPresets
export const screenPresetKeys = Object.keys(screenPresets) as ScreenPresetKey[]

/** Every URL parameter a screen may hold (besides `market`, `sector`, `page`): what a saved screen keeps. */
export const screenParams: readonly string[] = [
  'market',
  'sector',
  ...Object.values(scoreParamOf),
  'technicals',
  'flow',
  ...screenRangeKeys.flatMap((key) => [`${key}Min`, `${key}Max`]),
  'period',
  'sort',
  'dir',
]

/** A saved screen's name: 1–60 characters. */
export const savedScreenNameMax = 60
/** The stored query string of a saved screen is at most this long (every parameter set stays far below). */
export const savedScreenQueryMax = 1500

/**
 * A screen's canonical query string: only the screen's own parameters (not the page), blank ones left out, in one
 * fixed order, so one screen has one address and a saved screen compares equal to the page it came from.
 */
export function canonicalScreenSearch(params: URLSearchParams): string {
  const canonical = new URLSearchParams()
  for (const name of screenParams) {
    const value = params.get(name)?.trim()
    if (value) canonical.set(name, value)
  }
  return canonical.toString()
}
