/**
 * Portfolio strategies as analysts change them in the console (issue 15): the list and one strategy's detail as the
 * console edits it, creating, changing and removing a strategy, and appending a rebalance.
 *
 * Decides: a strategy's address is made once from its English name (a number added when taken); its market stays
 * once a rebalance exists (past performance would change meaning). A rebalance is dated on a trading day we have
 * prices for and not in the future, after the last one; its stocks are of the strategy's market, each once, with a
 * price by that day; weights in percent sum to 100 ± 0.01 and are stored as fractions summing to 1. Every change is
 * written to the audit log in its transaction (`recordChange`); who may call is the console's guard.
 */
import type { ConsoleActor } from '#contracts/console-rules.ts'
import type { FieldError } from '#contracts/envelope.ts'
import type { RebalanceInput, StrategyInput } from '#contracts/strategies.ts'
import {
  type ConsoleRebalance,
  type ConsoleStrategy,
  type ConsoleStrategyDetail,
  holdingsProblems,
  StrategyErrorCode,
  strategyAuditActions,
} from '#contracts/strategies-rules.ts'
import type { Clock } from '#server/clock.ts'
import { type Db, inTransaction } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { MarketPricesService, PricedCompany } from '#server/modules/stocks/market-prices.service.ts'
import { normalizeCode } from '#server/providers/market-data/universe.ts'
import {
  insertRebalance,
  insertStrategy,
  markStrategyRemoved,
  type RebalanceRow,
  type StrategyRow,
  saveRationales,
  selectRationales,
  selectRebalances,
  selectStrategies,
  selectStrategyById,
  slugExists,
  updateStrategy,
} from './strategies.repo.ts'
import type { StrategyHolding } from './strategies.sql.ts'
import { holdingKeyOf } from './strategy-holdings.ts'

export interface StrategyChangeRecord {
  actor: ConsoleActor | null
  action: string
  entity: string
  entityId: string
  before: unknown
  after: unknown
}

