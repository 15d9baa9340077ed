/** Where the installed site's files are, and its colour: what the document's head names on every page (ADR 0044). */
export const manifestPath = '/manifest.webmanifest'
/** The brand's dark ground: the header's colour, the splash screen's and the status bar's. */
export const themeColor = '#111a2e'
