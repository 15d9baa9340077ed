/**
 * The follow control in an answer (issue 25): beside a source card about one stock, and beside each stock an answer
 * lists — a diagnosis link in a table's cell or a list's item (markdown.tsx). Stocks named in running text are not
 * given one: a sentence with a star in it reads badly, and the same stock is on its source card below. Fetched
 * after the chat page's own code (the JS budget); the work is the watchlists' (follow-button.tsx: a toggle named
 * "Follow <name>", optimistic with undo).
 */
import { FollowButton } from '#app/features/watchlists/follow-button.tsx'
import type { ChatSource } from '#contracts/chat-rules.ts'
import { type Market, markets } from '#contracts/regions.ts'

/** The stock a site link is about, read from a diagnosis link (`/ai-stock-diagnosis?code=…&market=…`). */
export function stockOfHref(href: string): { market: Market; code: string } | null {
  if (!href.startsWith('/ai-stock-diagnosis?')) return null
  const params = new URLSearchParams(href.slice(href.indexOf('?') + 1))
  const market = params.get('market')
  const code = params.get('code')
  if (!code || !market || !(markets as readonly string[]).includes(market)) return null
  return { market: market as Market, code }
}

/** The stock a source is about, read from its diagnosis link. */
export function stockOfSource(source: ChatSource): { market: Market; code: string } | null {
  return stockOfHref(source.href)
}

export function SourceFollow({ source }: { source: ChatSource }) {
  const stock = stockOfSource(source)
  if (!stock) return null
  return (
    <FollowButton market={stock.market} code={stock.code} name={source.title.split(' — ')[0] ?? stock.code} />
  )
}

/** The control after a stock an answer lists: `name` is the link's text ("Tencent (0700.HK)"). */
export function StockFollow({ href, name }: { href: string; name: string }) {
  const stock = stockOfHref(href)
  if (!stock) return null
  return <FollowButton market={stock.market} code={stock.code} name={name || stock.code} />
}
