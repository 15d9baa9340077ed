import { describe, expect, it } from 'vitest'
import type { ConsolePick } from '#contracts/console-rules.ts'
import {
  companyTextFiltersOf,
  deskSearchOf,
  emptyPickForm,
  impliedReturn,
  pickFormOf,
  pickMonthsOf,
  pickRequestOf,
  picksFiltersOf,
} from './analyst-desk-view.ts'

describe('picks filters in the address', () => {
  it('reads a month and a market and round-trips them', () => {
    const filters = picksFiltersOf(new URLSearchParams('month=2026-10&market=jp'))
    expect(filters).toEqual({ month: '2026-10', market: 'jp' })
    expect(deskSearchOf(filters)).toBe('?month=2026-10&market=jp')
    expect(picksFiltersOf(new URLSearchParams(deskSearchOf(filters)))).toEqual(filters)
  })

  it('reads a malformed month or an unknown market as no choice', () => {
    expect(picksFiltersOf(new URLSearchParams('month=2026-13&market=uk'))).toEqual({
      month: null,
      market: null,
    })
    expect(deskSearchOf({ month: null, market: null })).toBe('')
  })
})

describe('company text filters in the address', () => {
  it('lists companies with a text unless asked for those without, and leaves the default out', () => {
    expect(companyTextFiltersOf(new URLSearchParams(''))).toEqual({ has: 'with', market: null, q: '' })
    const without = companyTextFiltersOf(new URLSearchParams('has=without&market=hk&q=%20tencent%20'))
    expect(without).toEqual({ has: 'without', market: 'hk', q: 'tencent' })
    expect(deskSearchOf(without)).toBe('?has=without&market=hk&q=tencent')
    expect(deskSearchOf({ has: 'with', market: null, q: '' })).toBe('')
  })
})

describe('the pick form', () => {
  const filled = {
    ...emptyPickForm('2026-11', 'us'),
    code: ' AAPL ',
    recommendedPrice: '200',
    analystEstimatedPrice: '250',
    estimatedMaxDrawdown: '18',
  }

  it('sends percentages as fractions, a drawdown as a fall, and leaves the implied return to the API', () => {
    expect(pickRequestOf(filled)).toEqual({
      errors: null,
      request: {
        month: '2026-11',
        market: 'us',
        code: 'AAPL',
        suggestion: 'buy',
        stockType: 'growth',
        recommendedPrice: 200,
        analystEstimatedPrice: 250,
        estimatedMaxDrawdown: -0.18,
      },
    })
    const typed = pickRequestOf({
      ...filled,
      estimatedReturn: '12.5',
      estimatedMaxDrawdown: '-9',
      recommendedAt: '2026-11-03',
    })
    expect(typed.request).toMatchObject({
      estimatedReturn: 0.125,
      estimatedMaxDrawdown: -0.09,
      recommendedAt: '2026-11-03',
    })
  })

  it('names every field it cannot send, with the message to show', () => {
    const result = pickRequestOf({
      ...emptyPickForm('2026-1', 'us'),
      code: 'A A',
      recommendedPrice: '0',
      analystEstimatedPrice: 'ten',
      estimatedReturn: '-150',
      estimatedMaxDrawdown: '',
      recommendedAt: '3 Nov',
    })
    expect(result.errors).toEqual({
      month: 'picks.errors.month',
      code: 'picks.errors.stock',
      recommendedPrice: 'picks.errors.price',
      analystEstimatedPrice: 'picks.errors.price',
      estimatedReturn: 'picks.errors.return',
      estimatedMaxDrawdown: 'picks.errors.drawdown',
      recommendedAt: 'picks.errors.day',
    })
    expect(pickRequestOf({ ...filled, estimatedMaxDrawdown: '120' }).errors).toEqual({
      estimatedMaxDrawdown: 'picks.errors.drawdown',
    })
  })

  it('shows a saved pick in percent, and saving it unchanged sends the same figures', () => {
    const pick: ConsolePick = {
      month: '2026-10',
      market: 'hk',
      code: '0700',
      nameEn: 'Tencent Holdings Ltd.',
      nameZh: '騰訊控股',
      rank: 3,
      suggestion: 'strong_buy',
      stockType: 'quality',
      recommendedPrice: 400,
      analystEstimatedPrice: 460,
      estimatedReturn: 0.15,
      estimatedMaxDrawdown: -0.123,
      recommendedAt: '2026-10-01',
      source: 'analyst',
      latestPrice: 420,
      latestPriceDate: '2026-11-25',
      actualReturn: 0.05,
      actualMaxDrawdown: -0.02,
      isDemo: true,
    }
    const form = pickFormOf(pick)
    expect(form).toMatchObject({
      estimatedReturn: '15',
      estimatedMaxDrawdown: '12.3',
      recommendedPrice: '400',
    })
    expect(pickRequestOf(form).request).toMatchObject({
      recommendedPrice: 400,
      analystEstimatedPrice: 460,
      estimatedReturn: 0.15,
      estimatedMaxDrawdown: -0.123,
      recommendedAt: '2026-10-01',
    })
  })

  it('implies the return from the price and the target once both are prices', () => {
    expect(impliedReturn({ recommendedPrice: '200', analystEstimatedPrice: '250' })).toBeCloseTo(0.25)
    expect(impliedReturn({ recommendedPrice: '', analystEstimatedPrice: '250' })).toBeNull()
    expect(impliedReturn({ recommendedPrice: '0', analystEstimatedPrice: '250' })).toBeNull()
  })
})

describe('pickMonthsOf', () => {
  it('offers the current month beside the months with picks, newest first, once each', () => {
    expect(pickMonthsOf(['2026-10', '2026-09'], '2026-11-26')).toEqual(['2026-11', '2026-10', '2026-09'])
    expect(pickMonthsOf(['2026-11', '2026-10'], '2026-11-26')).toEqual(['2026-11', '2026-10'])
  })
})
