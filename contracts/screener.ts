/**
 * Wire shapes of the screener (ADR 0036; limits, keys and codes in screener-rules.ts):
 *
 *   GET    /screener/list        ScreenQuery         → ScreenAnswer (stocks passing every filter, sorted, paged)
 *   GET    /screener/saved                           → SavedScreensAnswer (the reader's own saved screens)
 *   POST   /screener/saved       SaveScreenRequest   → SavedScreen (members; the tier table caps how many)
 *   DELETE /screener/saved/:id                       → null (the owner's screen only; another's is not found)
 *
 * A screen is read from the URL's query as the page's form sends it: every field optional, blank means no filter,
 * numbers in the units the reader types (screener-rules.ts). A value outside its range answers 400 with the
 * field's code, never a 500. The conventions of every stocks answer (contracts/stocks.ts) hold here too.
 */
import { z } from 'zod'
import {
  capitalFlowLabels,
  defaultReturnPeriod,
  returnPeriods,
  type ScoreParam,
  ScreenerErrorCode,
  type ScreenRangeKey,
  savedScreenNameMax,
  savedScreenQueryMax,
  scoreParamOf,
  screenPageMax,
  screenPageSize,
  screenPageSizeMax,
  screenRanges,
  screenSectors,
  screenSortKeys,
  sortDirections,
  technicalsLabels,
} from './screener-rules.ts'
import { StockErrorCode, scoreKeys } from './stock-rules.ts'
import { blankAsAbsent, Currency, DataStamp, StockMarket } from './stocks.ts'

/** A choice in any case; blank is none. */
const choice = <V extends readonly [string, ...string[]]>(options: V, code: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? blankAsAbsent(value.trim().toLowerCase()) : blankAsAbsent(value)),
    z.enum(options, { error: code }).optional(),
  )

/** A number within bounds; blank is none; anything else (text, a repeated parameter, ∞: zod's number is finite)
 * answers `code`. */
const bounded = (min: number, max: number, code: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? blankAsAbsent(value.trim()) : blankAsAbsent(value)),
    z.coerce.number({ error: code }).min(min, code).max(max, code).optional(),
  )

const rangeFields = Object.fromEntries(
  (Object.keys(screenRanges) as ScreenRangeKey[]).flatMap((key) => {
    const { min, max, code } = screenRanges[key]
    return [
      [`${key}Min`, bounded(min, max, code)],
      [`${key}Max`, bounded(min, max, code)],
    ]
  }),
) as Record<`${ScreenRangeKey}${'Min' | 'Max'}`, ReturnType<typeof bounded>>

const scoreFields = Object.fromEntries(
  Object.values(scoreParamOf).map((param) => [param, bounded(0, 100, ScreenerErrorCode.scoreInvalid)]),
) as Record<ScoreParam, ReturnType<typeof bounded>>

const wholePage = (max: number, fallback: number) =>
  z.preprocess(
    blankAsAbsent,
    z.coerce
      .number({ error: ScreenerErrorCode.pageInvalid })
      .int(ScreenerErrorCode.pageInvalid)
      .min(1, ScreenerErrorCode.pageInvalid)
      .max(max, ScreenerErrorCode.pageInvalid)
      .default(fallback),
  )

