import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pngSizeOf } from '#server/testing/png-size.ts'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'
import { registerArticleMediaRoutes } from './article-media.routes.ts'
import { siteShareDrawing } from './cover-art.ts'

let runtime: TestRuntime
beforeAll(async () => {
  runtime = await createTestRuntime({ MEDIA_RENDER_RATE_PER_MINUTE: '3' })
})
afterAll(() => runtime.close())

let nextAddress = 1
const get = (url: string, headers: Record<string, string> = {}, ip = `10.7.0.${nextAddress++}`) =>
  runtime.app.inject({ url, headers: { ...regionalHeaders('en'), ...headers }, remoteAddress: ip })

describe('GET /media/covers/{drawing}.v{n}.svg', () => {
  it('serves a variant of a drawing, different from the drawing and from the next variant', async () => {
    const [drawing, first, second] = await Promise.all([
      get('/media/covers/earnings-season.svg'),
      get('/media/covers/earnings-season.v1.svg'),
      get('/media/covers/earnings-season.v2.svg'),
    ])
    for (const answer of [drawing, first, second]) {
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-type']).toContain('image/svg+xml')
      expect(answer.headers['content-security-policy']).toContain("default-src 'none'")
      expect(answer.headers.etag).toMatch(/^"[\w-]+"$/)
    }
    expect(new Set([drawing.body, first.body, second.body]).size).toBe(3)
    const again = await get('/media/covers/earnings-season.v1.svg', {
      'if-none-match': String(first.headers.etag),
    })
    expect(again.statusCode).toBe(304)
  })

  it.each([
    'earnings-season.v0.svg',
    'earnings-season.v60.svg',
    'none.v1.svg',
    'none.png',
    'earnings-season.gif',
  ])('answers 404 for %s', async (name) => {
    expect((await get(`/media/covers/${name}`)).statusCode).toBe(404)
  })
})

describe('GET /media/covers/{name}.png and /media/share/site.png', () => {
  it('renders a cover as a 1200 × 630 PNG, cached a week with an ETag', async () => {
    for (const url of ['/media/covers/ai-semiconductors.v2.png', '/media/share/site.png']) {
      const first = await get(url)
      expect(first.statusCode, url).toBe(200)
      expect(first.headers['content-type']).toBe('image/png')
      expect(first.headers['cache-control']).toBe('public, max-age=604800')
      expect(pngSizeOf(first.rawPayload)).toEqual({ width: 1200, height: 630 })
      const etag = String(first.headers.etag)
      const revalidated = await get(url, { 'if-none-match': `W/"other", ${etag}` })
      expect(revalidated.statusCode).toBe(304)
      expect(revalidated.rawPayload.length).toBe(0)
      expect(revalidated.headers.etag).toBe(etag)
    }
  })

  it('counts only renders against the limit per address: kept images are always sent', async () => {
    const ip = '10.7.9.9'
    for (const variant of [11, 12, 13])
      expect((await get(`/media/covers/valuation-basics.v${variant}.png`, {}, ip)).statusCode).toBe(200)
    expect((await get('/media/covers/valuation-basics.v14.png', {}, ip)).statusCode).toBe(429)
    for (let i = 0; i < 5; i++)
      expect((await get('/media/covers/valuation-basics.v11.png', {}, ip)).statusCode).toBe(200)
    expect((await get('/media/covers/valuation-basics.v14.png', {}, '10.7.9.10')).statusCode).toBe(200)
  })
})

describe('the media routes’ limits', () => {
  it('serves no drawing past the size limit, and renders none', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'covers-'))
    const app = Fastify({ logger: false })
    try {
      await writeFile(
        join(folder, 'big.svg'),
        siteShareDrawing.replace('</svg>', `<!--${'x'.repeat(70_000)}--></svg>`),
      )
      await writeFile(join(folder, 'fine.svg'), siteShareDrawing)
      let renders = 0
      registerArticleMediaRoutes(app, {
        coversDirectory: folder,
        render: async () => {
          renders++
          return Buffer.from('png')
        },
      })
      for (const name of ['big.svg', 'big.png', 'big.v1.svg'])
        expect((await app.inject({ url: `/media/covers/${name}` })).statusCode, name).toBe(404)
      expect(renders).toBe(0)
      const answers = await Promise.all([1, 2, 3].map(() => app.inject({ url: '/media/covers/fine.png' })))
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200])
      expect(renders).toBe(1)
    } finally {
      await app.close()
      await rm(folder, { recursive: true, force: true })
    }
  })
})
