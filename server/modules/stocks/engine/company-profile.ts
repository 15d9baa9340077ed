/**
 * What kind of company this is, as far as method choice goes: a financial (bank, insurer, broker — where Altman,
 * gross margin, ROIC and free-cash-flow DCF are not meaningful) or an operating company, and within operating
 * companies a manufacturer (original Altman Z, 1968) or not (Altman Z'', 1995). HK- and KR-listed companies always
 * use Z'', the version Altman built for emerging-market and non-US issuers. Callers may override either decision.
 */

import type { HealthModel } from '#contracts/diagnosis-keys.ts'
import type { Company } from '#server/providers/market-data/market-data.ts'
import type { FinancialHealth } from './diagnosis.types.ts'
import { normalizeIndustry } from './industry-benchmarks.ts'

/** Facts the provider's Company shape lacks; all optional. */
export interface CompanyProfileOverrides {
  /** Treat as a bank/insurer even outside the financials sector, or not. */
  isFinancial?: boolean
  /** Force the Altman model (e.g. a known manufacturer filed under an ambiguous industry key). */
  altmanModel?: Extract<HealthModel, 'altman_z' | 'altman_z_double_prime'>
  /** Current shares outstanding, when fresher than the last annual statement. */
  sharesOutstanding?: number
}

/** Industry keys (normalised) of companies that make physical goods: the population of Altman's 1968 sample. */
export const MANUFACTURING_INDUSTRIES: ReadonlySet<string> = new Set([
  'aerospace_defense',
  'auto_components',
  'auto_parts',
  'automobiles',
  'beverages',
  'building_products',
  'chemicals',
  'construction_materials',
  'containers_packaging',
  'electrical_equipment',
  'electronic_components',
  'electronic_equipment',
  'food_products',
  'household_durables',
  'household_products',
  'industrial_machinery',
  'leisure_products',
  'machinery',
  'metals_mining',
  'paper_forest_products',
  'personal_products',
  'pharmaceuticals',
  'semiconductor_equipment',
  'semiconductors',
  'shipbuilding',
  'steel',
  'technology_hardware',
  'textiles_apparel',
  'tobacco',
])

/** When the industry key is not in the list above, these sectors are presumed manufacturers. */
const MANUFACTURING_SECTORS: ReadonlySet<Company['sector']> = new Set(['materials', 'industrials', 'energy'])

export function isFinancialCompany(
  company: Pick<Company, 'sector'>,
  overrides?: CompanyProfileOverrides,
): boolean {
  return overrides?.isFinancial ?? company.sector === 'financials'
}

export function isManufacturer(company: Pick<Company, 'sector' | 'industry'>): boolean {
  return (
    MANUFACTURING_INDUSTRIES.has(normalizeIndustry(company.industry)) ||
    MANUFACTURING_SECTORS.has(company.sector)
  )
}

export function chooseHealthModel(
  company: Pick<Company, 'sector' | 'industry' | 'market'>,
  overrides?: CompanyProfileOverrides,
): { model: HealthModel; reason: FinancialHealth['modelReason'] } {
  if (isFinancialCompany(company, overrides))
    return { model: 'financials_equity_to_assets', reason: 'financial_company' }
  if (overrides?.altmanModel) return { model: overrides.altmanModel, reason: 'override' }
  if (company.market === 'hk' || company.market === 'kr') {
    return { model: 'altman_z_double_prime', reason: 'emerging_market_listing' }
  }
  return isManufacturer(company)
    ? { model: 'altman_z', reason: 'manufacturer' }
    : { model: 'altman_z_double_prime', reason: 'non_manufacturer' }
}
