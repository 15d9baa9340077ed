/**
 * Synthetic insider transactions for the demo provider. Each company gets a fixed roster of invented insiders whose
 * names and roles follow the conventions of its market's filings (US Form 4 roles, HKEX disclosure-of-interest
 * titles, Japanese and Korean director titles); each month draws a few trades on real sessions of the company's
 * demo history, at a price inside that day's range. US insiders mostly sell (stock compensation); insiders
 * elsewhere buy about as often as they sell. Names are common given names and surnames combined at random: any
 * likeness to a real person is chance, and every screen showing them says DEMO.
 */
import type { Market } from '#contracts/regions.ts'
import type { Company, DailyBar, InsiderTransaction } from '../market-data.ts'
import { roundToTick } from '../price-ticks.ts'
import type { ScaleProfile } from '../universe-listing.ts'
import { createSeededRandom, type SeededRandom } from './seeded-random.ts'

interface NamePool {
  given: readonly string[]
  family: readonly string[]
  /** How a filing writes the name. */
  write(given: string, family: string): string
}

const namePools: Record<Market, NamePool> = {
  us: {
    given: [
      'James',
      'Mary',
      'Robert',
      'Patricia',
      'John',
      'Jennifer',
      'Michael',
      'Linda',
      'David',
      'Elizabeth',
      'William',
      'Susan',
      'Richard',
      'Karen',
      'Thomas',
      'Sarah',
    ],
    family: [
      'Smith',
      'Johnson',
      'Williams',
      'Brown',
      'Miller',
      'Davis',
      'Wilson',
      'Anderson',
      'Taylor',
      'Moore',
      'Martin',
      'Thompson',
      'Clark',
      'Lewis',
      'Walker',
      'Hall',
    ],
    write: (given, family) => `${given} ${family}`,
  },
  hk: {
    given: [
      'Ka Wai',
      'Siu Ming',
      'Wing Yan',
      'Chi Keung',
      'Mei Ling',
      'Kwok Wah',
      'Hoi Yan',
      'Tsz Kin',
      'Man Kit',
      'Suk Yee',
      'Wai Lun',
      'Pui Shan',
    ],
    family: ['Chan', 'Wong', 'Lee', 'Cheung', 'Lau', 'Ho', 'Ng', 'Leung', 'Tang', 'Chow', 'Lam', 'Yeung'],
    write: (given, family) => `${family} ${given}`,
  },
  jp: {
    given: [
      'Hiroshi',
      'Takashi',
      'Kenji',
      'Yuki',
      'Akira',
      'Naoko',
      'Makoto',
      'Keiko',
      'Satoshi',
      'Tomoko',
      'Kazuya',
      'Emi',
    ],
    family: [
      'Sato',
      'Suzuki',
      'Takahashi',
      'Tanaka',
      'Watanabe',
      'Ito',
      'Yamamoto',
      'Nakamura',
      'Kobayashi',
      'Kato',
      'Yoshida',
      'Yamada',
    ],
    write: (given, family) => `${family} ${given}`,
  },
  kr: {
    given: [
      'Min-jun',
      'Seo-yeon',
      'Ji-hoon',
      'Ha-eun',
      'Do-hyun',
      'Soo-bin',
      'Jae-won',
      'Eun-ji',
      'Hyun-woo',
      'Ye-jin',
      'Sung-ho',
      'Mi-kyung',
    ],
    family: ['Kim', 'Lee', 'Park', 'Choi', 'Jung', 'Kang', 'Cho', 'Yoon', 'Jang', 'Lim', 'Han', 'Oh'],
    write: (given, family) => `${family} ${given}`,
  },
}

