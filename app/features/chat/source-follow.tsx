/**
 * The follow control beside a source of an answer that is about one stock (issue 25): the stocks an answer names
 * can be followed from it. Fetched after the chat page's own code (the JS budget).
 */
import { FollowButton } from '#app/features/watchlists/follow-button.tsx'
import type { ChatSource } from '#contracts/chat-rules.ts'
import { type Market, markets } from '#contracts/regions.ts'

/** The stock a source is about, read from its diagnosis link (`/ai-stock-diagnosis?code=…&market=…`). */
export function stockOfSource(source: ChatSource): { market: Market; code: string } | null {
  if (!source.href.startsWith('/ai-stock-diagnosis?')) return null
  const params = new URLSearchParams(source.href.slice(source.href.indexOf('?') + 1))
  const market = params.get('market')
  const code = params.get('code')
  if (!code || !market || !(markets as readonly string[]).includes(market)) return null
  return { market: market as Market, code }
}

export function SourceFollow({ source }: { source: ChatSource }) {
  const stock = stockOfSource(source)
  if (!stock) return null
  return (
    <FollowButton market={stock.market} code={stock.code} name={source.title.split(' — ')[0] ?? stock.code} />
  )
}
