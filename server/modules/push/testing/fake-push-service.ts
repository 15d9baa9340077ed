/**
 * A push service on this machine that speaks the Web Push protocol as the browsers' do (RFC 8030): it takes a POST
 * per message at a device's endpoint, checks the VAPID `Authorization` (RFC 8292: an ES256 JWT for its own origin,
 * signed by the key it names), the `TTL` and the `aes128gcm` content encoding, and answers 201. A device made with
 * `createDevice` holds its own P-256 key pair and auth secret, as a browser's subscription does, and decrypts what it
 * received (RFC 8291, RFC 8188) with node:crypto alone. A device can be made gone (410) or the service busy (503).
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedPush {
  deviceId: string
  headers: IncomingMessage['headers']
  /** The VAPID JWT's claims and public key, once verified. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string }
  body: Buffer
}

export interface FakeDevice {
  id: string
  /** What `PushSubscription.toJSON()` gives the page. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } }
  /** The plaintext of an aes128gcm body sent to this device. */
  decrypt(body: Buffer): string
}

function base64UrlJson(part: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>
}

/** Checks `vapid t=<jwt>, k=<key>` for the origin; the claims, or a reason it is refused. */
export function verifyVapid(
  authorization: string | undefined,
  origin: string,
  nowSeconds: number,
): ReceivedPush['vapid'] | string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '')
  if (!match?.[1] || !match[2]) return 'no vapid authorization'
  const [token, key] = [match[1], match[2]]
  const [header, claims, signature] = token.split('.')
  if (!header || !claims || !signature) return 'malformed jwt'
  if (base64UrlJson(header).alg !== 'ES256') return 'not ES256'
  const point = Buffer.from(key, 'base64url')
  if (point.length !== 65 || point[0] !== 4) return 'not an uncompressed P-256 key'
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  })
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!signed) return 'bad signature'
  const { aud, exp, sub } = base64UrlJson(claims) as { aud: string; exp: number; sub: string }
  if (aud !== origin) return `audience ${aud} is not ${origin}`
  if (typeof exp !== 'number' || exp <= nowSeconds || exp > nowSeconds + 24 * 60 * 60) return 'bad expiry'
  if (!/^(mailto:|https:)/.test(sub)) return 'bad subject'
  return { aud, exp, sub, publicKey: key }
}

/** RFC 8291 §3.4 and RFC 8188 §2: one record, as every push message is (at most 4 kB). */
export function decryptAes128gcm(
  body: Buffer,
  device: { privateKey: Buffer; publicKey: Buffer; auth: Buffer },
): string {
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const keyIdLength = body.readUInt8(20)
  const senderPublicKey = body.subarray(21, 21 + keyIdLength)
  const record = body.subarray(21 + keyIdLength)
  if (record.length > recordSize) throw new Error('more than one record')
  const ecdh = createECDH('prime256v1')
  ecdh.setPrivateKey(device.privateKey)
  const sharedSecret = ecdh.computeSecret(senderPublicKey)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, senderPublicKey])
  const inputKey = Buffer.from(hkdfSync('sha256', sharedSecret, device.auth, keyInfo, 32))
  const contentKey = Buffer.from(
    hkdfSync('sha256', inputKey, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  )
  const nonce = Buffer.from(hkdfSync('sha256', inputKey, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  // The last record ends with 0x02 and any zero padding after it.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end -= 1
  if (padded[end] !== 2) throw new Error('not the last record')
  return padded.subarray(0, end).toString('utf8')
}

export interface FakePushService {
  origin: string
  received: ReceivedPush[]
  /** Requests refused, with the reason (a test expects none). */
  refused: string[]
  createDevice(): FakeDevice
  /** The device's endpoint answers 410 Gone from now on, as after the browser unsubscribed. */
  forget(deviceId: string): void
  /** Every endpoint answers 503 while busy. */
  setBusy(busy: boolean): void
  close(): Promise<void>
}

export async function startFakePushService(host = '127.0.0.1'): Promise<FakePushService> {
  const received: ReceivedPush[] = []
  const refused: string[] = []
  const gone = new Set<string>()
  let busy = false
  let origin = ''
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const deviceId = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1]
      const refuse = (status: number, reason: string) => {
        refused.push(reason)
        response.writeHead(status).end(reason)
      }
      if (request.method !== 'POST' || !deviceId) return refuse(404, 'no such endpoint')
      if (gone.has(deviceId)) return response.writeHead(410).end()
      if (busy) return response.writeHead(503).end()
      const vapid = verifyVapid(request.headers.authorization, origin, Math.floor(Date.now() / 1000))
      if (typeof vapid === 'string') return refuse(403, vapid)
      if (!/^\d+$/.test(String(request.headers.ttl ?? ''))) return refuse(400, 'no TTL')
      if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'not aes128gcm')
      received.push({ deviceId, headers: request.headers, vapid, body: Buffer.concat(chunks) })
      response.writeHead(201, { location: `${origin}/message/${received.length}` }).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  origin = `http://${host}:${(server.address() as AddressInfo).port}`
  return {
    origin,
    received,
    refused,
    createDevice() {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const keys = { privateKey: ecdh.getPrivateKey(), publicKey: ecdh.getPublicKey(), auth: randomBytes(16) }
      const id = randomBytes(12).toString('base64url')
      return {
        id,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: keys.publicKey.toString('base64url'), auth: keys.auth.toString('base64url') },
        },
        decrypt: (body) => decryptAes128gcm(body, keys),
      }
    },
    forget: (deviceId) => gone.add(deviceId),
    setBusy: (next) => {
      busy = next
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
