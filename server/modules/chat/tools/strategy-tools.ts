/**
 * The tool for the firm's investment strategies (`getStrategies`, issue 27 item 1): the strategies the asking reader's
 * plan shows, each with its summary, holdings (stock and target weight), inception, performance since it and the
 * date its prices reach, read through the strategies service's own reading functions (`StrategiesReading`, wired in
 * server/services.ts) — the same ones /member/strategies uses, so the chat never shows more than the page. A strategy
 * the plan does not include is given by its name, its market and the plan that includes it, never its summary,
 * holdings or figures. A visitor's plan includes none: every strategy comes locked, with the plan that opens it.
 */
import type { Tier } from '#contracts/billing-rules.ts'
import enMail from '#contracts/messages/en/mail.json' with { type: 'json' }
import zhMail from '#contracts/messages/zh-Hant/mail.json' with { type: 'json' }
import type { Locale, Market } from '#contracts/regions.ts'
import type { StrategyCard } from '#contracts/strategies-rules.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { StrategiesService } from '#server/modules/strategies/strategies.service.ts'
import { diagnosisHref, displayCode, formatPercent } from './tool-format.ts'
import { type ToolContext, type ToolInput, type ToolResult, toolInputs } from './tool-inputs.ts'

/** What the chat may read of the strategies: the readers' side only, which applies each reader's plan. */
export type StrategiesReading = Pick<StrategiesService, 'listForReader' | 'detailForReader'>

export const strategiesPath = '/member/strategies'
export const subscribePath = '/subscribe'

/** The plans' names as the site writes them (the same words the plan mails use). */
export const planNames: Record<Locale, Record<Tier, string>> = { en: enMail.plans, 'zh-Hant': zhMail.plans }

export interface OpenStrategy {
  slug: string
  name: string
  summary: string
  market: Market
  /** A sample strategy (the seed's), shown as such on the page. */
  isSample: boolean
  /** The first rebalance's day; null before any. */
  inception: string | null
  /** The last day with prices the performance reaches; null without performance. */
  asOf: string | null
  /** Since inception, fractions, with the text to quote. */
  totalReturn: number | null
  totalReturnText: string | null
  benchmarkReturn: number | null
  benchmarkReturnText: string | null
  /** The latest rebalance's stocks, largest weight first; weight is a fraction of the strategy. */
  holdings: Array<{
    name: string
    displayCode: string
    market: Market
    code: string
    weight: number
    weightText: string
    href: string
  }>
  isDemo: boolean
  /** The strategy on the member's page. */
  href: string
}

export interface LockedStrategy {
  name: string
  market: Market
  /** The cheapest plan that includes it. */
  plan: Tier
  planName: string
  /** The reader's step: log in (a visitor), subscribe (a member), upgrade (a subscriber). */
  step: 'logIn' | 'subscribe' | 'upgrade'
  href: string
}

export interface StrategiesFacts {
  /** The asking reader's plan (null: no plan) and its name. */
  plan: Tier | null
  planName: string | null
  asOf: string | null
  isDemo: boolean
  open: OpenStrategy[]
  locked: LockedStrategy[]
  /** The member's page with every strategy. */
  href: string
}

const titles = { en: 'Investment strategies', 'zh-Hant': '投資策略' } as const

/** A visitor's locks say "log in"; the plan that includes each strategy is the one a member is asked to take. */
async function plansForVisitor(
  strategies: StrategiesReading,
  reader: Reader,
  locale: Locale,
): Promise<Map<string, Tier>> {
  const asMember: Reader = { ...reader, role: 'member', tier: null }
  const { strategies: cards } = await strategies.listForReader(asMember, locale)
  const plans = new Map<string, Tier>()
  for (const card of cards) if (card.lock && card.lock.kind !== 'logIn') plans.set(card.slug, card.lock.tier)
  return plans
}

export async function getStrategies(
  ctx: ToolContext,
  input: ToolInput<'getStrategies'>,
): Promise<ToolResult<StrategiesFacts>> {
  toolInputs.getStrategies.parse(input)
  const { strategies } = ctx
  if (!strategies) throw new Error('The chat was built without the strategies service')
  const list = await strategies.listForReader(ctx.reader, ctx.locale)
  const lockedCards = list.strategies.filter((card) => card.lock)
  const visitorPlans = lockedCards.some((card) => card.lock?.kind === 'logIn')
    ? await plansForVisitor(strategies, ctx.reader, ctx.locale)
    : new Map<string, Tier>()
  const open = await Promise.all(
    list.strategies.filter((card) => !card.lock).map((card) => openStrategy(strategies, card, ctx)),
  )
  const locked = lockedCards.map((card): LockedStrategy => {
    const lock = card.lock as NonNullable<StrategyCard['lock']>
    const plan = lock.kind === 'logIn' ? (visitorPlans.get(card.slug) ?? 'premium') : lock.tier
    return {
      name: card.name,
      market: card.market,
      plan,
      planName: planNames[ctx.locale][plan],
      step: lock.kind,
      href: subscribePath,
    }
  })
  const dates = open.map((s) => s.asOf).filter((d): d is string => d !== null)
  const asOf = dates.length > 0 ? (dates.sort().at(-1) as string) : null
  const isDemo = list.isDemo || open.some((s) => s.isDemo)
  const plan = ctx.reader.role === 'subscriber' ? ctx.reader.tier : null
  return {
    data: {
      plan,
      planName: plan ? planNames[ctx.locale][plan] : null,
      asOf,
      isDemo,
      open,
      locked,
      href: strategiesPath,
    },
    sources: [
      { kind: 'strategies', title: titles[ctx.locale], href: strategiesPath, asOf: asOf ?? '', isDemo },
    ],
  }
}

async function openStrategy(
  strategies: StrategiesReading,
  card: StrategyCard,
  ctx: ToolContext,
): Promise<OpenStrategy> {
  const detail = await strategies.detailForReader(card.slug, ctx.reader, ctx.locale)
  const performance = detail.performance
  const totalReturn = performance?.strategy.totalReturn ?? null
  const benchmarkReturn = performance?.benchmark.totalReturn ?? null
  return {
    slug: detail.slug,
    name: detail.name,
    summary: detail.summary,
    market: detail.market,
    isSample: detail.isSample,
    inception: detail.inception || null,
    asOf: performance?.asOf ?? detail.benchmark.asOf ?? null,
    totalReturn,
    totalReturnText: totalReturn === null ? null : formatPercent(totalReturn, true),
    benchmarkReturn,
    benchmarkReturnText: benchmarkReturn === null ? null : formatPercent(benchmarkReturn, true),
    holdings: detail.holdings.map((holding) => ({
      name: holding.name,
      displayCode: displayCode(holding.code, holding.market),
      market: holding.market,
      code: holding.code,
      weight: holding.weight,
      weightText: formatPercent(holding.weight),
      href: diagnosisHref(holding.code, holding.market),
    })),
    isDemo: detail.isDemo,
    href: `${strategiesPath}?strategy=${encodeURIComponent(detail.slug)}#strategy`,
  }
}
