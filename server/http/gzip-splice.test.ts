import { randomBytes } from 'node:crypto'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { prepareSplicedGzip, splicedGzipBody } from './gzip-splice.ts'

const nonce = () => randomBytes(16).toString('base64url')

describe('a gzip body spliced around a nonce', () => {
  it('decompresses (length and CRC checked) to the page with the new nonce in every place', async () => {
    const cases: string[][] = [
      ['only text, no nonce'],
      ['', ''],
      ['<head>', '<script>', '</script>', '', '<body>'.repeat(2000)],
      Array.from({ length: 60 }, (_, i) => `<link rel="modulepreload" href="/assets/r${i}.js" nonce="`),
      ['x'.repeat(70_000), randomBytes(40_000).toString('hex'), 'tail'],
    ]
    for (const parts of cases) {
      const rendered = nonce()
      const spliced = await prepareSplicedGzip(
        parts.map((part) => Buffer.from(part)),
        rendered,
      )
      for (const fresh of [rendered, nonce(), nonce()]) {
        const body = splicedGzipBody(spliced, fresh)
        expect(zlib.gunzipSync(body).toString()).toBe(parts.join(fresh))
      }
    }
  })

  it('refuses a nonce of another length (the CRC shortcut needs the same places)', async () => {
    const spliced = await prepareSplicedGzip([Buffer.from('a'), Buffer.from('b')], nonce())
    expect(() => splicedGzipBody(spliced, 'short')).toThrow(/length/)
  })
})
