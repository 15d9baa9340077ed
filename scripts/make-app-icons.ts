/**
 * Draws the installed site's icons from public/favicon.svg (run again when the mark changes; the PNGs are committed):
 * 192 and 512 px for the web app manifest, a 512 px maskable icon whose mark sits inside the 80 % safe zone on the
 * brand's dark ground (Android crops it to any shape), and the 180 px Apple touch icon iOS looks for at the root.
 *
 *   node scripts/make-app-icons.ts
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

const root = path.resolve(import.meta.dirname, '..')
const mark = readFileSync(path.join(root, 'public/favicon.svg'), 'utf8')
const ground = '#111a2e'

/** The mark drawn edge to edge (its own rounded square). */
async function plainIcon(size: number, file: string): Promise<void> {
  await sharp(Buffer.from(mark), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(root, 'public/icons', file))
}

/** The mark at 70 % on a full square of its ground: whatever shape the launcher cuts, the mark stays whole. */
async function maskableIcon(size: number, file: string): Promise<void> {
  const inner = Math.round(size * 0.7)
  const drawn = await sharp(Buffer.from(mark), { density: (72 * inner) / 32 })
    .resize(inner, inner)
    .png()
    .toBuffer()
  await sharp({ create: { width: size, height: size, channels: 4, background: ground } })
    .composite([{ input: drawn, gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(root, 'public/icons', file))
}

await plainIcon(192, 'icon-192.png')
await plainIcon(512, 'icon-512.png')
await maskableIcon(512, 'icon-maskable-512.png')
// iOS rounds the corners itself and shows transparency as black: the full square.
await maskableIcon(180, '../apple-touch-icon.png')
