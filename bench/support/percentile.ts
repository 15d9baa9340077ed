/** Nearest-rank percentile (the value at rank ⌈p/100 · n⌉): NaN for no values. */
export function percentileOfSorted(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  )
}

/** The same, of values in any order (sorted on a copy). */
export function percentile(values: readonly number[], p: number): number {
  return percentileOfSorted(
    [...values].sort((a, b) => a - b),
    p,
  )
}

/** One row of a probe table: how many answered, p50 / p99 / max in whole ms, and the statuses seen with counts. */
export function probeSummary(latencies: readonly number[], statuses: ReadonlyMap<number, number>) {
  return {
    probes: latencies.length,
    'p50 ms': Math.round(percentile(latencies, 50)),
    'p99 ms': Math.round(percentile(latencies, 99)),
    'max ms': Math.round(Math.max(...latencies)),
    statuses: [...statuses.entries()].map(([status, count]) => `${status}×${count}`).join(' '),
  }
}
