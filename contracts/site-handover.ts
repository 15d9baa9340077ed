/**
 * Moving between the regional sites with the reader's login and cookie consent (spec §2 language switcher;
 * ADR 0010). When the two sites share no cookie domain (contracts/cookie-domains.ts), the switch link leads through
 * four API steps, each answering a redirect:
 *   switch (the reader's site) → begin (the other site) → issue (the reader's site) → accept (the other site) → page.
 * The shapes here are what each step reads from its query; the server checks every value again. A malformed token,
 * state or path reads as absent, so a bad link ends on a page (without the hand-over), never on an error.
 */
import { z } from 'zod'
import { Region } from './regions.ts'

// The paths and the switcher's link live in a file without zod, which the browser imports (ADR 0011).
export { handoverPaths, handoverSwitchHref } from './site-handover-paths.ts'

const sitePath = z.string().max(2048).optional().catch(undefined)
const secret = z.string().max(64).optional().catch(undefined)

/** Step 1, on the reader's site: switch to region `to`, landing on `path`. */
export const HandoverSwitchQuery = z.object({ to: Region, path: sitePath })
/** Step 2, on the other site: the switch comes from region `from`. */
export const HandoverBeginQuery = z.object({ from: Region, path: sitePath })
/** Step 3, on the reader's site: issue the pass for region `to`, bound to the other site's `state`. */
export const HandoverIssueQuery = z.object({ to: Region, state: secret, path: sitePath })
/** Step 4, on the other site: redeem the pass. */
export const HandoverAcceptQuery = z.object({ token: secret, path: sitePath })
