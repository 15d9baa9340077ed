/**
 * Requests of the portfolio strategies' API (issue 15); the answers, limits, codes and the routes' list are in
 * strategies-rules.ts (the zod-free half the pages import). Field errors carry a STRATEGY_* code the form shows
 * beside the field (`fields[].field` is the path: `name.en`, `holdings.3.weightPercent`…).
 */
import { z } from 'zod'
import { Market } from './regions.ts'
import {
  rebalanceNoteMaxLength,
  StrategyErrorCode,
  strategyHoldingsMax,
  strategyNameMaxLength,
  strategyRationaleMaxLength,
  strategySummaryMaxLength,
  strategyVisibilities,
} from './strategies-rules.ts'

export * from './strategies-rules.ts'

const blankAsAbsent = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value

const bothLanguages = (max: number, code: string) =>
  z.object({
    en: z.string(code).trim().min(1, code).max(max, code),
    'zh-Hant': z.string(code).trim().min(1, code).max(max, code),
  })

const Day = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, StrategyErrorCode.rebalanceNoData)

// ——— Readers ———

export const StrategySlugParams = z.object({
  slug: z
    .string()
    .trim()
    .min(1)
    .max(160)
    .regex(/^[a-z0-9-]+$/, StrategyErrorCode.notFound),
})

// ——— Console ———

export const StrategyIdParams = z.object({ id: z.uuid(StrategyErrorCode.notFound) })

export const StrategyInput = z.object({
  name: bothLanguages(strategyNameMaxLength, StrategyErrorCode.nameMissing),
  summary: bothLanguages(strategySummaryMaxLength, StrategyErrorCode.summaryMissing),
  rationale: z
    .object({
      en: z.string().max(strategyRationaleMaxLength).default(''),
      'zh-Hant': z.string().max(strategyRationaleMaxLength).default(''),
    })
    .default({ en: '', 'zh-Hant': '' }),
  market: Market,
  visibility: z.enum(strategyVisibilities),
  position: z.preprocess(blankAsAbsent, z.coerce.number().int().min(0).max(10_000).default(0)),
  published: z.boolean().default(true),
})
export type StrategyInput = z.infer<typeof StrategyInput>

export const RebalanceInput = z.object({
  effectiveOn: Day,
  note: bothLanguages(rebalanceNoteMaxLength, StrategyErrorCode.noteMissing),
  holdings: z
    .array(
      z.object({
        market: Market,
        code: z
          .string()
          .trim()
          .min(1, StrategyErrorCode.stockUnknown)
          .max(20, StrategyErrorCode.stockUnknown)
          .regex(/^[A-Za-z0-9.-]+$/, StrategyErrorCode.stockUnknown),
        weightPercent: z.number(StrategyErrorCode.weightInvalid),
      }),
    )
    .min(1, StrategyErrorCode.holdingsMissing)
    .max(strategyHoldingsMax),
})
export type RebalanceInput = z.infer<typeof RebalanceInput>
