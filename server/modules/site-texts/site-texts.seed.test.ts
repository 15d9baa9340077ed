import { readdir } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { SiteTextDataInput } from '#contracts/console-site.ts'
import { type Locale, locales } from '#contracts/regions.ts'
import { SiteTextData, SiteTextKey } from '#contracts/site.ts'
import { renderMarkdown } from '#server/text/render-markdown.ts'
import { loadSiteTextSeed, parseSiteTextMarkdown, type SiteTextSeedRow } from './site-texts.seed.ts'

const rows = await loadSiteTextSeed()

function rowFor(key: SiteTextKey, locale: Locale): SiteTextSeedRow {
  const row = rows.find((r) => r.key === key && r.locale === locale)
  if (!row) throw new Error(`no seed row for ${key} in ${locale}`)
  return row
}

function bothLanguages(key: SiteTextKey): [SiteTextSeedRow, SiteTextSeedRow] {
  return [rowFor(key, 'en'), rowFor(key, 'zh-Hant')]
}

/** Texts whose page draws only structured data. */
const dataOnlyKeys: SiteTextKey[] = ['footer']

/** Characters that exist only in Simplified Chinese; a Traditional Chinese text must contain none of them. */
const simplifiedOnly = /[们这个务资险关为说时会发对国学产业数实现经过还没让请应动点问题页级简单择网络]/

