/**
 * The expert diagnosis's slice of the configuration (issue 15): questions to an analyst a subscriber may ask per
 * month by tier, and a per-hour burst guard per member whatever the allowance.
 */
import { z } from 'zod'
import type { Tier } from '#contracts/billing-rules.ts'
import type { EnvOf } from '#server/config/env-values.ts'

export const expertEnv = {
  /** Questions to an analyst (expert diagnosis) a subscriber may ask per month in the firm's time zone, by tier. */
  EXPERT_QUESTIONS_BASE: z.coerce.number().int().min(0).max(1000).default(1),
  EXPERT_QUESTIONS_PLUS: z.coerce.number().int().min(0).max(1000).default(3),
  EXPERT_QUESTIONS_PREMIUM: z.coerce.number().int().min(0).max(1000).default(10),
  /** Expert questions one member may send per hour, whatever their allowance (a burst guard). */
  EXPERT_QUESTIONS_RATE_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
}

/** The slice the expert variables fill in `Config`. */
export interface ExpertSlice {
  /** Expert diagnosis (issue 15): questions per month by tier, and a per-hour burst guard per member. */
  expert: { questionsPerMonth: Record<Tier, number>; ratePerHour: number }
}

export function expertConfigOf(e: EnvOf<typeof expertEnv>): ExpertSlice {
  return {
    expert: {
      questionsPerMonth: {
        base: e.EXPERT_QUESTIONS_BASE,
        plus: e.EXPERT_QUESTIONS_PLUS,
        premium: e.EXPERT_QUESTIONS_PREMIUM,
      },
      ratePerHour: e.EXPERT_QUESTIONS_RATE_PER_HOUR,
    },
  }
}
