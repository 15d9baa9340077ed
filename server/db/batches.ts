/**
 * Deleting a backlog a batch at a time: each batch is its own short statement, so a first run over years of rows
 * never holds locks or one huge transaction, and other queries run between batches.
 */

/** Rows one retention statement deletes at most. */
export const deleteBatchSize = 1000

/**
 * Calls `deleteBatch(limit)` until it deletes fewer than `limit` rows; answers how many went in all. `deleteBatch`
 * must delete at most `limit` rows and answer how many it deleted.
 */
export async function deleteInBatches(
  deleteBatch: (limit: number) => Promise<number>,
  limit = deleteBatchSize,
): Promise<number> {
  let total = 0
  for (;;) {
    const deleted = await deleteBatch(limit)
    total += deleted
    if (deleted < limit) return total
    // Let requests waiting on the event loop run between batches.
    await new Promise<void>((resolve) => setImmediate(resolve))
  }
}
