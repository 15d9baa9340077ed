/**
 * The chat's strategies (issue 27 item 1): `getStrategies` shows each reader what their plan shows on
 * /member/strategies — the open strategies with their summary, holdings and performance, the others by name and the
 * plan that includes them only — and the offline assistant answers "What strategies do you have?" and "高息策略有哪些
 * 股票？" from it, in both languages, with the links to the page and to the plans.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tier } from '#contracts/billing-rules.ts'
import type { Locale } from '#contracts/regions.ts'
import type { StrategyCard } from '#contracts/strategies-rules.ts'
import { createManualClock } from '#server/clock.ts'
import type { Reader } from '#server/kernel/reader.ts'
import { strategiesReadingOf } from '#server/services.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { offlineAsking, subscriber, visitor } from '../testing/offline-asking.ts'
import { getStrategies, type StrategiesFacts } from './strategy-tools.ts'
import { formatPercent } from './tool-format.ts'

const clock = createManualClock('2026-11-22T09:00:00Z')
let runtime: TestRuntime
beforeAll(async () => {
  runtime = await createTestRuntime({}, { clock })
})
afterAll(() => runtime.close())

const { ask } = offlineAsking(() => runtime, clock)

function member(): Reader {
  return { ...visitor(), role: 'member' }
}

async function strategiesFor(reader: Reader, locale: Locale = 'en') {
  const { stocks, articles, strategies } = runtime.services
  return getStrategies(
    {
      stocks,
      articles,
      reader,
      locale,
      region: locale === 'en' ? 'en' : 'hant',
      strategies: strategiesReadingOf(() => strategies),
    },
    {},
  )
}

/** Every published strategy as the page lists it for a premium reader (all open), and the slugs a reader opens. */
async function pageFor(reader: Reader, locale: Locale = 'en'): Promise<StrategyCard[]> {
  return (await runtime.services.strategies.listForReader(reader, locale)).strategies
}

/** The plan the page asks a member to take for each strategy. */
async function plansOnPage(locale: Locale = 'en'): Promise<Map<string, Tier>> {
  const plans = new Map<string, Tier>()
  for (const card of await pageFor(member(), locale))
    if (card.lock && card.lock.kind !== 'logIn') plans.set(card.name, card.lock.tier)
  return plans
}

/** Nothing of a locked strategy but its name, market and plan is in the tool's data. */
async function expectNothingOfLocked(data: StrategiesFacts, locale: Locale = 'en') {
  const everything = await pageFor(subscriber('premium'), locale)
  const seen = JSON.stringify(data)
  for (const locked of data.locked) {
    const card = everything.find((c) => c.name === locked.name)
    if (!card) throw new Error(`no strategy ${locked.name}`)
    expect(seen).not.toContain(card.summary)
    const detail = await runtime.services.strategies.detailForReader(card.slug, subscriber('premium'), locale)
    const openHoldings = new Set(data.open.flatMap((s) => s.holdings.map((h) => `${h.market}:${h.code}`)))
    // Its stocks appear only where an open strategy holds them too.
    for (const holding of detail.holdings)
      if (!openHoldings.has(`${holding.market}:${holding.code}`))
        expect(seen).not.toContain(`"${holding.code}"`)
  }
  for (const locked of data.locked)
    expect(Object.keys(locked).sort()).toEqual(['href', 'market', 'name', 'plan', 'planName', 'step'])
}

