/**
 * The analysts' desk: monthly picks (spec §3) as analysts write them, and the firm's texts about companies that
 * stock pages show.
 *
 * Decides: a pick names a company of the universe by market and code; its expected return defaults to
 * (target − price) ÷ price, its recommendation time to the month's first day, and its data date to the day before;
 * the score, fair value and margin it keeps are the company's latest snapshot on that date (0 when there is none);
 * a pick entered or edited here is `analyst`, and its track record is measured at once from stored closes (the
 * refresh keeps it up to date afterwards). A month with any pick is never filled by the pick rule again
 * (stock-refresh.ts fills only months without picks). Company texts are Markdown rendered like article bodies; an
 * empty text removes that language's.
 * Every change is written to the console's audit log in its transaction (`recordChange`).
 */
import type { PickInput, PickParams, UpdatePickRequest } from '#contracts/console.ts'
import {
  auditActions,
  type CompanyText,
  type ConsoleActor,
  ConsoleErrorCode,
  type ConsolePick,
  type ConsolePickMonth,
} from '#contracts/console-rules.ts'
import { type Locale, locales, type Market } from '#contracts/regions.ts'
import type { Clock } from '#server/clock.ts'
import { type Db, inTransaction } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import { normalizeCode } from '#server/providers/market-data/universe.ts'
import { renderMarkdown } from '#server/text/render-markdown.ts'
import {
  type DeskCompanyRow,
  type DeskPickRow,
  deleteCompanyText,
  deleteDeskPick,
  insertDeskPick,
  selectCompaniesWithTexts,
  selectCompanyByCode,
  selectCompanyTextHtml,
  selectCompanyTexts,
  selectDeskPick,
  selectDeskPicks,
  selectIsDemoCompany,
  selectSnapshotFigures,
  updateDeskPick,
  upsertCompanyText,
} from './analyst-desk.repo.ts'
import { selectBars } from './market-data.repo.ts'
import { selectPickMonths } from './monthly-picks.repo.ts'
import { measureTrackRecord } from './monthly-picks.ts'

export interface DeskChangeRecord {
  actor: ConsoleActor | null
  action: string
  entity: string
  entityId: string
  before: unknown
  after: unknown
}

const analystRule = 'analyst'

