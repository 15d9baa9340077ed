/**
 * Cover drawings and their variants. A topic's drawing (seed/covers/{name}.svg: a background gradient under a
 * motif, no text) sets the theme; variant n (`{name}.v{n}.svg`) repaints it so that articles on one topic never
 * look alike side by side: the background's hue turns, its gradient runs another way with a soft glow in another
 * corner, and a faint pattern (dots, hatching, rings) lies between background and motif. Each of the three turns
 * with a different period (5, 4, 3), so variants 1…59 are all different and any two consecutive ones differ in all
 * three. Pure string work, deterministic in n, a few microseconds.
 *
 * Also draws the site's own share image. Decides nothing about which article gets which variant
 * (seed/seed-covers.ts) nor about rasterising and serving (cover-raster.ts, article-media.routes.ts).
 */

/** Variants 1 … coverVariantCount - 1; "variant 0" is the drawing as drawn, named without a suffix. */
export const coverVariantCount = 60

/** A drawing's parts: the two colours of its background gradient and everything drawn over it. */
export interface CoverDrawing {
  from: string
  to: string
  motif: string
}

// The layout every cover file follows (checked for each shipped cover in cover-art.test.ts).
const drawingPattern =
  /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*\bviewBox="0 0 1200 630"[^>]*><defs><linearGradient id="g"[^>]*><stop offset="0" stop-color="(#[0-9a-f]{6})"\/><stop offset="1" stop-color="(#[0-9a-f]{6})"\/><\/linearGradient><\/defs><rect width="1200" height="630" fill="url\(#g\)"\/>([\s\S]*)<\/svg>\s*$/i

