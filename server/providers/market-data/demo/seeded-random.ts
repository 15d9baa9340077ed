/**
 * The demo generator's only source of randomness: sfc32 (Chris Doty-Humphrey's Small Fast Counter, as published in
 * PractRand) seeded with cyrb128, a 128-bit string hash by bryc. Both are small, well known and fast; neither is
 * cryptographic, which the demo does not need. The same seed parts always give the same sequence, on every
 * platform, because everything is 32-bit integer arithmetic.
 */

export interface SeededRandom {
  /** Uniform in [0, 1). */
  next(): number
  /** Standard normal (mean 0, standard deviation 1), by Box–Muller. */
  normal(): number
  /** Uniform integer in [min, max], both included. */
  integer(min: number, max: number): number
  /** True with probability `p`. */
  chance(p: number): boolean
  pick<T>(items: readonly T[]): T
}

/** cyrb128: four 32-bit words from a string, spread well enough to seed sfc32. */
export function hashToSeed(text: string): [number, number, number, number] {
  let h1 = 1779033703
  let h2 = 3144134277
  let h3 = 1013904242
  let h4 = 2773480762
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i)
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067)
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233)
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213)
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179)
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067)
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233)
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213)
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179)
  h1 ^= h2 ^ h3 ^ h4
  h2 ^= h1
  h3 ^= h1
  h4 ^= h1
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0]
}

/** sfc32 over the given state; returns 32-bit unsigned integers. */
function createSfc32(seed: [number, number, number, number]): () => number {
  let [a, b, c, d] = seed
  return () => {
    a |= 0
    b |= 0
    c |= 0
    d |= 0
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return t >>> 0
  }
}

/** A generator for the stream named by `parts`, e.g. `('tickerwise', 'us:AAPL', 'bars')`. */
export function createSeededRandom(...parts: Array<string | number>): SeededRandom {
  const nextWord = createSfc32(hashToSeed(parts.join('\u001f')))
  // The first outputs of a freshly seeded sfc32 are still close to the seed; discard them.
  for (let i = 0; i < 15; i++) nextWord()
  let spareNormal: number | null = null

  const next = () => nextWord() / 4294967296

  return {
    next,
    normal() {
      if (spareNormal !== null) {
        const value = spareNormal
        spareNormal = null
        return value
      }
      let u = next()
      while (u === 0) u = next()
      const v = next()
      const radius = Math.sqrt(-2 * Math.log(u))
      spareNormal = radius * Math.sin(2 * Math.PI * v)
      return radius * Math.cos(2 * Math.PI * v)
    },
    integer(min, max) {
      return min + Math.floor(next() * (max - min + 1))
    },
    chance(p) {
      return next() < p
    },
    pick(items) {
      const item = items[Math.floor(next() * items.length)]
      if (item === undefined) throw new RangeError('pick from an empty list')
      return item
    },
  }
}
