/**
 * The universe: every company the site covers, in all four markets, and the lookups by code and by name. A code
 * is unique within its market only (`0700` in Hong Kong, `7203` in Tokyo); names and aliases are unique across the
 * whole universe, so a reader's `騰訊` or `Samsung` means exactly one company.
 *
 * What is left to others: fuzzy search and suggestions (the search module), and the database copy of the universe.
 */
import type { Market } from '#contracts/regions.ts'
import type { Company } from './market-data.ts'
import { hkListings } from './universe-hk.ts'
import { jpListings } from './universe-jp.ts'
import { krListings } from './universe-kr.ts'
import type { Listing, ScaleProfile } from './universe-listing.ts'
import { usListings } from './universe-us.ts'

export const listings: readonly Listing[] = [...usListings, ...hkListings, ...jpListings, ...krListings]

export const universe: readonly Company[] = listings.map((listing) => listing.company)

function listingKey(market: Market, code: string): string {
  return `${market}:${code}`
}

const listingsByKey = new Map(
  listings.map((listing) => [listingKey(listing.company.market, listing.company.code), listing]),
)

/**
 * A code as the universe writes it: upper case; Hong Kong codes with leading zeros to four digits (`700`, `00700`
 * → `0700`); Korean codes to six digits (`5930` → `005930`).
 */
export function normalizeCode(market: Market, code: string): string {
  const trimmed = code.trim().toUpperCase()
  if (market === 'hk' && /^\d{1,5}$/.test(trimmed)) return String(Number(trimmed)).padStart(4, '0')
  if (market === 'kr' && /^\d{1,6}$/.test(trimmed)) return trimmed.padStart(6, '0')
  if (market === 'us') return trimmed.replaceAll('-', '.')
  return trimmed
}

export function findListing(market: Market, code: string): Listing | undefined {
  return listingsByKey.get(listingKey(market, normalizeCode(market, code)))
}

export function findCompany(market: Market, code: string): Company | undefined {
  return findListing(market, code)?.company
}

/** The approximate real scale behind a company's demo numbers, for companies in the universe. */
export function findScaleProfile(company: Pick<Company, 'market' | 'code'>): ScaleProfile | undefined {
  return findListing(company.market, company.code)?.scale
}

/** The form names and aliases are compared in: Unicode-compatible, lower case, single spaces, no full stops. */
export function normalizeName(text: string): string {
  return text.normalize('NFKC').toLowerCase().replaceAll('.', '').replace(/\s+/g, ' ').trim()
}

function namesOf(company: Company): string[] {
  return [company.nameEn, company.nameZh, ...company.aliases]
}

const companiesByName = new Map<string, Company[]>()
for (const company of universe) {
  for (const name of new Set(namesOf(company).map(normalizeName))) {
    const found = companiesByName.get(name) ?? []
    found.push(company)
    companiesByName.set(name, found)
  }
}

/**
 * Companies a reader means by `text`: an exact (normalised) English or Chinese name or alias, or a code. A name
 * gives at most one company; a bare code may give one per market (`1299` is AIA in Hong Kong only, but a
 * four-digit code could exist in both Hong Kong and Tokyo).
 */
export function findCompaniesByName(text: string): Company[] {
  const byName = companiesByName.get(normalizeName(text))
  if (byName) return byName
  const found: Company[] = []
  for (const market of ['us', 'hk', 'jp', 'kr'] as const) {
    const company = findCompany(market, text)
    if (company) found.push(company)
  }
  return found
}
