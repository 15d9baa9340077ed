/**
 * A gzip body assembled around a value that changes per response (the CSP nonce of a cached page), without
 * compressing anything per response (ADR 0012):
 * - each piece of the page between two nonces is deflated once, on its own, and flushed to a byte boundary
 *   (Z_SYNC_FLUSH), so the pieces can be laid end to end and no piece refers back into another;
 * - the nonce goes between them as a deflate *stored* block (its bytes as they are);
 * - the gzip trailer needs the CRC-32 of the whole plain body. Rather than reading the ~200 KB again for every
 *   response, it is derived from the page's CRC with the nonce it was rendered with: CRC-32 is linear, so changing
 *   the bytes at the nonce's places changes the CRC by a 32×32 bit-matrix (computed once per page) applied to the
 *   CRC of the difference (22 bytes).
 * Brotli has no such seams (its back-references and dictionary depend on absolute positions), so it is not spliced.
 */
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const deflateRaw = promisify(zlib.deflateRaw)

export interface SplicedGzip {
  /** Each segment deflated alone, ending on a byte boundary (not final). */
  pieces: Buffer[]
  /** CRC-32 of the plain body with `templateNonce` between the segments. */
  templateCrc: number
  templateNonce: Buffer
  /** The operator that carries a change of the nonce (at every place it stands) to a change of the body's CRC. */
  nonceShift: Uint32Array
  /** Length of the plain body with a nonce of the template's length. */
  plainLength: number
}

// --- CRC-32 as linear algebra over GF(2) (the method of zlib's crc32_combine) ---------------------------------------

/** A 32×32 bit-matrix: entry i is the image of bit i. */
type Matrix = Uint32Array

function times(matrix: Matrix, vector: number): number {
  let sum = 0
  let bits = vector >>> 0
  for (let i = 0; bits !== 0; i++, bits >>>= 1) {
    if (bits & 1) sum ^= matrix[i] as number
  }
  return sum >>> 0
}

/** `a` after `b`. */
function product(a: Matrix, b: Matrix): Matrix {
  const result = new Uint32Array(32)
  for (let i = 0; i < 32; i++) result[i] = times(a, b[i] as number)
  return result
}

function identity(): Matrix {
  const result = new Uint32Array(32)
  for (let i = 0; i < 32; i++) result[i] = (1 << i) >>> 0
  return result
}

/** `zeroBytePowers[j]`: what appending 2^j zero bytes does to the CRC register. */
const zeroBytePowers: Matrix[] = (() => {
  const oneBit: Matrix = new Uint32Array(32)
  oneBit[0] = 0xedb88320
  for (let i = 1; i < 32; i++) oneBit[i] = (1 << (i - 1)) >>> 0
  let power: Matrix = oneBit
  for (let i = 0; i < 3; i++) power = product(power, power) // 8 bits: one byte
  const powers = [power]
  for (let j = 1; j < 32; j++) {
    power = product(power, power)
    powers.push(power)
  }
  return powers
})()

/** What appending `count` zero bytes does to the CRC register. */
function zeroBytes(count: number): Matrix {
  let result = identity()
  for (let j = 0, rest = count; rest > 0; j++, rest = Math.floor(rest / 2)) {
    if (rest % 2 === 1) result = product(zeroBytePowers[j] as Matrix, result)
  }
  return result
}

function xorInto(target: Matrix, other: Matrix): void {
  for (let i = 0; i < 32; i++) target[i] = ((target[i] as number) ^ (other[i] as number)) >>> 0
}

/** The CRC register after `data` from an all-zero register (no pre- or post-inversion). */
function rawCrcOf(data: Buffer): number {
  return ~zlib.crc32(data, 0xffffffff) >>> 0
}

/**
 * The operator S with crc(body with nonce B) = crc(body with nonce A) ⊕ S·raw(A ⊕ B). Changing the bytes at a place
 * followed by d bytes changes the register by zeroBytes(d) applied to the change, so S = Σ over the nonce's places of
 * zeroBytes(bytes after it); summed from the first place on (Horner), with places k = 1…m before segments[k]:
 * U = I, then U = I ⊕ zeroBytes(|segments[k]| + nonce)·U for k < m, and S = zeroBytes(|segments[m]|)·U.
 */
