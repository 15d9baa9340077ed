import { describe, expect, it } from 'vitest'
import { benefitsOf } from '#contracts/benefits.ts'
import { benefitLinesOf, benefitRowsOf, benefitText } from './benefit-lines.ts'
import type { PlanFacts } from './plans.server.ts'

const plans: PlanFacts[] = [
  {
    tier: 'base',
    diagnosesPerMonth: 20,
    picksPerMonth: 5,
    benefits: benefitsOf('base'),
    expertQuestionsPerMonth: 1,
  },
  {
    tier: 'plus',
    diagnosesPerMonth: 30,
    picksPerMonth: 10,
    benefits: benefitsOf('plus'),
    expertQuestionsPerMonth: 3,
  },
  {
    tier: 'premium',
    diagnosesPerMonth: 60,
    picksPerMonth: null,
    benefits: benefitsOf('premium'),
    expertQuestionsPerMonth: 10,
  },
]

/** A translator that writes the key and its values, so the test reads what the card would say. */
const t = (key: string, values: Record<string, unknown>) =>
  Object.keys(values).length === 0 ? key : `${key} ${JSON.stringify(values)}`

describe('what a plan card says', () => {
  it('lists Base’s partial classroom, 3 curated strategies and one expert question, no tracking or adviser', () => {
    const lines = benefitLinesOf(plans[0] as PlanFacts).map((line) => benefitText(t, line, 'en-US'))
    expect(lines).toEqual([
      'subscribe.diagnoses {"count":20}',
      'subscribe.picks {"count":5}',
      'subscribe.benefits.classroomPartial {"kinds":"subscribe.benefits.kinds.deepDive, subscribe.benefits.kinds.options, and subscribe.benefits.kinds.live"}',
      'subscribe.benefits.strategies.curated {"count":3}',
      'subscribe.benefits.expert {"count":1}',
    ])
  })

  it('gives Premium every pick, the whole classroom with mentorship, exclusive strategies, tracking and an adviser', () => {
    const keys = benefitLinesOf(plans[2] as PlanFacts).map((line) => line.key)
    expect(keys).toEqual([
      'subscribe.diagnoses',
      'subscribe.allPicks',
      'subscribe.benefits.classroomFull',
      'subscribe.benefits.strategies.exclusive',
      'subscribe.benefits.analystTracking',
      'subscribe.benefits.expert',
      'subscribe.benefits.adviser',
    ])
    expect(benefitLinesOf(plans[2] as PlanFacts)[2]?.kinds).toEqual([
      'deepDive',
      'options',
      'live',
      'mentorship',
    ])
  })
})

describe('the benefits table on /subscribe', () => {
  it('has one cell per tier in every row, from the same table', () => {
    const rows = benefitRowsOf(plans)
    const row = (name: string) => rows.find((candidate) => candidate.key.endsWith(`.${name}`))?.cells
    expect(row('options')?.map((cell) => cell.key)).toEqual([
      'subscribe.benefits.access.partial',
      'subscribe.benefits.access.partial',
      'subscribe.benefits.access.full',
    ])
    expect(row('adviser')?.map((cell) => cell.key)).toEqual([
      'subscribe.benefits.no',
      'subscribe.benefits.no',
      'subscribe.benefits.yes',
    ])
    expect(row('expert')?.map((cell) => cell.values?.count)).toEqual([1, 3, 10])
    expect(row('picks')?.map((cell) => cell.values?.count ?? 'all')).toEqual([5, 10, 'all'])
  })

  it('lists each tier’s watchlists and portfolio limits, the numbers the services enforce', () => {
    const rows = benefitRowsOf(plans)
    const row = (name: string) => rows.find((candidate) => candidate.key.endsWith(`.${name}`))?.cells
    expect(row('watchlists')?.map((cell) => cell.values)).toEqual(
      (['base', 'plus', 'premium'] as const).map((tier) => ({
        lists: benefitsOf(tier).watchlists.lists,
        stocks: benefitsOf(tier).watchlists.stocksPerList,
      })),
    )
    expect(row('portfolio')?.map((cell) => cell.values?.transactions)).toEqual(
      (['base', 'plus', 'premium'] as const).map((tier) => benefitsOf(tier).portfolio.transactions),
    )
  })
})
