/**
 * The site's random values and keyed hashes, and how each is stored (the kernel's: accounts makes sessions, codes and
 * hand-over passes with them; reader identification, page loaders and connection limits read devices and networks):
 * - session tokens: 256 random bits, base64url; stored as SHA-256 (a token has too much entropy to guess, so a
 *   plain fast hash is enough and a database leak gives no usable token);
 * - login codes: 6 digits from the CSPRNG; stored as HMAC-SHA-256 keyed with AUTH_SECRET and bound to the number.
 *   A code has only 10^6 values, so any unkeyed hash — even scrypt — is reversed by trying them all; the key,
 *   which is not in the database, is what protects it. HMAC costs microseconds, so verifying cannot be used to
 *   load the CPU (scrypt would be, at no gain in safety);
 * - device ids: 128 random bits in the tw_device cookie; quotas see only a keyed hash of them;
 * - hand-over passes and states (ADR 0010): made, checked and stored exactly as session tokens are.
 */
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto'
import { isIPv4, isIPv6 } from 'node:net'

const tokenPattern = /^[A-Za-z0-9_-]{43}$/
const devicePattern = /^[A-Za-z0-9_-]{22}$/

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Cheap shape check first, so garbage never reaches the database. */
export function isSessionTokenShape(value: string | undefined): value is string {
  return typeof value === 'string' && tokenPattern.test(value)
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

export const newHandoverSecret = newSessionToken
export const isHandoverSecretShape = isSessionTokenShape
export const hashHandoverSecret = hashSessionToken

export function newLoginCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0')
}

export function hashLoginCode(secret: string, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`login-code\u0000${phone}\u0000${code}`).digest('base64url')
}

export function newDeviceId(): string {
  return randomBytes(16).toString('base64url')
}

export function isDeviceId(value: string | undefined): value is string {
  return typeof value === 'string' && devicePattern.test(value)
}

/** A keyed hash, so stored keys cannot be turned back into device ids or IP addresses. */
export function keyedHash(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}\u0000${value}`).digest('base64url').slice(0, 32)
}

/** The network a request comes from: an IPv4 address, or the /64 of an IPv6 address (one household or phone). */
export function networkOf(ip: string | undefined): string | undefined {
  if (!ip) return undefined
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped?.[1]) return mapped[1]
  if (isIPv4(ip)) return ip
  if (!isIPv6(ip)) return undefined
  const [head = '', tail = ''] = ip.split('::')
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const missing = ip.includes('::') ? 8 - headGroups.length - tailGroups.length : 0
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups]
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`
}
