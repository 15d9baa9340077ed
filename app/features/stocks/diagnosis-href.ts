/** The AI diagnosis of a stock (/ai-stock-diagnosis?code=…&market=…): the link every stock list and the input use. */
import type { Market } from '#contracts/regions.ts'

export function diagnosisHref(code: string, market?: Market | null): string {
  const params = new URLSearchParams({ code })
  if (market) params.set('market', market)
  return `/ai-stock-diagnosis?${params.toString()}`
}
