/**
 * The console's first admins for browser journeys, one per site project so the two never race for the same login
 * code. playwright.config.ts makes them with `npm run ops -- console:grant` before the server starts (a PGlite data
 * folder belongs to one process at a time, and there is no test endpoint for roles); keep the numbers in step.
 */
import type { SiteRegion } from './sites.ts'

export const consoleAdmins: Partial<Record<SiteRegion, { mobile: string; e164: string; masked: string }>> = {
  en: { mobile: '51230001', e164: '+85251230001', masked: '+852 ****0001' },
  hant: { mobile: '51230002', e164: '+85251230002', masked: '+852 ****0002' },
}
