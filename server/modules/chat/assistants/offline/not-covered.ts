/**
 * A company the question names that we do not cover: the answer says so by name, and names the nearest covered peers
 * (out-of-coverage.ts) in the reader's language, so "Compare Apple and Palantir" says which one is not covered.
 */
import type { Locale } from '#contracts/regions.ts'
import { findListing } from '#server/providers/market-data/universe.ts'
import { displayCode } from '../../tools/tool-format.ts'
import type { Writer } from './answer-writer.ts'
import type { UncoveredCompany } from './out-of-coverage.ts'

function peerNames(company: UncoveredCompany, locale: Locale): string[] {
  return company.peers.flatMap(({ market, code }) => {
    const listing = findListing(market, code)
    if (!listing) return []
    const name = locale === 'zh-Hant' ? listing.company.nameZh : listing.company.nameEn
    return [`${name} (${displayCode(code, market)})`]
  })
}

export function writeNotCovered(w: Writer, companies: UncoveredCompany[]): void {
  if (companies.length > 0) w.declined ??= 'not_covered'
  for (const company of companies) {
    const name = company.label[w.locale]
    const peers = peerNames(company, w.locale)
    if (w.zh)
      w.lines.push(
        `本站沒有覆蓋 **${name}**：它不在本站覆蓋的美股、港股、日股及韓股公司之中。${
          peers.length > 0 ? `最接近的已覆蓋同業：${peers.join('、')}。` : ''
        }`,
      )
    else
      w.lines.push(
        `We do not cover **${name}**: it is not among the US, Hong Kong, Japan and Korea companies we cover.${
          peers.length > 0
            ? ` The nearest covered ${peers.length > 1 ? 'peers are' : 'peer is'} ${peers.join(', ')}.`
            : ''
        }`,
      )
  }
}
