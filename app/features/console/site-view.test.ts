import { describe, expect, it } from 'vitest'
import { consolePageOf, consoleSectionsOf, sectionOfPage } from './console-view.ts'
import { movedInList, sitePathOf, siteViewOf } from './site-view.ts'

describe('the site section', () => {
  it('opens to admins only', () => {
    expect(consoleSectionsOf(['admin'])).toContain('site')
    for (const role of ['editor', 'analyst', 'support'] as const) {
      expect(consoleSectionsOf([role])).not.toContain('site')
    }
  })

  it('reads its tabs and a text editor from the address, and writes them back', () => {
    expect(consolePageOf('site')).toEqual({ page: 'site', view: { tab: 'texts', text: null } })
    expect(consolePageOf('site/redirects/')).toEqual({ page: 'site', view: { tab: 'redirects' } })
    const editor = consolePageOf('site/texts/privacy-policy/zh-Hant')
    expect(editor).toEqual({
      page: 'site',
      view: { tab: 'texts', text: { key: 'privacy-policy', locale: 'zh-Hant' } },
    })
    expect(sectionOfPage(editor)).toBe('site')
    if (editor.page === 'site')
      expect(sitePathOf(editor.view)).toBe('/console/site/texts/privacy-policy/zh-Hant')
    expect(sitePathOf({ tab: 'prices' })).toBe('/console/site/prices')
  })

  it('knows no text or tab it does not have', () => {
    expect(siteViewOf('site/texts/careers/en')).toBeNull()
    expect(siteViewOf('site/texts/about-us/fr')).toBeNull()
    expect(consolePageOf('site/settings')).toEqual({ page: 'unknown' })
  })
})

describe('movedInList', () => {
  it('moves an item one place and leaves the ends alone', () => {
    expect(movedInList(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b'])
    expect(movedInList(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
    expect(movedInList(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c'])
    expect(movedInList(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c'])
  })
})
