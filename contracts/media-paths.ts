/**
 * Where pictures are served, shared by the pages (which link to them) and the server (which serves them):
 * cover drawings under /media/covers/ (SVG, for the site itself) and their raster twins (PNG, for social
 * networks, which show no SVG), and the site's own share image for pages without a cover.
 * Served by server/modules/articles/article-media.routes.ts.
 */

/** Cover drawings: `/media/covers/{drawing}.svg`, or a variant of one, `/media/covers/{drawing}.v{n}.svg`. */
export const coverUrlPrefix = '/media/covers/'

/** The share image of pages that have no cover of their own (home, lists, company pages, stocks). */
export const siteShareImagePath = '/media/share/site.png'

/** Every share image: the size link previews expect (1.91:1). */
export const shareImage = { width: 1200, height: 630, type: 'image/png' } as const

const ownCoverPattern = /^\/media\/covers\/([a-z0-9-]{1,80}(?:\.v\d{1,2})?)\.svg$/

/**
 * The raster image to show when a page with this cover is shared: our own covers have a PNG twin of the same
 * name; a cover from elsewhere (an absolute URL an editor gave) or none falls back to the site's share image,
 * since its size and format are unknown.
 */
export function shareImagePathOf(coverUrl: string | undefined): string {
  const name = coverUrl?.match(ownCoverPattern)?.[1]
  return name ? `${coverUrlPrefix}${name}.png` : siteShareImagePath
}
