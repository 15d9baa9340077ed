/**
 * The tool for executives' moves (`listInsiderMoves`): insider buys and sells as filed, newest first, for one company
 * or a market, from the stocks service's list behind /executives-moves. Capped at `listLimitMax` rows.
 */
import type { Market } from '#contracts/regions.ts'
import type { Currency } from '#contracts/stocks.ts'
import { displayCode } from './tool-format.ts'
import { listLimitMax, type ToolContext, type ToolInput, type ToolResult, toolInputs } from './tool-inputs.ts'

export interface InsiderMoves {
  asOf: string | null
  isDemo: boolean
  total: number
  rows: Array<{
    name: string
    displayCode: string
    market: Market
    date: string
    insiderName: string
    role: string
    kind: 'buy' | 'sell'
    shares: number
    /** Per share, in `currency`. */
    price: number
    value: number
    currency: Currency
  }>
}

const titles = { en: 'Executives’ moves', 'zh-Hant': '高管動向' } as const

export async function listInsiderMoves(
  ctx: ToolContext,
  input: ToolInput<'listInsiderMoves'>,
): Promise<ToolResult<InsiderMoves>> {
  const { code, market, kind, limit } = toolInputs.listInsiderMoves.parse(input)
  const answer = await ctx.stocks.listExecutiveMoves(
    { code, market, kind, page: 1, pageSize: Math.min(limit, listLimitMax) },
    ctx.locale,
  )
  return {
    data: {
      asOf: answer.asOf,
      isDemo: answer.isDemo,
      total: answer.total,
      rows: answer.rows.map((r) => ({
        name: r.name,
        displayCode: displayCode(r.code, r.market),
        market: r.market,
        date: r.date,
        insiderName: r.insiderName,
        role: r.role,
        kind: r.kind,
        shares: r.shares,
        price: r.price,
        value: r.value,
        currency: r.currency,
      })),
    },
    sources: [
      {
        kind: 'company',
        title: titles[ctx.locale],
        href: '/executives-moves',
        asOf: answer.asOf ?? '',
        isDemo: answer.isDemo,
      },
    ],
  }
}
