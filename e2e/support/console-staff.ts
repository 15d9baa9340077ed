/**
 * The console's first admins for browser journeys: one per journey file and site project, because a number may be
 * sent a login code once a minute and ten times a day, and journeys run in parallel. playwright.config.ts makes them
 * all with one `npm run ops -- console:grant` before the server starts (a PGlite data folder belongs to one process
 * at a time, and there is no test endpoint for roles).
 */
import type { SiteRegion } from './sites.ts'

/** The journey files that log in as an admin; a new one gets its own numbers by being listed here. */
export const consoleJourneys = [
  'console',
  'members',
  'site',
  'analytics',
  'desk',
  'newsroom',
  'classroom',
  'strategies',
  'expert',
  'advisers',
  'mail',
  'account-mail',
  'alerts',
  'chat-gaps',
] as const
export type ConsoleJourney = (typeof consoleJourneys)[number]

const adminRegions = ['en', 'hant'] as const satisfies readonly SiteRegion[]

export interface ConsoleAdmin {
  mobile: string
  e164: string
  masked: string
}

function adminOf(journey: ConsoleJourney, region: (typeof adminRegions)[number]): ConsoleAdmin {
  const journeyNumber = String(consoleJourneys.indexOf(journey) + 1).padStart(2, '0')
  const mobile = `51230${journeyNumber}${adminRegions.indexOf(region) + 1}`
  return { mobile, e164: `+852${mobile}`, masked: `+852 ****${mobile.slice(-4)}` }
}

/** A journey file's admins, one per site project so the two never race for the same login code. */
export function consoleAdminsOf(journey: ConsoleJourney): Partial<Record<SiteRegion, ConsoleAdmin>> {
  return { en: adminOf(journey, 'en'), hant: adminOf(journey, 'hant') }
}

/** Every admin number, for the `console:grant` before the server starts. */
export const consoleAdminNumbers: string[] = consoleJourneys.flatMap((journey) =>
  adminRegions.map((region) => adminOf(journey, region).e164),
)

/** The admin of a journey file on the site project running it (every project that runs console journeys has one). */
export function adminOn(admins: Partial<Record<SiteRegion, ConsoleAdmin>>, region: SiteRegion): ConsoleAdmin {
  const admin = admins[region]
  if (!admin) throw new Error(`no console admin for ${region}`)
  return admin
}
