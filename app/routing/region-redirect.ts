/**
 * Which regional site a visitor on the apex (or www) host belongs to (spec §2, route check 3): their remembered
 * choice (cookie i18n_redirected) first, then the browser's languages.
 */
import { type Region, Region as RegionSchema } from '#contracts/regions.ts'

export function regionFromAcceptLanguage(header: string | null): Region {
  const tags = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.find((p) => p.trim().startsWith('q='))
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 }
    })
    .filter((entry) => entry.tag && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q)
  for (const { tag } of tags) {
    if (tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant-hk') || tag.startsWith('zh-hant-mo'))
      return 'hk'
    if (tag.startsWith('zh')) return 'hant'
    if (tag.startsWith('ko')) return 'kr'
    if (tag.startsWith('ja')) return 'jp'
    if (tag.startsWith('en')) return 'en'
  }
  return 'en'
}

export function chooseRegion(rememberedChoice: string | undefined, acceptLanguage: string | null): Region {
  const remembered = RegionSchema.safeParse(rememberedChoice)
  return remembered.success ? remembered.data : regionFromAcceptLanguage(acceptLanguage)
}
