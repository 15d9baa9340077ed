/**
 * /robots.txt of a regional site: crawlers may read the public pages and are pointed at the site's own sitemap; the
 * console, the member area, checkout, the API and article previews (an editor's `?preview=` link) stay out.
 */
export const pathsKeptFromCrawlers = [
  '/console',
  '/member/',
  '/checkout/',
  '/api/',
  '/*?preview=',
  '/*&preview=',
]

export function robotsTxt(siteOrigin: string): string {
  return [
    'User-agent: *',
    ...pathsKeptFromCrawlers.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${siteOrigin}/sitemap.xml`,
    '',
  ].join('\n')
}