/** Roles as filed in each market, with how large that insider's trades tend to be (1 = a typical director). */
const rosterRoles: Record<Market, ReadonlyArray<readonly [role: string, size: number]>> = {
  us: [
    ['Chief Executive Officer', 4],
    ['Chief Financial Officer', 2],
    ['Chief Operating Officer', 2],
    ['General Counsel', 1],
    ['Director', 1],
    ['Director', 1],
    ['Officer', 0.7],
    ['10% Owner', 8],
  ],
  hk: [
    ['Chairman', 5],
    ['Executive Director', 2],
    ['Chief Executive', 3],
    ['Non-executive Director', 1],
    ['Independent Non-executive Director', 0.5],
    ['Substantial Shareholder', 10],
  ],
  jp: [
    ['Representative Director and President', 3],
    ['Director', 1],
    ['Executive Officer', 0.8],
    ['Outside Director', 0.4],
    ['Audit & Supervisory Board Member', 0.4],
    ['Major Shareholder', 8],
  ],
  kr: [
    ['Chief Executive Officer', 3],
    ['Registered Executive', 1.5],
    ['Non-registered Executive', 0.8],
    ['Outside Director', 0.4],
    ['Chief Financial Officer', 1.5],
    ['Major Shareholder', 10],
  ],
}

/** Expected trades per month, and the share of them that are sales. */
const tradeRates: Record<Market, { perMonth: number; sellShare: number }> = {
  us: { perMonth: 1.4, sellShare: 0.8 },
  hk: { perMonth: 0.45, sellShare: 0.45 },
  jp: { perMonth: 0.35, sellShare: 0.45 },
  kr: { perMonth: 0.6, sellShare: 0.5 },
}

interface Insider {
  name: string
  role: string
  size: number
}

function drawRoster(rng: SeededRandom, market: Market): Insider[] {
  const pool = namePools[market]
  const used = new Set<string>()
  return rosterRoles[market].map(([role, size]) => {
    let name = pool.write(rng.pick(pool.given), rng.pick(pool.family))
    while (used.has(name)) name = pool.write(rng.pick(pool.given), rng.pick(pool.family))
    used.add(name)
    return { name, role, size }
  })
}

/** Knuth's Poisson sampler; fine for the small means used here. */
function drawPoisson(rng: SeededRandom, mean: number): number {
  const limit = Math.exp(-mean)
  let count = 0
  let product = rng.next()
  while (product > limit) {
    count++
    product *= rng.next()
  }
  return count
}

/** Insider trades on the sessions of `bars`, oldest first. */
export function generateInsiderTransactions(
  company: Company,
  scale: ScaleProfile,
  seed: string,
  bars: readonly DailyBar[],
): InsiderTransaction[] {
  const id = `${company.market}:${company.code}`
  const roster = drawRoster(createSeededRandom(seed, id, 'insider-roster'), company.market)
  const rate = tradeRates[company.market]
  const typicalShares = Math.max(100, scale.sharesOutstanding * 1.5e-6)

  // Group sessions by month so each month draws from its own stream: adding sessions never changes past months.
  const sessionsByMonth = new Map<string, DailyBar[]>()
  for (const bar of bars) {
    const month = bar.date.slice(0, 7)
    const sessions = sessionsByMonth.get(month) ?? []
    sessions.push(bar)
    sessionsByMonth.set(month, sessions)
  }

  const transactions: InsiderTransaction[] = []
  for (const [month, sessions] of sessionsByMonth) {
    const rng = createSeededRandom(seed, id, 'insider-trades', month)
    const count = drawPoisson(rng, rate.perMonth)
    for (let i = 0; i < count; i++) {
      // Draws are made before checking the session exists, so a month still in progress keeps its trades stable.
      const dayOfMonth = rng.integer(1, 31)
      const insider = rng.pick(roster)
      const kind = rng.chance(rate.sellShare) ? 'sell' : 'buy'
      const sizeFactor = Math.exp(rng.normal() * 0.8)
      const placeInRange = rng.next()
      const bar = sessions.find((session) => Number(session.date.slice(8, 10)) >= dayOfMonth)
      if (!bar) continue
      const lot = company.market === 'jp' || company.market === 'hk' ? 100 : 1
      const shares = Math.max(lot, Math.round((typicalShares * insider.size * sizeFactor) / lot) * lot)
      const inRange = roundToTick(company.market, bar.low + (bar.high - bar.low) * placeInRange)
      const price = Math.min(bar.high, Math.max(bar.low, inRange))
      transactions.push({
        date: bar.date,
        insiderName: insider.name,
        role: insider.role,
        kind,
        shares,
        price,
        value: Math.round(shares * price * 100) / 100,
      })
    }
  }
  return transactions.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
}
