import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createStockRowCache } from './stock-answers.ts'
import type { StockRow } from './stocks.repo.ts'

const rowOf = (companyId: number, price: number) => ({ companyId, price }) as unknown as StockRow

describe('the companies’ rows several stocks are read from', () => {
  let prices: Map<number, number>
  let reads: number[][]
  const select = async (ids: readonly number[]) => {
    reads.push([...ids])
    return ids.flatMap((id) => (prices.has(id) ? [rowOf(id, prices.get(id) as number)] : []))
  }

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-30T10:00:00Z'))
    prices = new Map([
      [1, 10],
      [2, 20],
      [3, 30],
    ])
    reads = []
  })
  afterEach(() => vi.useRealTimers())

  it('reads only the companies no list read within its time, and answers in the order asked', async () => {
    const rows = createStockRowCache(30_000, select)
    await rows.of([1, 2])
    const answer = await rows.of([3, 2, 1])
    expect(answer.map((r) => r.companyId)).toEqual([3, 2, 1])
    expect(reads).toEqual([[1, 2], [3]])
  })

  it('shows a new price once its time is over', async () => {
    const rows = createStockRowCache(30_000, select)
    await rows.of([1])
    prices.set(1, 11)
    expect((await rows.of([1]))[0]?.price).toBe(10)
    vi.setSystemTime(new Date('2026-11-30T10:00:30Z'))
    expect((await rows.of([1]))[0]?.price).toBe(11)
  })

  it('leaves out a company that left the universe once its time is over, never an old row', async () => {
    const rows = createStockRowCache(30_000, select)
    await rows.of([1, 2])
    prices.delete(2)
    vi.setSystemTime(new Date('2026-11-30T10:01:00Z'))
    expect((await rows.of([1, 2])).map((r) => r.companyId)).toEqual([1])
  })

  it('keeps a row it found while another reading, later, sweeps it', async () => {
    let hold: Promise<void> | undefined
    const rows = createStockRowCache(30_000, async (ids) => {
      if (hold) await hold
      return select(ids)
    })
    await rows.of([2])
    vi.setSystemTime(new Date('2026-11-30T10:00:20Z'))
    let release = () => {}
    hold = new Promise<void>((resolve) => {
      release = resolve
    })
    // 2 from the cache, 3 read from a slow database.
    const waiting = rows.of([2, 3])
    hold = undefined
    // Meanwhile 2's time is over, and a reading of 1 sweeps it.
    vi.setSystemTime(new Date('2026-11-30T10:00:40Z'))
    await rows.of([1])
    release()
    expect((await waiting).map((r) => r.companyId)).toEqual([2, 3])
  })

  it('reads every time when reuse is off', async () => {
    const rows = createStockRowCache(0, select)
    await rows.of([1])
    await rows.of([1])
    expect(reads).toEqual([[1], [1]])
  })
})
