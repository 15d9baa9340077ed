import { describe, expect, it } from 'vitest'
import type { QuotaKind } from '#contracts/accounts.ts'
import { ConfigError } from '#server/config/config-error.ts'
import { loadConfig } from '#server/config.ts'
import { type Allowance, defaultQuotaLadder, findLadderDisorder, quotaRungs } from './quota-ladder.ts'

const kinds: QuotaKind[] = ['diagnosis', 'chat']
const periods: Array<keyof Allowance> = ['daily', 'monthly']

/** Every (kind, period, rung, rung below) of the ladder: the rows of the table-driven checks. */
const steps = kinds.flatMap((kind) =>
  periods.flatMap((period) =>
    quotaRungs.slice(1).map((rung, index) => ({ kind, period, rung, below: quotaRungs[index]! })),
  ),
)

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.message
    throw error
  }
  throw new Error('the configuration was accepted')
}

describe('the default allowance ladder', () => {
  it.each(steps)('gives $rung more $kind uses ($period) than $below', ({ kind, period, rung, below }) => {
    expect(defaultQuotaLadder[kind][rung][period]).toBeGreaterThan(defaultQuotaLadder[kind][below][period])
  })

  it('gives Base 20, Plus 30 and Premium 60 diagnoses a month (spec §6, §9)', () => {
    const { base, plus, premium } = defaultQuotaLadder.diagnosis
    expect([base.monthly, plus.monthly, premium.monthly]).toEqual([20, 30, 60])
  })

  it.each(kinds)('keeps a visitor’s %s month well below a member’s', (kind) => {
    const { visitor, member } = defaultQuotaLadder[kind]
    expect(visitor.monthly * 2).toBeLessThanOrEqual(member.monthly)
  })

  it('is what the configuration holds when no variable is set', () => {
    expect(loadConfig({}).quotas.ladder).toEqual(defaultQuotaLadder)
    expect(findLadderDisorder(defaultQuotaLadder)).toBeNull()
  })
})

describe('configuring the ladder', () => {
  it('reads one number per rung, keeping the plans’ diagnoses a month', () => {
    const { ladder } = loadConfig({
      QUOTA_DIAGNOSIS_PER_DAY: '1, 3, 20, 20, 40',
      QUOTA_DIAGNOSIS_PER_MONTH: '2,8',
      QUOTA_CHAT_PER_DAY: '1,2,3,4,5',
      QUOTA_CHAT_PER_MONTH: '6,7,8,9,10',
    }).quotas
    expect(ladder.diagnosis).toEqual({
      visitor: { daily: 1, monthly: 2 },
      member: { daily: 3, monthly: 8 },
      base: { daily: 20, monthly: 20 },
      plus: { daily: 20, monthly: 30 },
      premium: { daily: 40, monthly: 60 },
    })
    expect(quotaRungs.map((rung) => ladder.chat[rung])).toEqual([
      { daily: 1, monthly: 6 },
      { daily: 2, monthly: 7 },
      { daily: 3, monthly: 8 },
      { daily: 4, monthly: 9 },
      { daily: 5, monthly: 10 },
    ])
  })

  it('takes a blank variable as unset', () => {
    expect(loadConfig({ QUOTA_CHAT_PER_DAY: ' ' }).quotas.ladder).toEqual(defaultQuotaLadder)
  })

  it.each([
    ['QUOTA_DIAGNOSIS_PER_DAY', '5,2,10,15,30', 'member (2) allows less than visitor (5)'],
    ['QUOTA_DIAGNOSIS_PER_DAY', '2,5,10,9,30', 'plus (9) allows less than base (10)'],
    ['QUOTA_DIAGNOSIS_PER_MONTH', '12,10', 'member (10) allows less than visitor (12)'],
    ['QUOTA_DIAGNOSIS_PER_MONTH', '4,25', 'base (20, its plan’s) allows less than member (25)'],
    ['QUOTA_CHAT_PER_DAY', '5,10,50,75,70', 'premium (70) allows less than plus (75)'],
    ['QUOTA_CHAT_PER_MONTH', '10,30,20,600,1200', 'base (20) allows less than member (30)'],
  ])('refuses to start when %s=%s puts a rung below the one under it', (variable, value, why) => {
    const message = configError({ [variable]: value })
    expect(message).toBe(
      `${variable}: ${why}; each rung must allow at least as much as the one below it (visitor ≤ member ≤ base ≤ plus ≤ premium)`,
    )
    expect(message).not.toContain('\n')
  })

  it.each([
    ['QUOTA_DIAGNOSIS_PER_DAY', '2,5,10'],
    ['QUOTA_DIAGNOSIS_PER_DAY', '2,5,10,15,thirty'],
    ['QUOTA_DIAGNOSIS_PER_MONTH', '4,10,20,30,60'],
    ['QUOTA_CHAT_PER_MONTH', '10,30,300,600,-1'],
    ['QUOTA_CHAT_PER_DAY', '5,10,50,75,2.5'],
  ])('names %s when its list is not one whole number per rung (%s)', (variable, value) => {
    expect(configError({ [variable]: value })).toMatch(
      new RegExp(`^${variable}: must be \\d whole numbers separated by commas, for visitor,member`),
    )
  })

  it('names a replaced variable instead of silently ignoring it', () => {
    expect(configError({ QUOTA_DIAGNOSIS_DAILY: '10' })).toMatch(
      /^QUOTA_DIAGNOSIS_DAILY is no longer read: the allowance ladder replaced it \(QUOTA_DIAGNOSIS_PER_DAY, /,
    )
    expect(configError({ QUOTA_VISITOR_NETWORK_DAILY: '20' })).toMatch(/^QUOTA_VISITOR_NETWORK_DAILY /)
  })

  it('sizes the network ceiling in visitors, at least one', () => {
    expect(loadConfig({}).quotas.visitorsPerNetwork).toBe(100)
    expect(configError({ QUOTA_VISITORS_PER_NETWORK: '0' })).toMatch(/QUOTA_VISITORS_PER_NETWORK/)
  })
})
