/** Width and height from a PNG's header (its IHDR chunk), or undefined when the bytes are not a PNG. */
export function pngSizeOf(bytes: Buffer): { width: number; height: number } | undefined {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature)) return undefined
  if (bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return undefined
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}