/** The parts of a cover file, or undefined when it does not follow the cover layout (it is then served as is). */
export function parseCoverDrawing(svg: string): CoverDrawing | undefined {
  const match = drawingPattern.exec(svg)
  if (!match) return undefined
  const [, from = '', to = '', motif = ''] = match
  // Variants add their own ids (tw-*); a motif using ids of its own keeps them, one using ours is not varied.
  if (/\bid="tw-/.test(motif)) return undefined
  return { from: from.toLowerCase(), to: to.toLowerCase(), motif }
}

/** Cover file names: `earnings-season.svg`, `earnings-season.v3.svg`, and the same with `.png`. */
const coverFileNamePattern = /^([a-z0-9-]{1,80})(?:\.v([1-9]\d?))?\.(svg|png)$/

export interface CoverFileName {
  drawing: string
  /** 0: as drawn. */
  variant: number
  format: 'svg' | 'png'
}

export function parseCoverFileName(name: string): CoverFileName | undefined {
  const match = coverFileNamePattern.exec(name)
  if (!match) return undefined
  const variant = match[2] ? Number(match[2]) : 0
  if (variant >= coverVariantCount) return undefined
  return { drawing: match[1] ?? '', variant, format: match[3] === 'png' ? 'png' : 'svg' }
}

/** `earnings-season.svg` + 3 → `earnings-season.v3.svg`. */
export function coverVariantFileName(drawingFile: string, variant: number): string {
  const drawing = drawingFile.replace(/\.svg$/, '')
  return variant === 0 ? `${drawing}.svg` : `${drawing}.v${variant}.svg`
}

const hueTurns = [0, 32, -32, 60, -60]
const patterns = ['none', 'dots', 'hatching', 'rings'] as const
/** Gradient direction and the corner of the glow. */
const layouts = [
  { gradient: 'x1="0" y1="0" x2="1" y2="1"', glow: { cx: 1080, cy: 90 } },
  { gradient: 'x1="0" y1="1" x2="1" y2="0"', glow: { cx: 1100, cy: 560 } },
  { gradient: 'x1="0" y1="0" x2="0" y2="1"', glow: { cx: 110, cy: 80 } },
] as const

export interface CoverVariantStyle {
  hueTurn: number
  pattern: (typeof patterns)[number]
  layout: number
}

export function coverVariantStyle(variant: number): CoverVariantStyle {
  return {
    hueTurn: hueTurns[variant % hueTurns.length] ?? 0,
    pattern: patterns[variant % patterns.length] ?? 'none',
    layout: variant % layouts.length,
  }
}

/** The drawing repainted as variant n (n ≥ 1); 1200 × 630 like every cover. */
export function composeCoverVariant(drawing: CoverDrawing, variant: number): string {
  const style = coverVariantStyle(variant)
  const layout = layouts[style.layout] ?? layouts[0]
  // Marks in the contrasting ink: light on a dark background, dark on a light one. A near-white background
  // is toned down a little, or its turned hue would not show.
  const isDark = (luminanceOf(drawing.from) + luminanceOf(drawing.to)) / 2 < 0.45
  const maxLightness = isDark ? 1 : 0.9
  const from = repaint(drawing.from, style.hueTurn, maxLightness)
  const to = repaint(drawing.to, style.hueTurn, maxLightness)
  const ink = isDark ? '#ffffff' : '#0f172a'
  const inkOpacity = isDark ? 0.1 : 0.08
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" viewBox="0 0 1200 630" width="1200" height="630">',
    '<defs>',
    `<linearGradient id="tw-bg" ${layout.gradient}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`,
    `<radialGradient id="tw-glow"><stop offset="0" stop-color="${ink}" stop-opacity="${isDark ? 0.2 : 0.12}"/><stop offset="1" stop-color="${ink}" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    '<rect width="1200" height="630" fill="url(#tw-bg)"/>',
    `<circle cx="${layout.glow.cx}" cy="${layout.glow.cy}" r="440" fill="url(#tw-glow)"/>`,
    patternLayer(style.pattern, ink, inkOpacity, layout.glow),
    drawing.motif,
    '</svg>',
  ].join('')
}

// Patterns are plain paths, not <pattern> tiles: the renderer fills a tiled pattern three to five times slower.
const dotRows = Array.from({ length: 13 }, (_, row) => `M24 ${27 + row * 48}H1200`).join('')
const hatchLines = Array.from({ length: 21 }, (_, i) => `M${-630 + i * 90} 630l630-630`).join('')

function patternLayer(
  pattern: CoverVariantStyle['pattern'],
  ink: string,
  opacity: number,
  centre: { cx: number; cy: number },
): string {
  if (pattern === 'dots')
    // Zero-length dashes with round caps: a grid of dots in a few bytes.
    return `<path d="${dotRows}" stroke="${ink}" stroke-width="8" stroke-linecap="round" stroke-dasharray="0 48" opacity="${round3(opacity * 1.2)}"/>`
  if (pattern === 'hatching')
    return `<path d="${hatchLines}" stroke="${ink}" stroke-width="24" opacity="${round3(opacity * 0.8)}"/>`
  if (pattern === 'rings') {
    const rings = [120, 220, 320, 420, 520, 620, 720]
      .map((r) => `<circle cx="${centre.cx}" cy="${centre.cy}" r="${r}"/>`)
      .join('')
    return `<g fill="none" stroke="${ink}" stroke-width="10" opacity="${round3(opacity * 1.2)}">${rings}</g>`
  }
  return ''
}

/**
 * The share image of pages without a cover of their own: the site's mark (the favicon's rising line and gold
 * dot) large on the brand's night blue, over a faint chart grid. No text, so no font is needed in any language.
 */
export const siteShareDrawing = [
  '<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" viewBox="0 0 1200 630" width="1200" height="630">',
  '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#111a2e"/><stop offset="1" stop-color="#1b3050"/></linearGradient></defs>',
  '<rect width="1200" height="630" fill="url(#g)"/>',
  '<g stroke="#ffffff" stroke-opacity="0.07" stroke-width="2">',
  [115, 215, 315, 415, 515].map((y) => `<line x1="0" y1="${y}" x2="1200" y2="${y}"/>`).join(''),
  '</g>',
  '<path d="M0 520 C180 500 260 430 380 450 S600 380 720 330 S960 250 1200 150" fill="none" stroke="#12a39a" stroke-width="6" stroke-opacity="0.35"/>',
  '<rect x="440" y="155" width="320" height="320" rx="80" fill="#0b1222" stroke="#12a39a" stroke-opacity="0.4" stroke-width="4"/>',
  '<path d="M510 365l60-60 40 40 80-90" fill="none" stroke="#12a39a" stroke-width="30" stroke-linecap="round" stroke-linejoin="round"/>',
  '<circle cx="690" cy="255" r="20" fill="#c99a2e"/>',
  '</svg>',
].join('')

const round3 = (value: number) => Math.round(value * 1000) / 1000

// --- colour arithmetic (sRGB hex ↔ HSL) ---

/** The colour with its hue turned and its lightness capped. */
function repaint(hex: string, hueTurn: number, maxLightness: number): string {
  const [h, s, l] = hslOf(hex)
  if (hueTurn === 0 && l <= maxLightness) return hex
  return hexOf((((h + hueTurn) % 360) + 360) % 360, s, Math.min(l, maxLightness))
}

function channelsOf(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16)
  return [((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255]
}

/** Relative luminance (WCAG), 0 black … 1 white. */
function luminanceOf(hex: string): number {
  const [r, g, b] = channelsOf(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

function hslOf(hex: string): [number, number, number] {
  const [r, g, b] = channelsOf(hex)
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const l = (max + min) / 2
  if (max === min) return [0, 0, l]
  const d = max - min
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min)
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4
  return [h * 60, s, l]
}

function hexOf(h: number, s: number, l: number): string {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))
  return `#${[f(0), f(8), f(4)]
    .map((c) =>
      Math.round(c * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}