describe('loadSiteTextSeed', () => {
  it('gives every key exactly once in each language', () => {
    expect(rows).toHaveLength(SiteTextKey.options.length * locales.length)
    for (const key of SiteTextKey.options) {
      for (const locale of locales) {
        expect(rows.filter((r) => r.key === key && r.locale === locale)).toHaveLength(1)
      }
    }
  })

  it('has a seed file for every key and no file without a key', async () => {
    for (const locale of locales) {
      const files = await readdir(new URL(`./seed/${locale}/`, import.meta.url))
      expect(files.sort()).toEqual(SiteTextKey.options.map((key) => `${key}.md`).sort())
    }
  })

  it('gives every text a title and every page a body, leaving only data-only texts without one', () => {
    for (const row of rows) {
      expect(row.title.trim(), `${row.locale}/${row.key}`).not.toBe('')
      expect(row.title, `${row.locale}/${row.key}`).not.toMatch(/^#/)
      if (dataOnlyKeys.includes(row.key)) continue
      expect(row.bodyMarkdown.length, `${row.locale}/${row.key}`).toBeGreaterThan(200)
    }
  })

  it('gives structured data that matches the wire contract', () => {
    for (const row of rows)
      expect(() => SiteTextData.parse(row.data), `${row.locale}/${row.key}`).not.toThrow()
  })

  it("gives structured parts an admin may save unchanged (the console's bounds and link rule)", () => {
    for (const row of rows)
      expect(SiteTextDataInput.safeParse(row.data).error, `${row.locale}/${row.key}`).toBeUndefined()
  })

  it('uses no level-one headings in bodies, since the title is the page heading', () => {
    for (const row of rows) expect(row.bodyMarkdown, `${row.locale}/${row.key}`).not.toMatch(/^# /m)
  })

  it('renders every body to HTML without losing its tables or headings', () => {
    for (const row of rows) {
      const html = renderMarkdown(row.bodyMarkdown)
      const tables = row.bodyMarkdown.match(/^\|---/gm)?.length ?? 0
      expect(html.match(/<table>/g)?.length ?? 0, `${row.locale}/${row.key}`).toBe(tables)
      const headings = row.bodyMarkdown.match(/^## /gm)?.length ?? 0
      expect(html.match(/<h2>/g)?.length ?? 0, `${row.locale}/${row.key}`).toBe(headings)
    }
  })

  it('contains no unfinished-writing markers', () => {
    for (const row of rows) {
      const text = `${row.title}\n${row.bodyMarkdown}\n${JSON.stringify(row.data)}`
      expect(text, `${row.locale}/${row.key}`).not.toMatch(/TODO|FIXME|TBD|lorem|ipsum|\{\{|\[\[/i)
    }
  })

  it('writes the Traditional Chinese texts without Simplified-only characters', () => {
    for (const row of rows.filter((r) => r.locale === 'zh-Hant')) {
      const text = `${row.title}\n${row.bodyMarkdown}\n${JSON.stringify(row.data)}`
      expect(text.match(simplifiedOnly)?.[0], row.key).toBeUndefined()
    }
  })

  it('names the company consistently in each language', () => {
    for (const row of rows) {
      const text = `${row.title}\n${row.bodyMarkdown}\n${JSON.stringify(row.data)}`
      expect(text, `${row.locale}/${row.key}`).not.toMatch(/TickerWise|TICKERWISE|智选|智慧選/)
      if (row.locale === 'zh-Hant') {
        // In Chinese the English name appears only as a gloss right after the Chinese one.
        expect(text.replaceAll('智選研究（Tickerwise）', ''), row.key).not.toContain('Tickerwise')
      }
    }
    expect(rowFor('about-us', 'zh-Hant').bodyMarkdown).toContain('智選研究（Tickerwise）')
  })

  it('keeps the same internal links in both languages of every page', () => {
    const internalLinks = (markdown: string) =>
      [...markdown.matchAll(/\]\((\/[^)\s]*)\)/g)].map((m) => m[1]).sort()
    for (const key of SiteTextKey.options) {
      const [en, zh] = bothLanguages(key)
      expect(internalLinks(zh.bodyMarkdown), key).toEqual(internalLinks(en.bodyMarkdown))
    }
  })
})

describe('about-us', () => {
  it('states the marketing claims in the body of both languages', () => {
    const [en, zh] = bothLanguages('about-us')
    expect(en.bodyMarkdown).toContain('over 8,000 clients')
    expect(en.bodyMarkdown).toContain('20,000+ private users')
    expect(en.bodyMarkdown).toContain('30 years of experience')
    expect(zh.bodyMarkdown).toContain('超過 8,000 位客戶')
    expect(zh.bodyMarkdown).toContain('20,000+ 名私人用戶')
    expect(zh.bodyMarkdown).toContain('30 年經驗')
  })

  it('gives the same stats in both languages, each labelled as a heading in its language', () => {
    const [en, zh] = bothLanguages('about-us')
    expect(en.data.stats).toEqual([
      { value: '8,000+', label: 'Clients' },
      { value: '20,000+', label: 'Private users' },
      { value: '30', label: 'Years of experience' },
    ])
    expect(zh.data.stats?.map((s) => s.value)).toEqual(['8,000+', '20,000+', '30'])
    for (const stat of zh.data.stats ?? []) expect(stat.label).not.toBe('')
  })

  it('describes the research method, independence and conflicts-of-interest policy', () => {
    const [en, zh] = bothLanguages('about-us')
    for (const heading of ['## How we research', '## Independence', '## Conflicts of interest']) {
      expect(en.bodyMarkdown).toContain(heading)
    }
    for (const heading of ['## 我們如何做研究', '## 獨立性', '## 利益衝突政策'])
      expect(zh.bodyMarkdown).toContain(heading)
  })
})

describe('service', () => {
  it('lines up the service groups and their items between languages', () => {
    const [en, zh] = bothLanguages('service')
    const shape = (row: SiteTextSeedRow) => row.data.groups?.map((g) => g.content.length)
    expect(shape(en)?.length).toBeGreaterThanOrEqual(5)
    expect(shape(zh)).toEqual(shape(en))
    for (const row of [en, zh]) {
      for (const group of row.data.groups ?? []) {
        expect(group.title).not.toBe('')
        for (const item of group.content) expect(item.description).not.toBe('')
      }
    }
  })

  it('states the tier allowances and the first-time refund', () => {
    const [en, zh] = bothLanguages('service')
    const enText = JSON.stringify(en.data.groups)
    for (const fact of [
      'Base: 5 stock picks and 20',
      'Plus: 10 stock picks and 30',
      'Premium: 30+ stock picks and 60',
    ]) {
      expect(enText).toContain(fact)
    }
    expect(enText).toContain('7 days')
    const zhText = JSON.stringify(zh.data.groups)
    for (const fact of ['5 檔精選股、20 次', '10 檔精選股、30 次', '30 檔以上精選股、60 次', '7 天']) {
      expect(zhText).toContain(fact)
    }
  })

  it('names every contact channel without hard-coding their details', () => {
    const [en, zh] = bothLanguages('service')
    for (const row of [en, zh]) {
      const text = JSON.stringify(row.data.groups)
      for (const channel of ['WhatsApp', 'Line', 'KakaoTalk', 'Telegram']) expect(text).toContain(channel)
      expect(text).not.toMatch(/\+\d{2,3}[\s\d]{6,}|@tickerwise/)
    }
  })

  it('never states a price', () => {
    for (const row of bothLanguages('service')) {
      const text = `${row.bodyMarkdown}\n${JSON.stringify(row.data)}`
      expect(text).not.toMatch(
        /(US|HK|NT)?\$\s?\d|[¥₩€£]\s?\d|\d\s?(USD|HKD|TWD|JPY|KRW)|港幣|港元|美元|新台幣|日圓|韓圜/,
      )
    }
  })
})

describe('history', () => {
  it('lines up the milestones between languages, in order, over thirty years', () => {
    const [en, zh] = bothLanguages('history')
    const enYears = en.data.milestones?.map((m) => m.year) ?? []
    expect(enYears.length).toBeGreaterThanOrEqual(8)
    expect(enYears.length).toBeLessThanOrEqual(10)
    expect(zh.data.milestones?.map((m) => m.year)).toEqual(enYears)
    expect([...enYears].sort()).toEqual(enYears)
    expect(enYears[0]).toBe('1996')
    for (const m of [...(en.data.milestones ?? []), ...(zh.data.milestones ?? [])]) {
      expect(m.title).not.toBe('')
      expect(m.description).not.toBe('')
    }
  })
})

describe('policies and information pages', () => {
  it('gives the important-information page the portfolio guidance and the DEMO label rule', () => {
    const [en, zh] = bothLanguages('description')
    expect(en.bodyMarkdown).toContain('about 25 or more stocks')
    expect(en.bodyMarkdown).toContain('at least 5 years')
    expect(en.bodyMarkdown).toContain('DEMO')
    expect(zh.bodyMarkdown).toContain('大約 25 檔或以上的股票')
    expect(zh.bodyMarkdown).toContain('持有至少 5 年')
    expect(zh.bodyMarkdown).toContain('DEMO')
  })

  it('lists every cookie the site sets, with the lifetimes the site uses', () => {
    for (const row of bothLanguages('cookie-policy')) {
      for (const name of ['i18n_redirected', 'privacy', 'referer', 'landing', 'searchKey', 'userInfo']) {
        expect(row.bodyMarkdown, `${row.locale}: ${name}`).toContain(`\`${name}\``)
      }
      expect(row.bodyMarkdown).toContain('HttpOnly')
    }
    const [en, zh] = bothLanguages('cookie-policy')
    expect(en.bodyMarkdown).toMatch(/`i18n_redirected`.*365 days/)
    expect(en.bodyMarkdown).toMatch(/`privacy`.*365 days/)
    expect(en.bodyMarkdown).toMatch(/`userInfo`.*15 days/)
    for (const name of ['referer', 'landing', 'searchKey'])
      expect(en.bodyMarkdown).toMatch(new RegExp(`\`${name}\`.*1 hour`))
    expect(zh.bodyMarkdown).toMatch(/`i18n_redirected`.*365 天/)
    expect(zh.bodyMarkdown).toMatch(/`userInfo`.*15 天/)
    for (const name of ['referer', 'landing', 'searchKey'])
      expect(zh.bodyMarkdown).toMatch(new RegExp(`\`${name}\`.*1 小時`))
  })

  it('names the data protection laws of each market in the privacy policy', () => {
    const [en, zh] = bothLanguages('privacy-policy')
    for (const law of ['PDPO', 'PDPA', 'APPI', 'PIPA', 'GDPR']) expect(en.bodyMarkdown).toContain(law)
    for (const law of ['個人資料（私隱）條例', '個人資料保護法', 'APPI', 'PIPA', 'GDPR'])
      expect(zh.bodyMarkdown).toContain(law)
  })

  it('states Hong Kong law and the first-time refund in the user agreement', () => {
    const [en, zh] = bothLanguages('user-agreement')
    expect(en.bodyMarkdown).toContain('laws of the Hong Kong Special Administrative Region')
    expect(en.bodyMarkdown).toContain('7-day no-reason refund for first-time subscribers')
    expect(zh.bodyMarkdown).toContain('香港特別行政區法律')
    expect(zh.bodyMarkdown).toContain('首次訂閱 7 天無理由退款')
  })

  it('leaves contact details to the page configuration', () => {
    for (const row of bothLanguages('contact-us')) {
      expect(row.bodyMarkdown).not.toMatch(/\+\d{2,3}[\s\d]{6,}|@tickerwise|wa\.me|t\.me/)
    }
  })
})

describe('footer', () => {
  it('links to the same pages in both languages, with a tagline in each', () => {
    const [en, zh] = bothLanguages('footer')
    expect(en.title).toBe('Footer')
    expect(zh.title).toBe('頁尾')
    expect(en.data.links?.map((l) => l.href)).toEqual([
      '/user-agreement',
      '/privacy-policy',
      '/cookie-policy',
      '/description',
      '/about-us',
      '/service',
      '/company-history',
      '/contact-us',
    ])
    expect(zh.data.links?.map((l) => l.href)).toEqual(en.data.links?.map((l) => l.href))
    expect(en.data.tagline).toBe('Independent research for the markets you invest in')
    expect(zh.data.tagline).toBeTruthy()
  })

  it('labels each link with the title of the page it opens', () => {
    const keyOfHref = (href: string): SiteTextKey =>
      SiteTextKey.parse(href === '/company-history' ? 'history' : href.slice(1))
    for (const locale of locales) {
      for (const link of rowFor('footer', locale).data.links ?? []) {
        expect(link.label, `${locale} ${link.href}`).toBe(rowFor(keyOfHref(link.href), locale).title)
      }
    }
  })
})

describe('parseSiteTextMarkdown', () => {
  it('takes the title from the first line and trims the body', () => {
    expect(parseSiteTextMarkdown('\uFEFF# About us\r\n\r\nHello.\r\n', 'x.md')).toEqual({
      title: 'About us',
      bodyMarkdown: 'Hello.',
    })
  })

  it('accepts a title with no body', () => {
    expect(parseSiteTextMarkdown('# Footer\n', 'x.md')).toEqual({ title: 'Footer', bodyMarkdown: '' })
  })

  it('refuses a file whose first line is not a title', () => {
    expect(() => parseSiteTextMarkdown('About us\n\nHello.', 'en/about-us.md')).toThrow(/en\/about-us\.md/)
    expect(() => parseSiteTextMarkdown('## About us', 'x.md')).toThrow()
  })
})
