import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import type { Locale } from '#contracts/regions.ts'
import { pngSizeOf } from '#server/testing/png-size.ts'
import { offlinePageHtml, offlinePagePolicy } from './offline-page.ts'
import { webAppManifest } from './web-app-manifest.ts'

const webAppT = (locale: Locale) => getServerTranslator(locale).getFixedT(locale, 'web-app')
const publicFile = (url: string) => readFileSync(path.resolve('public', url.replace(/^\//, '')))

describe('the web app manifest', () => {
  it('names the site in each language and installs within it, from its home page', () => {
    const en = webAppManifest('en', webAppT('en'))
    const zh = webAppManifest('zh-Hant', webAppT('zh-Hant'))
    expect(en).toMatchObject({ name: 'Tickerwise — stock research', short_name: 'Tickerwise', lang: 'en' })
    expect(zh).toMatchObject({ name: '智選研究 — 股票研究', short_name: '智選研究', lang: 'zh-Hant' })
    for (const manifest of [en, zh]) {
      expect(manifest).toMatchObject({ start_url: '/', scope: '/', display: 'standalone', id: '/' })
      expect(manifest.short_name.length).toBeLessThanOrEqual(12)
      expect(manifest.description.length).toBeGreaterThan(20)
    }
  })

  it('has the icons phones install with, each the size it claims', () => {
    const { icons } = webAppManifest('en', webAppT('en'))
    const pngs = icons.filter((icon) => icon.type === 'image/png')
    for (const icon of pngs) {
      const [width, height] = icon.sizes.split('x').map(Number)
      expect(pngSizeOf(publicFile(icon.src)), icon.src).toEqual({ width, height })
    }
    expect(pngs.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
    expect(icons.some((icon) => icon.purpose === 'maskable')).toBe(true)
    expect(pngSizeOf(publicFile('/apple-touch-icon.png'))).toEqual({ width: 180, height: 180 })
  })
})

describe('the offline page', () => {
  it('says the reader is offline in the site’s language, with no script to run', () => {
    const en = offlinePageHtml('en', webAppT('en'))
    const zh = offlinePageHtml('zh-Hant', webAppT('zh-Hant'))
    expect(en).toContain('<html lang="en">')
    expect(en).toContain('<h1>You are offline</h1>')
    expect(zh).toContain('<html lang="zh-Hant">')
    expect(zh).toContain('<h1>您已離線</h1>')
    for (const page of [en, zh]) expect(page).not.toMatch(/<script/i)
    expect(offlinePagePolicy).toContain("default-src 'none'")
    expect(offlinePagePolicy).not.toContain('script-src')
  })
})
