import { describe, expect, it } from 'vitest'
import { pngSizeOf } from '#server/testing/png-size.ts'
import { siteShareDrawing } from './cover-art.ts'
import { CoverRenderError, createShareImageCache, maxDrawingBytes, renderSharePng } from './cover-raster.ts'

describe('renderSharePng', () => {
  it('renders a cover drawing as a 1200 × 630 PNG', async () => {
    const png = await renderSharePng(siteShareDrawing)
    expect(pngSizeOf(png)).toEqual({ width: 1200, height: 630 })
  })

  it('refuses a drawing past the size limit or of another shape', async () => {
    const huge = siteShareDrawing.replace('</svg>', `<!--${'x'.repeat(maxDrawingBytes)}--></svg>`)
    await expect(renderSharePng(huge)).rejects.toBeInstanceOf(CoverRenderError)
    const square =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100"/></svg>'
    await expect(renderSharePng(square)).rejects.toBeInstanceOf(CoverRenderError)
  })
})

describe('the share image cache', () => {
  it('renders an image once however many ask at the same time, then keeps it', async () => {
    let renders = 0
    const cache = createShareImageCache({
      render: async () => {
        renders++
        return Buffer.from('png')
      },
    })
    const drawing = async () => '<svg/>'
    const [a, b] = await Promise.all([cache.get('a', drawing), cache.get('a', drawing)])
    expect(renders).toBe(1)
    expect(a).toBe(b)
    expect(a?.etag).toMatch(/^"[\w-]{27}"$/)
    expect(cache.isReady('a')).toBe(true)
    expect(await cache.get('a', drawing)).toBe(a)
    expect(renders).toBe(1)
  })

  it('forgets missing drawings and failed renders, and the least recently asked past its size', async () => {
    let fail = true
    const cache = createShareImageCache({
      maxEntries: 2,
      render: async (svg) => {
        if (fail) throw new Error('boom')
        return Buffer.from(svg)
      },
    })
    expect(await cache.get('missing', async () => undefined)).toBeUndefined()
    await expect(cache.get('a', async () => 'a')).rejects.toThrow('boom')
    expect(cache.size).toBe(0)
    fail = false
    await cache.get('a', async () => 'a')
    await cache.get('b', async () => 'b')
    await cache.get('a', async () => 'a')
    await cache.get('c', async () => 'c')
    expect([cache.isReady('a'), cache.isReady('b'), cache.isReady('c')]).toEqual([true, false, true])
  })
})
