import { describe, expect, it } from 'vitest'
import { deleteInBatches } from './batches.ts'

describe('deleteInBatches', () => {
  it('deletes a backlog in statements of at most the batch size, until one finds less', async () => {
    let backlog = 2500
    const batches: number[] = []
    const total = await deleteInBatches(async (limit) => {
      const deleted = Math.min(limit, backlog)
      backlog -= deleted
      batches.push(deleted)
      return deleted
    }, 1000)
    expect(total).toBe(2500)
    expect(batches).toEqual([1000, 1000, 500])
  })
})