describe('getStrategies', () => {
  it('shows a visitor every strategy by name only, with the plan that includes it and the step to log in', async () => {
    const reader = visitor()
    const { data, sources } = await strategiesFor(reader)
    const all = await pageFor(subscriber('premium'))
    const plans = await plansOnPage()
    expect(data.open).toEqual([])
    expect(data.plan).toBeNull()
    expect(data.locked.map((s) => s.name)).toEqual(all.map((s) => s.name))
    for (const locked of data.locked) {
      expect(locked.step).toBe('logIn')
      expect(locked.plan).toBe(plans.get(locked.name))
      expect(locked.href).toBe('/subscribe')
    }
    // The seed's three curated strategies open with Base, the public one with Plus, the exclusive one with Premium.
    expect([...new Set(data.locked.map((s) => s.plan))].sort()).toEqual(['base', 'plus', 'premium'])
    await expectNothingOfLocked(data)
    expect(sources).toEqual([
      expect.objectContaining({ kind: 'strategies', href: '/member/strategies', asOf: '' }),
    ])
  })

  it('asks a member without a plan to subscribe, and shows no strategy’s contents', async () => {
    const reader = member()
    const { data } = await strategiesFor(reader, 'zh-Hant')
    expect(data.open).toEqual([])
    expect(data.locked.every((s) => s.step === 'subscribe')).toBe(true)
    expect(data.locked.find((s) => s.plan === 'base')?.planName).toBe('基礎版')
    await expectNothingOfLocked(data, 'zh-Hant')
  })

  it.each([
    ['base', 3, ['plus', 'premium']],
    ['plus', 4, ['premium']],
    ['premium', 5, []],
  ] as const)(
    'opens to %s the strategies its plan shows, with their holdings and performance; the rest by name',
    async (tier, opens, lockedPlans) => {
      const reader = subscriber(tier)
      const { data, sources } = await strategiesFor(reader)
      const page = await pageFor(reader)
      expect(data.plan).toBe(tier)
      expect(data.open.map((s) => s.slug)).toEqual(page.filter((c) => !c.lock).map((c) => c.slug))
      expect(data.open).toHaveLength(opens)
      expect(data.locked.map((s) => s.plan).sort()).toEqual([...lockedPlans].sort())
      expect(data.locked.every((s) => s.step === 'upgrade')).toBe(true)
      for (const open of data.open) {
        const detail = await runtime.services.strategies.detailForReader(open.slug, reader, 'en')
        expect(open.summary).toBe(detail.summary)
        expect(open.holdings.map((h) => [h.code, h.weight])).toEqual(
          detail.holdings.map((h) => [h.code, h.weight]),
        )
        expect(open.holdings.length).toBeGreaterThan(0)
        expect(open.inception).toBe(detail.inception)
        expect(open.asOf).toBe(detail.performance?.asOf)
        expect(open.totalReturnText).toBe(
          formatPercent(detail.performance?.strategy.totalReturn as number, true),
        )
        expect(open.href).toBe(`/member/strategies?strategy=${open.slug}#strategy`)
      }
      await expectNothingOfLocked(data)
      expect(sources[0]).toEqual(
        expect.objectContaining({ kind: 'strategies', asOf: data.asOf, isDemo: true }),
      )
      expect(data.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    },
  )
})

describe('chat: our investment strategies', () => {
  it('tells a visitor every strategy’s name and plan, never its contents, with the link to the plans', async () => {
    const answer = await ask('What strategies do you have?', 'en')
    expect(answer.tools).toEqual(['getStrategies'])
    const all = await pageFor(subscriber('premium'))
    for (const card of all) {
      expect(answer.text).toContain(card.name)
      expect(answer.text).not.toContain(card.summary)
    }
    expect(answer.text).toContain('included in the Base plan — log in and subscribe to Base')
    expect(answer.text).toContain('included in the Premium plan')
    expect(answer.text).toContain('(/subscribe)')
    expect(answer.text).toContain('(/member/strategies)')
  })

  it('shows a Base subscriber the dividend strategy’s stocks and weights, in Chinese, and only that strategy', async () => {
    const reader = subscriber('base')
    const answer = await ask('高息策略有哪些股票？', 'zh-Hant', reader)
    expect(answer.tools).toEqual(['getStrategies'])
    const page = await pageFor(reader, 'zh-Hant')
    const dividend = page.find((c) => c.name.includes('股息'))
    if (!dividend) throw new Error('no dividend strategy in the seed')
    const detail = await runtime.services.strategies.detailForReader(dividend.slug, reader, 'zh-Hant')
    expect(answer.text).toContain(dividend.name)
    expect(answer.text).toContain(`目前持有 ${detail.holdings.length} 隻股票`)
    for (const holding of detail.holdings) {
      expect(answer.text).toContain(holding.name)
      expect(answer.text).toContain(formatPercent(holding.weight))
    }
    expect(answer.text).toContain(formatPercent(detail.performance?.strategy.totalReturn as number, true))
    expect(answer.text).toContain(`資料日期：${detail.performance?.asOf}`)
    expect(answer.text).toContain('示範數據')
    for (const other of page.filter((c) => c.slug !== dividend.slug))
      expect(answer.text).not.toContain(other.name)
  })

  it('lists a Plus subscriber’s strategies with their largest holdings, and names the exclusive one as Premium’s', async () => {
    const reader = subscriber('plus')
    const answer = await ask('Which investment strategies can I see?', 'en', reader)
    const page = await pageFor(reader)
    expect(answer.text).toContain(
      `We run ${page.length} investment strategies; your Plus plan shows 4 of them:`,
    )
    const locked = page.find((c) => c.lock)
    if (!locked) throw new Error('no locked strategy for Plus')
    expect(answer.text).toContain(`**${locked.name}**`)
    expect(answer.text).toContain('upgrade to Premium to see it')
    expect(answer.text).not.toContain(locked.summary)
    for (const open of page.filter((c) => !c.lock)) expect(answer.text).toContain(open.summary)
  })
})
