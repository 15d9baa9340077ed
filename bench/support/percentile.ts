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
