/**
 * Queries on the companies of the universe and the names a reader may type for them (`stock_companies`,
 * `stock_company_names`): the seed writes them from the universe file, the lookup reads them (exact names in
 * memory, similar names with pg_trgm). Plain rows; no rules.
 */
import { inArray, sql } from 'drizzle-orm'
import type { Market } from '#contracts/regions.ts'
import { type Db, selectRows } from '#server/db/database.ts'
import type { Company } from '#server/providers/market-data/market-data.ts'
import { normalizeName } from '#server/providers/market-data/universe.ts'
import { stockCompanies, stockCompanyNames } from './stocks.sql.ts'

export interface CompanyRow extends Company {
  id: number
}

/** The names a reader may type for a company, normalised, with what each is. */
export function companyNamesOf(
  company: Company,
): Array<{ normalized: string; text: string; kind: 'code' | 'name' | 'alias' }> {
  const seen = new Set<string>()
  const names: Array<{ normalized: string; text: string; kind: 'code' | 'name' | 'alias' }> = []
  const add = (text: string, kind: 'code' | 'name' | 'alias') => {
    const normalized = normalizeName(text)
    if (!normalized || seen.has(normalized)) return
    seen.add(normalized)
    names.push({ normalized, text, kind })
  }
  add(company.code, 'code')
  add(company.nameEn, 'name')
  add(company.nameZh, 'name')
  for (const alias of company.aliases) add(alias, 'alias')
  return names
}

/**
 * Inserts the universe's companies, or brings existing rows in line with it (the universe file is the source of
 * truth for names, sectors and symbols), and keeps each company's names in step.
 */
export async function upsertCompanies(db: Db, companies: readonly Company[]): Promise<void> {
  if (companies.length === 0) return
  const rows = await db
    .insert(stockCompanies)
    .values(
      companies.map((c) => ({
        market: c.market,
        code: c.code,
        exchange: c.exchange,
        currency: c.currency,
        nameEn: c.nameEn,
        nameZh: c.nameZh,
        aliases: c.aliases,
        sector: c.sector,
        industry: c.industry,
        yahooSymbol: c.yahooSymbol,
      })),
    )
    .onConflictDoUpdate({
      target: [stockCompanies.market, stockCompanies.code],
      set: {
        exchange: sql`excluded.exchange`,
        currency: sql`excluded.currency`,
        nameEn: sql`excluded.name_en`,
        nameZh: sql`excluded.name_zh`,
        aliases: sql`excluded.aliases`,
        sector: sql`excluded.sector`,
        industry: sql`excluded.industry`,
        yahooSymbol: sql`excluded.yahoo_symbol`,
      },
      setWhere: sql`(${stockCompanies.exchange}, ${stockCompanies.currency}, ${stockCompanies.nameEn}, ${stockCompanies.nameZh}, ${stockCompanies.aliases}, ${stockCompanies.sector}, ${stockCompanies.industry}, ${stockCompanies.yahooSymbol}) is distinct from (excluded.exchange, excluded.currency, excluded.name_en, excluded.name_zh, excluded.aliases, excluded.sector, excluded.industry, excluded.yahoo_symbol)`,
    })
    .returning({ id: stockCompanies.id, market: stockCompanies.market, code: stockCompanies.code })
  const all = await db
    .select({ id: stockCompanies.id, market: stockCompanies.market, code: stockCompanies.code })
    .from(stockCompanies)
  const idOf = new Map(all.map((r) => [`${r.market}:${r.code}`, r.id]))
  const existingNames = await db
    .select({ companyId: stockCompanyNames.companyId })
    .from(stockCompanyNames)
    .limit(1)
  // Names are rewritten for companies that changed, and for all of them on a database that has none yet.
  const changed = new Set(rows.map((r) => r.id))
  const targets = companies.filter((c) => {
    const id = idOf.get(`${c.market}:${c.code}`)
    return id !== undefined && (existingNames.length === 0 || changed.has(id))
  })
  if (targets.length === 0) return
  const targetIds = targets.map((c) => idOf.get(`${c.market}:${c.code}`) as number)
  await db.delete(stockCompanyNames).where(inArray(stockCompanyNames.companyId, targetIds))
  const nameRows = targets.flatMap((c) => {
    const companyId = idOf.get(`${c.market}:${c.code}`) as number
    return companyNamesOf(c).map((n) => ({ companyId, ...n }))
  })
  for (let i = 0; i < nameRows.length; i += 1000) {
    await db
      .insert(stockCompanyNames)
      .values(nameRows.slice(i, i + 1000))
      .onConflictDoNothing()
  }
}

export async function selectCompanies(db: Db): Promise<CompanyRow[]> {
  const rows = await db.select().from(stockCompanies).orderBy(stockCompanies.id)
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    market: r.market,
    exchange: r.exchange,
    currency: r.currency,
    nameEn: r.nameEn,
    nameZh: r.nameZh,
    aliases: r.aliases,
    sector: r.sector,
    industry: r.industry,
    yahooSymbol: r.yahooSymbol,
  }))
}

export interface NameMatchRow {
  companyId: number
  text: string
  kind: 'code' | 'name' | 'alias'
  /** 0–1: exact 1, prefix 0.9, contained 0.75, else trigram (word) similarity. */
  score: number
}

/**
 * Names similar to `normalized` (already normalised like the stored names): prefixes and contained text rank above
 * trigram similarity, so "app" finds Apple and "騰" finds 騰訊控股. One row per company: its best name.
 */
export async function selectSimilarNames(
  db: Db,
  normalized: string,
  options: { market?: Market | undefined; limit: number; minScore: number },
): Promise<NameMatchRow[]> {
  const q = normalized
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
  const prefix = `${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
  const marketFilter = options.market ? sql`and c.market = ${options.market}` : sql``
  return selectRows<NameMatchRow>(
    db,
    sql`
      select distinct on (n.company_id)
        n.company_id as "companyId", n.text as "text", n.kind as "kind", s.score::float8 as "score"
      from stock_company_names n
      join stock_companies c on c.id = n.company_id ${marketFilter}
      cross join lateral (
        select case
          when n.normalized = ${q} then 1
          when n.normalized like ${prefix} then 0.9
          when n.normalized like ${pattern} then 0.75
          else greatest(similarity(n.normalized, ${q}), word_similarity(${q}, n.normalized))
        end as score
      ) s
      where (n.normalized % ${q} or n.normalized like ${pattern} or ${q} <% n.normalized)
        and s.score >= ${options.minScore}
      order by n.company_id, s.score desc, length(n.normalized)
    `,
  ).then((rows) =>
    rows
      .map((r) => ({ ...r, score: Number(r.score) }))
      .sort((a, b) => b.score - a.score || a.companyId - b.companyId)
      .slice(0, options.limit),
  )
}
