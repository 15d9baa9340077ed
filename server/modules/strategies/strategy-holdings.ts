/**
 * A strategy's holdings as both of its sides compare them: the key a holding goes by (`market:code`, the form the
 * stocks module's prices are asked in), and what one rebalance changed against the one before (added, reweighted,
 * removed). Pure.
 */
import type { Market } from '#contracts/regions.ts'
import type { RebalanceChange } from '#contracts/strategies-rules.ts'
import type { StrategyHolding } from './strategies.sql.ts'

/** A holding's key: `market:code`. */
export const holdingKeyOf = (holding: { market: Market; code: string }) => `${holding.market}:${holding.code}`

/** What a rebalance changed against the one before it, named by `nameOf(key)`: added and reweighted, then removed. */
export function rebalanceChangesOf(
  previous: readonly StrategyHolding[],
  current: readonly StrategyHolding[],
  nameOf: (key: string) => string,
): RebalanceChange[] {
  const before = new Map(previous.map((holding) => [holdingKeyOf(holding), holding.weight]))
  const after = new Map(current.map((holding) => [holdingKeyOf(holding), holding.weight]))
  const changes: RebalanceChange[] = []
  for (const holding of current) {
    const key = holdingKeyOf(holding)
    const was = before.get(key)
    if (was === undefined)
      changes.push({ code: holding.code, name: nameOf(key), kind: 'added', from: null, to: holding.weight })
    else if (Math.abs(was - holding.weight) > 1e-9)
      changes.push({
        code: holding.code,
        name: nameOf(key),
        kind: 'reweighted',
        from: was,
        to: holding.weight,
      })
  }
  for (const holding of previous) {
    const key = holdingKeyOf(holding)
    if (!after.has(key))
      changes.push({
        code: holding.code,
        name: nameOf(key),
        kind: 'removed',
        from: holding.weight,
        to: null,
      })
  }
  return changes
}