function nonceShiftOf(segments: Buffer[], nonceLength: number): Matrix {
  const places = segments.length - 1
  if (places < 1) return new Uint32Array(32)
  let sum = identity()
  for (let k = 1; k < places; k++) {
    const next = identity()
    xorInto(next, product(zeroBytes((segments[k] as Buffer).length + nonceLength), sum))
    sum = next
  }
  return product(zeroBytes((segments[places] as Buffer).length), sum)
}

// --- Assembly ------------------------------------------------------------------------------------------------------

const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
/** The last deflate block: empty, stored, final. */
const finalBlock = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff])

/** A deflate stored block (not final) holding `data` as it is (up to 65,535 bytes). */
function storedBlock(data: Buffer): Buffer {
  const length = data.length
  return Buffer.concat([
    Buffer.from([0x00, length & 0xff, length >> 8, ~length & 0xff, (~length >> 8) & 0xff]),
    data,
  ])
}

/** Deflates the segments of a page cut at `nonce` and prepares its CRC; once per stored page, off the event loop. */
export async function prepareSplicedGzip(segments: Buffer[], nonce: string): Promise<SplicedGzip> {
  const templateNonce = Buffer.from(nonce)
  const deflated = await Promise.all(
    segments.map((segment) => deflateRaw(segment, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH })),
  )
  // Each result is a view into its compressor's 64 KB output buffer: kept as they are, a page with 60 nonces would
  // hold ~4 MB to store ~40 KB. One allocation of their exact total holds them all.
  const pieces = packedCopies(deflated)
  let crc = 0
  let plainLength = 0
  segments.forEach((segment, index) => {
    if (index > 0) {
      crc = zlib.crc32(templateNonce, crc)
      plainLength += templateNonce.length
    }
    crc = zlib.crc32(segment, crc)
    plainLength += segment.length
  })
  return {
    pieces,
    templateCrc: crc >>> 0,
    templateNonce,
    nonceShift: nonceShiftOf(segments, templateNonce.length),
    plainLength,
  }
}

/**
 * Copies of `buffers` laid end to end in one allocation of their exact total length, for what is kept for a while:
 * it then holds no larger buffer it was cut from (a compressor's 64 KB output buffer, a whole response) nor a slab
 * of Node's shared 64 KB pool (where Buffer.concat and Buffer.from put anything under 32 KB), and costs one
 * allocation.
 */
export function packedCopies(buffers: readonly Uint8Array[]): Buffer[] {
  const packed = Buffer.allocUnsafeSlow(buffers.reduce((sum, buffer) => sum + buffer.length, 0))
  const copies: Buffer[] = []
  let offset = 0
  for (const buffer of buffers) {
    packed.set(buffer, offset)
    copies.push(packed.subarray(offset, offset + buffer.length))
    offset += buffer.length
  }
  return copies
}

/** The gzip body with `nonce` between the segments (same length as the template's nonce). */
export function splicedGzipBody(spliced: SplicedGzip, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce)
  if (nonceBytes.length !== spliced.templateNonce.length) {
    throw new Error('a spliced nonce must have the length of the nonce the page was rendered with')
  }
  const difference = Buffer.alloc(nonceBytes.length)
  for (let i = 0; i < nonceBytes.length; i++) {
    difference[i] = (nonceBytes[i] as number) ^ (spliced.templateNonce[i] as number)
  }
  const crc = (spliced.templateCrc ^ times(spliced.nonceShift, rawCrcOf(difference))) >>> 0
  const nonceBlock = storedBlock(nonceBytes)
  const parts: Buffer[] = [gzipHeader]
  spliced.pieces.forEach((piece, index) => {
    if (index > 0) parts.push(nonceBlock)
    parts.push(piece)
  })
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc, 0)
  trailer.writeUInt32LE(spliced.plainLength >>> 0, 4)
  parts.push(finalBlock, trailer)
  return Buffer.concat(parts)
}
