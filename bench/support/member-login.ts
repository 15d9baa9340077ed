/**
 * A new member logged in by SMS code through the development outbox (the bench server runs with
 * TEST_ENDPOINTS=loopback): a fresh Hong Kong mobile number, its sendCode, the code read back, the login.
 */
import { randomInt } from 'node:crypto'
import { toE164Mobile } from '#contracts/mobile-number.ts'
import type { BenchProcess } from './bench-process.ts'

export interface BenchMember {
  /** The number in E.164 (for `ops` commands that take one). */
  e164: string
  token: string
  /** Headers of a JSON call on the English site, the member's token included. */
  headers: Record<string, string>
}

/** A mobile number that parses as a Hong Kong mobile, and its E.164 form. */
export function newHongKongMobile(): { mobile: string; e164: string } {
  for (;;) {
    const mobile = `6${String(randomInt(0, 10_000_000)).padStart(7, '0')}`
    const e164 = toE164Mobile('HK', mobile)
    if (e164) return { mobile, e164 }
  }
}

export async function logInNewMember(
  server: Pick<BenchProcess, 'url' | 'hostOf'>,
  number: { mobile: string; e164: string } = newHongKongMobile(),
): Promise<BenchMember> {
  const { mobile, e164 } = number
  const host = server.hostOf('en')
  const headers = { host, origin: `http://${host}`, 'content-type': 'application/json' }
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}/api/portal${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
  if (!(await post('/member/sendCode', { country: 'HK', mobile })).ok) throw new Error('sendCode failed')
  const outbox = await fetch(`${server.url}/api/portal/dev/sms-outbox?phone=${encodeURIComponent(e164)}`)
  const code = /\b(\d{6})\b/.exec(
    ((await outbox.json()) as { data: { body: string }[] }).data[0]?.body ?? '',
  )?.[1]
  const login = await post('/member/login', { country: 'HK', mobile, code, agreed: true })
  const token = /access_token=([^;]+)/.exec(login.headers.getSetCookie().join('\n'))?.[1]
  if (!token) throw new Error(`login failed: ${login.status}`)
  return { e164, token, headers: { ...headers, 'x-token': token } }
}
