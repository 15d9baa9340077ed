import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { compressAssets } from './compress-assets.ts'

describe('compressing the browser build', () => {
  let folder: string
  beforeEach(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'tickerwise-assets-'))
    await mkdir(path.join(folder, 'assets'))
  })
  afterEach(() => rm(folder, { recursive: true, force: true }))

  it('writes brotli and gzip files beside each text file of 1 KB or more, and nothing else', async () => {
    const script = 'export function render(){return "market"}\n'.repeat(100)
    await writeFile(path.join(folder, 'assets/entry-Ab12.js'), script)
    await writeFile(path.join(folder, 'assets/small-Ab12.css'), '.a{color:red}')
    await writeFile(path.join(folder, 'assets/cover-Ab12.png'), Buffer.alloc(4096, 7))
    await writeFile(path.join(folder, 'favicon.svg'), `<svg>${'<rect/>'.repeat(400)}</svg>`)

    const summary = await compressAssets(folder)

    expect(summary.files).toBe(2)
    expect((await readdir(path.join(folder, 'assets'))).sort()).toEqual([
      'cover-Ab12.png',
      'entry-Ab12.js',
      'entry-Ab12.js.br',
      'entry-Ab12.js.gz',
      'small-Ab12.css',
    ])
    expect(await readdir(folder)).toContain('favicon.svg.br')
    const br = await readFile(path.join(folder, 'assets/entry-Ab12.js.br'))
    const gz = await readFile(path.join(folder, 'assets/entry-Ab12.js.gz'))
    expect(zlib.brotliDecompressSync(br).toString()).toBe(script)
    expect(zlib.gunzipSync(gz).toString()).toBe(script)
    expect(br.length).toBeLessThan(gz.length)
  })

  it('can run again over its own output without compressing the compressed files', async () => {
    await writeFile(path.join(folder, 'assets/entry-Ab12.js'), 'let x = 1;\n'.repeat(200))
    await compressAssets(folder)
    await compressAssets(folder)
    expect((await readdir(path.join(folder, 'assets'))).sort()).toEqual([
      'entry-Ab12.js',
      'entry-Ab12.js.br',
      'entry-Ab12.js.gz',
    ])
  })
})
