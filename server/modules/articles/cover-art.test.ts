import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  composeCoverVariant,
  coverVariantCount,
  coverVariantFileName,
  coverVariantStyle,
  parseCoverDrawing,
  parseCoverFileName,
  siteShareDrawing,
} from './cover-art.ts'
import { defaultSeedCoversDirectory } from './seed/seed-corpus.ts'

async function shippedDrawings() {
  const files = (await readdir(defaultSeedCoversDirectory)).filter((name) => name.endsWith('.svg'))
  return Promise.all(
    files.map(async (file) => ({
      file,
      svg: await readFile(join(defaultSeedCoversDirectory, file), 'utf8'),
    })),
  )
}

describe('cover variants', () => {
  it('can vary every shipped cover drawing', async () => {
    for (const { file, svg } of await shippedDrawings()) {
      const drawing = parseCoverDrawing(svg)
      expect(drawing, file).toBeDefined()
      expect(drawing?.from, file).toMatch(/^#[0-9a-f]{6}$/)
      expect(drawing?.motif.length, file).toBeGreaterThan(100)
    }
  })

  it('makes every variant of a drawing different, and consecutive ones different in hue, pattern and layout', async () => {
    const svg = (await shippedDrawings())[0]?.svg ?? ''
    const drawing = parseCoverDrawing(svg)
    if (!drawing) throw new Error('unparsed')
    const variants = Array.from({ length: coverVariantCount - 1 }, (_, i) =>
      composeCoverVariant(drawing, i + 1),
    )
    expect(new Set([svg, ...variants]).size).toBe(coverVariantCount)
    for (let variant = 1; variant < coverVariantCount - 1; variant++) {
      const [a, b] = [coverVariantStyle(variant), coverVariantStyle(variant + 1)]
      expect(a.hueTurn, `${variant}`).not.toBe(b.hueTurn)
      expect(a.pattern, `${variant}`).not.toBe(b.pattern)
      expect(a.layout, `${variant}`).not.toBe(b.layout)
    }
  })

  it('keeps variants small, text-free and the size of a share image', async () => {
    for (const { file, svg } of await shippedDrawings()) {
      const drawing = parseCoverDrawing(svg)
      if (!drawing) throw new Error(file)
      for (const variant of [1, 2, 3, 4, 59]) {
        const composed = composeCoverVariant(drawing, variant)
        expect(Buffer.byteLength(composed), file).toBeLessThan(5 * 1024)
        expect(composed).toMatch(
          /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* width="1200" height="630">/,
        )
        expect(composed).not.toMatch(/<(text|script|image|foreignObject)\b/)
        expect(composed).toContain(drawing.motif)
      }
    }
    expect(siteShareDrawing).not.toMatch(/<(text|script|image|foreignObject)\b/)
    expect(parseCoverDrawing(siteShareDrawing)).toBeDefined()
  })

  it('leaves a drawing of another layout unvaried', () => {
    expect(parseCoverDrawing('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>')).toBeUndefined()
  })
})

describe('cover file names', () => {
  it('names a drawing, its variants and their share images', () => {
    expect(parseCoverFileName('earnings-season.svg')).toEqual({
      drawing: 'earnings-season',
      variant: 0,
      format: 'svg',
    })
    expect(parseCoverFileName('earnings-season.v3.png')).toEqual({
      drawing: 'earnings-season',
      variant: 3,
      format: 'png',
    })
    expect(coverVariantFileName('earnings-season.svg', 12)).toBe('earnings-season.v12.svg')
    expect(coverVariantFileName('earnings-season.svg', 0)).toBe('earnings-season.svg')
  })

  it.each([
    'earnings-season.v0.svg',
    `earnings-season.v${coverVariantCount}.svg`,
    'earnings-season.v01.svg',
    'earnings-season.jpg',
    '../x.svg',
    'Earnings.svg',
    `${'a'.repeat(81)}.svg`,
  ])('refuses %s', (name) => {
    expect(parseCoverFileName(name)).toBeUndefined()
  })
})
