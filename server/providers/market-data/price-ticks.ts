/**
 * Minimum price steps (ticks) per market, so that generated or derived prices look like prices the exchange could
 * print. Tables: HKEX spread table (part A), TSE standard table (not the finer TOPIX 100 table), KRX unified table
 * (from January 2023), and US sub-penny rules (one cent from one dollar up).
 */
import type { Market } from '#contracts/regions.ts'

type TickBand = readonly [upTo: number, tick: number]

const tickBands: Record<Market, readonly TickBand[]> = {
  us: [
    [1, 0.0001],
    [Number.POSITIVE_INFINITY, 0.01],
  ],
  hk: [
    [0.25, 0.001],
    [0.5, 0.005],
    [10, 0.01],
    [20, 0.02],
    [100, 0.05],
    [200, 0.1],
    [500, 0.2],
    [1000, 0.5],
    [2000, 1],
    [5000, 2],
    [Number.POSITIVE_INFINITY, 5],
  ],
  jp: [
    [3000, 1],
    [5000, 5],
    [30000, 10],
    [50000, 50],
    [300000, 100],
    [500000, 500],
    [3000000, 1000],
    [Number.POSITIVE_INFINITY, 5000],
  ],
  kr: [
    [2000, 1],
    [5000, 5],
    [20000, 10],
    [50000, 50],
    [200000, 100],
    [500000, 500],
    [Number.POSITIVE_INFINITY, 1000],
  ],
}

/** Powers of ten that turn a tick into an integer, so rounding never prints 0.30000000000000004. */
function integerScaleOf(tick: number): number {
  let scale = 1
  while (Math.abs(Math.round(tick * scale) - tick * scale) > 1e-9) scale *= 10
  return scale
}

interface BandTable {
  upTo: number[]
  tick: number[]
  scale: number[]
}

/** The same bands as flat arrays: price rounding runs several times per generated bar. */
const bandTables = Object.fromEntries(
  Object.entries(tickBands).map(([market, bands]) => [
    market,
    {
      upTo: bands.map((b) => b[0]),
      tick: bands.map((b) => b[1]),
      scale: bands.map((b) => integerScaleOf(b[1])),
    },
  ]),
) as Record<Market, BandTable>

function bandIndex(table: BandTable, price: number): number {
  const last = table.upTo.length - 1
  for (let i = 0; i < last; i++) {
    if (price < (table.upTo[i] as number)) return i
  }
  return last
}

export function tickSize(market: Market, price: number): number {
  const table = bandTables[market]
  return table.tick[bandIndex(table, price)] as number
}

/** The price on the tick grid: to the nearest tick, or up/down for a high/low that must not shrink the range. */
export function roundToTick(
  market: Market,
  price: number,
  direction: 'nearest' | 'up' | 'down' = 'nearest',
): number {
  const table = bandTables[market]
  const band = bandIndex(table, price)
  const tick = table.tick[band] as number
  const scale = table.scale[band] as number
  const steps = price / tick
  const rounded =
    direction === 'up'
      ? Math.ceil(steps - 1e-9)
      : direction === 'down'
        ? Math.floor(steps + 1e-9)
        : Math.round(steps)
  return Math.round(Math.max(rounded, 1) * tick * scale) / scale
}
