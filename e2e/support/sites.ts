/** Where the browser journeys find the site, and how Chromium is started on this machine. */
export const e2ePort = Number(process.env.E2E_PORT ?? 4173)
export const liveChatPort = e2ePort + 1

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** The tag of a journey whose behaviour does not depend on the language: the Chinese project skips it (ADR 0042). */
export const languageNeutralTag = '@language-neutral'

export type SiteRegion = 'en' | 'hant' | 'hk' | 'kr' | 'jp'

export function siteOrigin(region: SiteRegion, port = e2ePort): string {
  return `http://${region}.localhost:${port}`
}
