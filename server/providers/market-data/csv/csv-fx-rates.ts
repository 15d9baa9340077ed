/**
 * The `csv` provider's exchange rates: a file the operator names (`MARKET_DATA_CSV_FX_FILE`), one rate per row,
 * `date,from,to,rate` (`2026-11-27,USD,HKD,7.78`: units of `to` per unit of `from`), read with the importer's CSV
 * reader (ADR 0020) at the first request and again when the file changes. A pair's rate is its row of the latest
 * date; the reverse pair is its inverse; other pairs go through USD when both legs are there. Rows that are not
 * a valid rate are skipped (the file is the operator's own, like the imported prices).
 */
import { readFile, stat } from 'node:fs/promises'
import type { FxRate } from '../market-data.ts'
import { MarketDataError } from '../market-data-error.ts'
import { columnKey } from './csv-format.ts'
import { readCsvText } from './csv-records.ts'

/** The latest rate of each `FROMTO` pair in a rates file's text. */
export function parseFxRates(text: string): Map<string, FxRate> {
  const { records } = readCsvText(text)
  const [header, ...rows] = records
  const rates = new Map<string, FxRate>()
  if (!header) return rates
  const at = (name: string) => header.fields.findIndex((field) => columnKey(field) === name)
  const [date, from, to, rate] = [at('date'), at('from'), at('to'), at('rate')]
  if (date < 0 || from < 0 || to < 0 || rate < 0) return rates
  for (const { fields } of rows) {
    const row = {
      asOf: (fields[date] ?? '').trim(),
      from: (fields[from] ?? '').trim().toUpperCase(),
      to: (fields[to] ?? '').trim().toUpperCase(),
      rate: Number(fields[rate]),
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(row.asOf) || !/^[A-Z]{3}$/.test(row.from) || !/^[A-Z]{3}$/.test(row.to))
      continue
    if (!Number.isFinite(row.rate) || row.rate <= 0) continue
    const key = `${row.from}${row.to}`
    const known = rates.get(key)
    if (!known || known.asOf <= row.asOf) rates.set(key, row)
  }
  return rates
}

/** The rate of a pair from the file's rates: direct, inverse, or through USD. */
export function findFxRate(rates: ReadonlyMap<string, FxRate>, from: string, to: string): FxRate | null {
  if (from === to) return null
  const direct = rates.get(`${from}${to}`)
  if (direct) return direct
  const inverse = rates.get(`${to}${from}`)
  if (inverse) return { from, to, rate: 1 / inverse.rate, asOf: inverse.asOf }
  if (from === 'USD' || to === 'USD') return null
  const fromUsd = findFxRate(rates, from, 'USD')
  const usdTo = findFxRate(rates, 'USD', to)
  if (!fromUsd || !usdTo) return null
  return {
    from,
    to,
    rate: fromUsd.rate * usdTo.rate,
    // The older of the two legs' days (ISO days sort as text).
    asOf: [fromUsd.asOf, usdTo.asOf].sort()[0] as string,
  }
}

/** Rates from the file at `path`, read again when its modification time changes. */
export function createCsvFxRates(path: string | undefined) {
  let cached: { modified: number; rates: Map<string, FxRate> } | null = null
  return async function fxRate(from: string, to: string): Promise<FxRate> {
    if (from === to) return { from, to, rate: 1, asOf: new Date().toISOString().slice(0, 10) }
    if (!path)
      throw new MarketDataError('SYMBOL_NOT_FOUND', `no exchange rates file; no rate for ${from}${to}`)
    const modified = (await stat(path)).mtimeMs
    if (!cached || cached.modified !== modified) {
      cached = { modified, rates: parseFxRates(await readFile(path, 'utf8')) }
    }
    const rate = findFxRate(cached.rates, from, to)
    if (!rate)
      throw new MarketDataError('SYMBOL_NOT_FOUND', `no rate for ${from}${to} in the exchange rates file`)
    return rate
  }
}