export const ScreenQuery = z
  .object({
    /** us, hk, jp or kr; blank or `all` is every market. */
    market: z.preprocess(
      (value) =>
        typeof value === 'string'
          ? blankAsAbsent(value.trim().toLowerCase() === 'all' ? '' : value.trim().toLowerCase())
          : value,
      z.enum(StockMarket.options, { error: StockErrorCode.marketInvalid }).optional(),
    ),
    sector: choice(screenSectors, ScreenerErrorCode.sectorInvalid),
    technicals: choice(technicalsLabels, ScreenerErrorCode.labelInvalid),
    flow: choice(capitalFlowLabels, ScreenerErrorCode.labelInvalid),
    period: z.preprocess(
      (value) =>
        typeof value === 'string' ? blankAsAbsent(value.trim().toLowerCase()) : blankAsAbsent(value),
      z.enum(returnPeriods, { error: ScreenerErrorCode.periodInvalid }).default(defaultReturnPeriod),
    ),
    sort: z.preprocess(
      (value) => (typeof value === 'string' ? blankAsAbsent(value.trim()) : blankAsAbsent(value)),
      z.enum(screenSortKeys, { error: ScreenerErrorCode.sortInvalid }).optional(),
    ),
    dir: choice(sortDirections, ScreenerErrorCode.sortInvalid),
    page: wholePage(screenPageMax, 1),
    pageSize: wholePage(screenPageSizeMax, screenPageSize),
    ...scoreFields,
    ...rangeFields,
  })
  .superRefine((query, context) => {
    for (const key of Object.keys(screenRanges) as ScreenRangeKey[]) {
      const low = query[`${key}Min`]
      const high = query[`${key}Max`]
      if (low !== undefined && high !== undefined && low > high)
        context.addIssue({ code: 'custom', path: [`${key}Min`], message: ScreenerErrorCode.rangeReversed })
    }
  })
export type ParsedScreenQuery = z.output<typeof ScreenQuery>
/** A screen as a URL carries it: any of its fields, as text (or numbers), unchecked until parsed. */
export type ScreenQuery = { [K in keyof ParsedScreenQuery]?: string | number | undefined }

export const ScreenScores = z.object(
  Object.fromEntries(scoreKeys.map((key) => [key, z.number().nullable()])) as Record<
    (typeof scoreKeys)[number],
    z.ZodNullable<z.ZodNumber>
  >,
)

/** One stock passing the screen: its figures as of its latest session. Ratios and returns are fractions. */
export const ScreenRow = z.object({
  code: z.string(),
  market: StockMarket,
  name: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  sector: z.enum(screenSectors),
  currency: Currency,
  price: z.number().nullable(),
  changePercent: z.number().nullable(),
  totalScore: z.number().nullable(),
  scores: ScreenScores,
  technicals: z.enum(technicalsLabels).nullable(),
  capitalFlow: z.enum(capitalFlowLabels).nullable(),
  fairValue: z.number().nullable(),
  /** (fair value − price) ÷ fair value: positive is a margin of safety, negative a premium. */
  downsideMargin: z.number().nullable(),
  pe: z.number().nullable(),
  pb: z.number().nullable(),
  dividendYield: z.number().nullable(),
  marketCap: z.number().nullable(),
  marketCapUsd: z.number().nullable(),
  /** Where the price sits between the 52-week low (0) and high (1). */
  week52Position: z.number().nullable(),
  /** The return over the screen's `period`. */
  periodReturn: z.number().nullable(),
  asOf: z.string(),
})
export type ScreenRow = z.infer<typeof ScreenRow>

export const ScreenAnswer = z.object({
  ...DataStamp,
  market: StockMarket.nullable(),
  period: z.enum(returnPeriods),
  sort: z.enum(screenSortKeys),
  dir: z.enum(sortDirections),
  rows: z.array(ScreenRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type ScreenAnswer = z.infer<typeof ScreenAnswer>

export const SaveScreenRequest = z.object({
  name: z
    .string(ScreenerErrorCode.nameEmpty)
    .trim()
    .min(1, ScreenerErrorCode.nameEmpty)
    .max(savedScreenNameMax, ScreenerErrorCode.nameTooLong),
  /** The screen's query string (`gapMin=20&sort=gap`); it must read as a valid screen. */
  query: z.string(ScreenerErrorCode.sortInvalid).max(savedScreenQueryMax, ScreenerErrorCode.sortInvalid),
})
export type SaveScreenRequest = z.infer<typeof SaveScreenRequest>

export const SavedScreen = z.object({
  id: z.string(),
  name: z.string(),
  /** The canonical query string of the screen (defaults left out, stable order). */
  query: z.string(),
  createdAt: z.string(),
})
export type SavedScreen = z.infer<typeof SavedScreen>

export const SavedScreensAnswer = z.object({
  screens: z.array(SavedScreen),
  /** How many this reader may keep (the tier table's `savedScreens`). */
  limit: z.number().int(),
})
export type SavedScreensAnswer = z.infer<typeof SavedScreensAnswer>