/** A URL-safe address from the English name. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '')
  return slug || 'strategy'
}

export function createStrategyEditing({
  db,
  clock,
  prices,
  recordChange,
}: {
  db: Db
  clock: Clock
  /** The stocks module's market data: companies by key and by code, which are priced by a day, trading days. */
  prices: Pick<
    MarketPricesService,
    'findCompaniesByKeys' | 'findCompaniesByCodes' | 'findCompaniesPricedBy' | 'hasBarOn'
  >
  recordChange: (record: StrategyChangeRecord, db: Db) => Promise<void>
}) {
  const today = () => clock.now().toISOString().slice(0, 10)

  async function strategyOrFail(id: string, inDb: Db = db): Promise<StrategyRow> {
    const strategy = await selectStrategyById(inDb, id)
    if (!strategy) throw new AppError('not_found', StrategyErrorCode.notFound)
    return strategy
  }

  async function consoleDetail(id: string, inDb: Db = db): Promise<ConsoleStrategyDetail> {
    const strategy = await strategyOrFail(id, inDb)
    // One after the other: `inDb` may be a transaction, one connection that takes one query at a time.
    const rebalances = await selectRebalances(inDb, [id])
    const rationales = await selectRationales(inDb, [id])
    const companies = await prices.findCompaniesByKeys(
      rebalances.flatMap((rebalance) => rebalance.holdings.map(holdingKeyOf)),
      inDb,
    )
    const texts = rationales.get(id) ?? {}
    return {
      ...consoleSummaryOf(strategy, rebalances),
      rationale: { en: texts.en ?? '', 'zh-Hant': texts['zh-Hant'] ?? '' },
      rebalances: rebalances
        .map(
          (rebalance): ConsoleRebalance => ({
            id: rebalance.id,
            effectiveOn: rebalance.effectiveOn,
            note: rebalance.note,
            holdings: rebalance.holdings.map((holding) => {
              const company = companies.get(holdingKeyOf(holding))
              return {
                market: holding.market,
                code: holding.code,
                nameEn: company?.nameEn ?? holding.code,
                nameZh: company?.nameZh ?? holding.code,
                weight: holding.weight,
              }
            }),
            createdByPhone: rebalance.createdByPhone,
            createdAt: rebalance.createdAt.toISOString(),
          }),
        )
        .reverse(),
    }
  }

  function consoleSummaryOf(strategy: StrategyRow, rebalances: readonly RebalanceRow[]): ConsoleStrategy {
    return {
      id: strategy.id,
      slug: strategy.slug,
      name: strategy.name,
      summary: strategy.summary,
      market: strategy.market,
      visibility: strategy.visibility,
      position: strategy.position,
      published: strategy.published,
      isSample: strategy.isSample,
      inception: rebalances[0]?.effectiveOn ?? null,
      rebalanceCount: rebalances.length,
      holdings: rebalances.at(-1)?.holdings.length ?? 0,
      updatedAt: strategy.updatedAt.toISOString(),
    }
  }

  async function listForConsole(): Promise<ConsoleStrategy[]> {
    const strategies = await selectStrategies(db, { withDrafts: true })
    const rebalances = await selectRebalances(
      db,
      strategies.map((strategy) => strategy.id),
    )
    return strategies.map((strategy) =>
      consoleSummaryOf(
        strategy,
        rebalances.filter((rebalance) => rebalance.strategyId === strategy.id),
      ),
    )
  }

  async function freeSlug(inDb: Db, name: string): Promise<string> {
    const base = slugOf(name)
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`
      if (!(await slugExists(inDb, candidate))) return candidate
    }
  }

  async function createStrategy(input: StrategyInput, actor: ConsoleActor): Promise<ConsoleStrategyDetail> {
    return inTransaction(db, async (tx) => {
      const row = await insertStrategy(tx, {
        slug: await freeSlug(tx, input.name.en),
        name: input.name,
        summary: input.summary,
        market: input.market,
        visibility: input.visibility,
        position: input.position,
        published: input.published,
        isSample: false,
      })
      await saveRationales(tx, row.id, input.rationale)
      const after = await consoleDetail(row.id, tx)
      await recordChange(
        {
          actor,
          action: strategyAuditActions.create,
          entity: 'strategy',
          entityId: row.id,
          before: null,
          after,
        },
        tx,
      )
      return after
    })
  }

  async function updateStrategyOf(
    id: string,
    input: StrategyInput,
    actor: ConsoleActor,
  ): Promise<ConsoleStrategyDetail> {
    return inTransaction(db, async (tx) => {
      const before = await consoleDetail(id, tx)
      if (input.market !== before.market && before.rebalanceCount > 0)
        throw new AppError('conflict', StrategyErrorCode.marketLocked, {
          fields: [{ field: 'market', code: StrategyErrorCode.marketLocked }],
        })
      await updateStrategy(tx, id, {
        name: input.name,
        summary: input.summary,
        market: input.market,
        visibility: input.visibility,
        position: input.position,
        published: input.published,
      })
      await saveRationales(tx, id, input.rationale)
      const after = await consoleDetail(id, tx)
      await recordChange(
        { actor, action: strategyAuditActions.update, entity: 'strategy', entityId: id, before, after },
        tx,
      )
      return after
    })
  }

  async function removeStrategy(id: string, actor: ConsoleActor): Promise<{ removed: true }> {
    return inTransaction(db, async (tx) => {
      const before = await consoleDetail(id, tx)
      await markStrategyRemoved(tx, id, clock.now())
      await recordChange(
        { actor, action: strategyAuditActions.remove, entity: 'strategy', entityId: id, before, after: null },
        tx,
      )
      return { removed: true as const }
    })
  }

  /** The holdings of a valid rebalance, or every field's problem (codes of StrategyErrorCode). */
  async function checkRebalance(
    strategy: StrategyRow,
    input: RebalanceInput,
    existing: readonly RebalanceRow[],
    inDb: Db,
  ): Promise<StrategyHolding[]> {
    const fields: FieldError[] = []
    const day = input.effectiveOn
    const last = existing.at(-1)?.effectiveOn
    if (day > today()) fields.push({ field: 'effectiveOn', code: StrategyErrorCode.rebalanceFuture })
    else if (existing.some((rebalance) => rebalance.effectiveOn === day))
      throw new AppError('conflict', StrategyErrorCode.rebalanceExists, {
        fields: [{ field: 'effectiveOn', code: StrategyErrorCode.rebalanceExists }],
      })
    else if (last && day < last)
      fields.push({ field: 'effectiveOn', code: StrategyErrorCode.rebalanceBeforeLast })
    else if (!(await prices.hasBarOn(strategy.market, day, inDb)))
      fields.push({ field: 'effectiveOn', code: StrategyErrorCode.rebalanceNoData })

    const drafts = input.holdings.map((holding) => ({
      market: holding.market,
      code: normalizeCode(holding.market, holding.code),
      weightPercent: holding.weightPercent,
    }))
    const problems = holdingsProblems(drafts, strategy.market)
    const companies = await prices.findCompaniesByCodes(
      strategy.market,
      drafts.filter((draft) => draft.market === strategy.market).map((draft) => draft.code),
      inDb,
    )
    const byCode = new Map(companies.map((company) => [company.code, company]))
    const priced =
      fields.length === 0
        ? await prices.findCompaniesPricedBy(
            companies.map((c) => c.id),
            day,
            inDb,
          )
        : null
    drafts.forEach((draft, index) => {
      const problem = problems.rows[index]
      if (problem === StrategyErrorCode.weightInvalid)
        fields.push({ field: `holdings.${index}.weightPercent`, code: problem })
      else if (problem) fields.push({ field: `holdings.${index}.code`, code: problem })
      else {
        const company: PricedCompany | undefined = byCode.get(draft.code)
        if (!company) fields.push({ field: `holdings.${index}.code`, code: StrategyErrorCode.stockUnknown })
        else if (priced && !priced.has(company.id))
          fields.push({ field: `holdings.${index}.code`, code: StrategyErrorCode.stockNoPrice })
      }
    })
    if (problems.total) fields.push({ field: 'holdings', code: problems.total })
    if (fields.length > 0) throw new AppError('invalid', (fields[0] as FieldError).code, { fields })
    // Stored as fractions that sum to exactly 1 (the typed percentages are within 0.01 of 100).
    const total = drafts.reduce((sum, draft) => sum + draft.weightPercent, 0)
    return drafts.map((draft) => ({
      market: draft.market,
      code: draft.code,
      weight: draft.weightPercent / total,
    }))
  }

  async function addRebalance(
    id: string,
    input: RebalanceInput,
    actor: ConsoleActor,
  ): Promise<ConsoleStrategyDetail> {
    return inTransaction(db, async (tx) => {
      const strategy = await strategyOrFail(id, tx)
      const existing = await selectRebalances(tx, [id])
      const holdings = await checkRebalance(strategy, input, existing, tx)
      const row = await insertRebalance(tx, {
        strategyId: id,
        effectiveOn: input.effectiveOn,
        note: input.note,
        holdings,
        createdByMemberId: actor.memberId,
        createdByPhone: actor.phone,
      })
      await updateStrategy(tx, id, {})
      const after = await consoleDetail(id, tx)
      await recordChange(
        {
          actor,
          action: strategyAuditActions.rebalance,
          entity: 'strategy',
          entityId: id,
          before: null,
          after: {
            rebalanceId: row.id,
            effectiveOn: row.effectiveOn,
            note: row.note,
            holdings: row.holdings,
          },
        },
        tx,
      )
      return after
    })
  }

  return {
    listForConsole,
    getForConsole: (id: string) => consoleDetail(id),
    createStrategy,
    updateStrategy: updateStrategyOf,
    removeStrategy,
    addRebalance,
  }
}
