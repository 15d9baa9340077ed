/**
 * A company listed twice in our universe (Alibaba: 9988 in Hong Kong and the BABA ADR in New York): an answer about
 * one line names the other and says which one it answers, in both languages, so the two sites never seem to
 * disagree without saying why. Lines are the same company when their English names match but for "(ADR)".
 */
import type { Market } from '#contracts/regions.ts'
import { universe } from '#server/providers/market-data/universe.ts'
import { displayCode, marketLabels } from '../../tools/tool-format.ts'
import type { Writer } from './answer-writer.ts'

const baseName = (name: string) =>
  name
    .replace(/\s*\(ADR\)\s*$/i, '')
    .trim()
    .toLowerCase()

export function otherListings(market: Market, code: string) {
  const self = universe.find((c) => c.market === market && c.code === code)
  if (!self) return []
  return universe.filter((c) => c !== self && baseName(c.nameEn) === baseName(self.nameEn))
}

export function writeOtherListings(w: Writer, market: Market, code: string): void {
  const others = otherListings(market, code)
  if (others.length === 0) return
  const self = displayCode(code, market)
  const names = others.map((o) => `${displayCode(o.code, o.market)} (${marketLabels[o.market][w.locale]})`)
  w.lines.push(
    w.zh
      ? `這家公司亦以 ${names.join('、')} 上市；以上回答針對 ${self}。`
      : `This company is also listed as ${names.join(', ')}; this answer is for ${self}.`,
  )
}
