import { describe, expect, it } from 'vitest'
import { readCatalogFiles } from '#app/i18n/catalog-files.ts'
import { screenSectors } from './screener-rules.ts'
import { sectorName, sectorNames } from './sector-names.ts'

describe('the sectors’ names', () => {
  it('name every GICS sector in both languages, each name once', () => {
    for (const locale of ['en', 'zh-Hant'] as const) {
      const names = screenSectors.map((sector) => sectorNames[sector][locale])
      expect(names.every((name) => name.trim().length > 0)).toBe(true)
      expect(new Set(names).size).toBe(screenSectors.length)
    }
    expect(sectorName('health_care', 'zh-Hant')).toBe('醫療保健')
    // A provider's own word that is no GICS sector is shown as written.
    expect(sectorName('Conglomerates', 'en')).toBe('Conglomerates')
  })

  it('are this one table: no message catalog keeps a copy of its own', () => {
    for (const locale of ['en', 'zh-Hant'] as const) {
      const catalogs = JSON.stringify(readCatalogFiles(locale))
      expect(catalogs).not.toContain('"sectors":{')
      for (const sector of screenSectors) expect(catalogs).not.toContain(`"${sector}":"`)
    }
  })
})
