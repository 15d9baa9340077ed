import { describe, expect, it } from 'vitest'
import { robotsTxt } from './robots-txt.ts'

describe('robots.txt', () => {
  const body = robotsTxt('https://hant.example.com')

  it('points crawlers at the regional site’s own sitemap', () => {
    expect(body).toContain('Sitemap: https://hant.example.com/sitemap.xml')
  })

  it('keeps the console, the member area, the API and article previews out', () => {
    for (const path of ['/console', '/member/', '/api/', '/*?preview='])
      expect(body.split('\n')).toContain(`Disallow: ${path}`)
  })

  it('lets the public pages be read', () => {
    expect(body).not.toMatch(/^Disallow: \/$/m)
    expect(body).not.toMatch(/^Disallow: \/articles/m)
  })
})
