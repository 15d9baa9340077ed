/**
 * Preview links: a token that lets whoever holds it read one unpublished article on the public page until it
 * expires. It is `{article id}.{expiry, seconds}.{HMAC-SHA-256 of both}` under AUTH_SECRET (with a purpose label,
 * so no other signed value of the site can pass for one): nothing is stored, any process can check it, and
 * changing the secret ends every link. Decides the token's form only; what the page shows is the service's.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

const purpose = 'tickerwise:article-preview:v1'

function signatureOf(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${payload}`).digest('base64url')
}

export function signPreviewToken(secret: string, articleId: number, expiresAt: Date): string {
  const payload = `${articleId}.${Math.floor(expiresAt.getTime() / 1000)}`
  return `${payload}.${signatureOf(secret, payload)}`
}

/** The article a token opens, when it is genuine and not expired; else undefined. */
export function readPreviewToken(secret: string, token: string | undefined, now: Date): number | undefined {
  const match = token ? /^(\d{1,15})\.(\d{1,12})\.([\w-]{43})$/.exec(token) : null
  if (!match) return undefined
  const [, id, expires, signature] = match as unknown as [string, string, string, string]
  const expected = Buffer.from(signatureOf(secret, `${id}.${expires}`))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined
  if (Number(expires) * 1000 <= now.getTime()) return undefined
  return Number(id)
}