export function createAnalystDeskService({
  db,
  clock,
  recordChange,
}: {
  db: Db
  clock: Clock
  recordChange: (record: DeskChangeRecord, db: Db) => Promise<void>
}) {
  async function companyOf(market: Market, code: string, inDb: Db = db): Promise<DeskCompanyRow> {
    const company = await selectCompanyByCode(inDb, market, normalizeCode(market, code))
    if (!company)
      throw new AppError('not_found', ConsoleErrorCode.stockNotFound, {
        fields: [{ field: 'code', code: ConsoleErrorCode.stockNotFound }],
      })
    return company
  }

  function toPick(row: DeskPickRow): ConsolePick {
    return {
      month: row.month,
      market: row.market,
      code: row.code,
      nameEn: row.nameEn,
      nameZh: row.nameZh,
      rank: row.rank,
      suggestion: row.suggestion as ConsolePick['suggestion'],
      stockType: row.stockType as ConsolePick['stockType'],
      recommendedPrice: row.recommendedPrice,
      analystEstimatedPrice: row.analystEstimatedPrice,
      estimatedReturn: row.estimatedReturn,
      estimatedMaxDrawdown: row.estimatedMaxDrawdown,
      recommendedAt: row.recommendedAt,
      source: row.source,
      latestPrice: row.latestPrice,
      latestPriceDate: row.latestPriceDate,
      actualReturn: row.actualReturn,
      actualMaxDrawdown: row.actualMaxDrawdown,
      isDemo: row.isDemo,
    }
  }

  /** A month's picks (the newest month with picks when none is named), with the months there are. */
  async function listPicks(query: {
    month?: string | undefined
    market?: Market | undefined
  }): Promise<ConsolePickMonth> {
    const months = await selectPickMonths(db)
    const month = query.month ?? months[0] ?? null
    const picks = month ? await selectDeskPicks(db, month, query.market) : []
    return { months, month, picks: picks.map(toPick) }
  }

  /** The figures a pick stores besides what the analyst typed, and its track record since its data date. */
  async function derivedFigures(inDb: Db, companyId: number, fields: UpdatePickRequest, month: string) {
    const recommendedAt = fields.recommendedAt ?? `${month}-01`
    const dataAsOf = dayBefore(recommendedAt)
    // One after the other: `inDb` is the change's transaction, one connection that takes one query at a time.
    const snapshot = await selectSnapshotFigures(inDb, companyId, dataAsOf)
    const isDemo = await selectIsDemoCompany(inDb, companyId)
    const bars = await selectBars(inDb, companyId, dataAsOf)
    const since = bars.filter((bar) => bar.date > dataAsOf)
    const last = since.at(-1)
    return {
      suggestion: fields.suggestion,
      stockType: fields.stockType,
      recommendedPrice: fields.recommendedPrice,
      analystEstimatedPrice: fields.analystEstimatedPrice,
      // The target is an analyst's estimate: on the readers' wire (MonthlyPick) that is `consensus`; the row's
      // `source` and `ruleVersion` say it was the firm's analyst.
      analystEstimatedPriceSource: 'consensus',
      estimatedReturn: fields.estimatedReturn ?? fields.analystEstimatedPrice / fields.recommendedPrice - 1,
      estimatedMaxDrawdown: fields.estimatedMaxDrawdown,
      recommendedAt,
      dataAsOf,
      totalScore: snapshot?.totalScore ?? 0,
      fairValue: snapshot?.fairValue ?? 0,
      downsideMargin: snapshot?.downsideMargin ?? 0,
      isDemo: snapshot?.isDemo ?? isDemo,
      ruleVersion: analystRule,
      source: 'analyst' as const,
      latestPrice: last?.close ?? null,
      latestPriceDate: last?.date ?? null,
      ...measureTrackRecord(
        fields.recommendedPrice,
        since.map((bar) => bar.close),
      ),
    }
  }

  async function createPick(input: PickInput, actor: ConsoleActor | null): Promise<ConsolePick> {
    return inTransaction(db, async (tx) => {
      const company = await companyOf(input.market, input.code, tx)
      const figures = await derivedFigures(tx, company.id, input, input.month)
      const inserted = await insertDeskPick(tx, { month: input.month, companyId: company.id, ...figures })
      if (!inserted) throw new AppError('conflict', ConsoleErrorCode.pickExists)
      const after = toPick((await selectDeskPick(tx, input.month, company.id)) as DeskPickRow)
      await recordChange(
        {
          actor,
          action: auditActions.pickCreate,
          entity: 'pick',
          entityId: pickIdOf(after),
          before: null,
          after,
        },
        tx,
      )
      return after
    })
  }

  async function findPick(inDb: Db, params: PickParams): Promise<DeskPickRow> {
    const company = await companyOf(params.market, params.code, inDb)
    const row = await selectDeskPick(inDb, params.month, company.id)
    if (!row) throw new AppError('not_found', ConsoleErrorCode.pickNotFound)
    return row
  }

  async function updatePick(
    params: PickParams,
    request: UpdatePickRequest,
    actor: ConsoleActor | null,
  ): Promise<ConsolePick> {
    return inTransaction(db, async (tx) => {
      const current = await findPick(tx, params)
      const figures = await derivedFigures(tx, current.companyId, request, current.month)
      await updateDeskPick(tx, { month: current.month, companyId: current.companyId }, figures)
      const before = toPick(current)
      const after = toPick((await selectDeskPick(tx, current.month, current.companyId)) as DeskPickRow)
      await recordChange(
        { actor, action: auditActions.pickUpdate, entity: 'pick', entityId: pickIdOf(after), before, after },
        tx,
      )
      return after
    })
  }

  async function deletePick(params: PickParams, actor: ConsoleActor | null): Promise<{ deleted: true }> {
    return inTransaction(db, async (tx) => {
      const current = await findPick(tx, params)
      await deleteDeskPick(tx, { month: current.month, companyId: current.companyId })
      const before = toPick(current)
      await recordChange(
        {
          actor,
          action: auditActions.pickDelete,
          entity: 'pick',
          entityId: pickIdOf(before),
          before,
          after: null,
        },
        tx,
      )
      return { deleted: true as const }
    })
  }

  // ——— company texts ———

  async function companyTextOf(inDb: Db, company: DeskCompanyRow): Promise<CompanyText> {
    const rows = await selectCompanyTexts(inDb, company.id)
    const newest = [...rows].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0]
    const textOf = (locale: Locale) => rows.find((row) => row.locale === locale)?.markdown ?? ''
    return {
      market: company.market,
      code: company.code,
      nameEn: company.nameEn,
      nameZh: company.nameZh,
      texts: { en: textOf('en'), 'zh-Hant': textOf('zh-Hant') },
      updatedAt: newest?.updatedAt.toISOString() ?? null,
      updatedBy: newest?.updatedByMemberId
        ? { memberId: newest.updatedByMemberId, phone: newest.updatedByPhone ?? '' }
        : null,
    }
  }

  async function listCompanyTexts(query: {
    market?: Market | undefined
    q?: string | undefined
    has?: 'with' | 'without' | undefined
  }): Promise<CompanyText[]> {
    const companies = await selectCompaniesWithTexts(db, {
      market: query.market,
      text: query.q,
      hasText: query.has !== 'without',
    })
    // Companies without a text have nothing more to read (up to 500 of them: no query each).
    if (query.has === 'without')
      return companies.map((company) => ({
        market: company.market,
        code: company.code,
        nameEn: company.nameEn,
        nameZh: company.nameZh,
        texts: { en: '', 'zh-Hant': '' },
        updatedAt: null,
        updatedBy: null,
      }))
    return Promise.all(companies.map((company) => companyTextOf(db, company)))
  }

  async function getCompanyText(params: { market: Market; code: string }): Promise<CompanyText> {
    return companyTextOf(db, await companyOf(params.market, params.code))
  }

  async function saveCompanyText(
    params: { market: Market; code: string },
    texts: Record<Locale, string>,
    actor: ConsoleActor | null,
  ): Promise<CompanyText> {
    return inTransaction(db, async (tx) => {
      const company = await companyOf(params.market, params.code, tx)
      const before = await companyTextOf(tx, company)
      const now = clock.now()
      for (const locale of locales) {
        const markdown = texts[locale].trim()
        if (markdown === before.texts[locale]) continue
        if (!markdown) await deleteCompanyText(tx, company.id, locale)
        else
          await upsertCompanyText(tx, {
            companyId: company.id,
            locale,
            markdown,
            html: renderMarkdown(markdown),
            updatedAt: now,
            updatedByMemberId: actor?.memberId ?? null,
            updatedByPhone: actor?.phone ?? null,
          })
      }
      const after = await companyTextOf(tx, company)
      if (JSON.stringify(after.texts) !== JSON.stringify(before.texts)) {
        await recordChange(
          {
            actor,
            action: auditActions.companyTextSave,
            entity: 'company_text',
            entityId: `${company.market}:${company.code}`,
            before: before.texts,
            after: after.texts,
          },
          tx,
        )
      }
      return after
    })
  }

  /**
   * The stock page's text about the company in one language (sanitised HTML) and when it was last saved, or null
   * when there is none. The page names the firm's analysts, never the staff member's phone.
   */
  async function readCompanyText(
    market: Market,
    code: string,
    locale: Locale,
  ): Promise<{ html: string; updatedAt: string } | null> {
    const company = await selectCompanyByCode(db, market, normalizeCode(market, code))
    const text = company ? await selectCompanyTextHtml(db, company.id, locale) : undefined
    return text ? { html: text.html, updatedAt: text.updatedAt.toISOString() } : null
  }

  /**
   * Each stock as the universe writes it (the code normalised: `700` → `0700`), or null for one the universe does
   * not have, in the order given (an article's related stocks are checked with this).
   */
  async function resolveStocks(
    stocks: readonly { market: Market; code: string }[],
  ): Promise<({ market: Market; code: string } | null)[]> {
    return Promise.all(
      stocks.map(async (stock) => {
        const company = await selectCompanyByCode(db, stock.market, normalizeCode(stock.market, stock.code))
        return company ? { market: company.market, code: company.code } : null
      }),
    )
  }

  return {
    listPicks,
    createPick,
    updatePick,
    deletePick,
    listCompanyTexts,
    getCompanyText,
    saveCompanyText,
    readCompanyText,
    resolveStocks,
  }
}

function pickIdOf(pick: { month: string; market: Market; code: string }): string {
  return `${pick.month}:${pick.market}:${pick.code}`
}

function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() - 1)
  return date.toISOString().slice(0, 10)
}

export type AnalystDeskService = ReturnType<typeof createAnalystDeskService>
