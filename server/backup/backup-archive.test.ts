import { createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  BackupArchiveError,
  type BackupManifest,
  type PackedFolder,
  packBackup,
  unpackBackup,
} from './backup-archive.ts'
import { skipPartialUploads } from './data-snapshot.ts'

const root = await mkdtemp(path.join(tmpdir(), 'tw-archive-'))
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

const manifest: BackupManifest = {
  format: 'tickerwise-backup',
  version: 1,
  takenAt: '2026-11-29T12:00:00.000Z',
  appVersion: '0.1.0',
  database: 'pglite',
  contents: ['pglite', 'files'],
}

async function pack(file: string, folders: PackedFolder[]): Promise<void> {
  await packBackup(manifest, folders, createWriteStream(file))
}

describe('the backup file', () => {
  it('gives back the folders it was made of, byte for byte, without the uploads in progress', async () => {
    const source = path.join(root, 'source')
    const longFolder = `${'a'.repeat(60)}/${'b'.repeat(60)}`
    await mkdir(path.join(source, 'pglite', 'base', '1'), { recursive: true })
    await mkdir(path.join(source, 'files', 'chat', longFolder), { recursive: true })
    await mkdir(path.join(source, 'files', '.partial'), { recursive: true })
    const pages = Buffer.alloc(3 * 8192 + 17, 7)
    await writeFile(path.join(source, 'pglite', 'base', '1', '1259'), pages)
    await writeFile(path.join(source, 'pglite', 'PG_VERSION'), '17\n')
    await writeFile(path.join(source, 'files', 'chat', longFolder, 'upload-1'), 'a whole upload')
    await writeFile(path.join(source, 'files', 'chat', 'empty'), '')
    await writeFile(path.join(source, 'files', '.partial', 'in-progress'), 'half')
    const file = path.join(root, 'round-trip.tar.gz')
    await pack(file, [
      { name: 'pglite', path: path.join(source, 'pglite') },
      { name: 'files', path: path.join(source, 'files'), skip: skipPartialUploads },
    ])

    const into = path.join(root, 'restored')
    const summary = await unpackBackup(file, { into })
    expect(summary).toEqual({ manifest, files: 4, bytes: pages.length + 3 + 14 })
    expect((await readFile(path.join(into, 'pglite', 'base', '1', '1259'))).equals(pages)).toBe(true)
    expect(await readFile(path.join(into, 'files', 'chat', longFolder, 'upload-1'), 'utf8')).toBe(
      'a whole upload',
    )
    expect(await readdir(path.join(into, 'files'))).toEqual(['chat'])
  })

  it('refuses an entry that would land outside the data folder, before writing it', async () => {
    const source = path.join(root, 'evil')
    await mkdir(path.join(source, 'x'), { recursive: true })
    await writeFile(path.join(source, 'x', 'passwd'), 'owned')
    const file = path.join(root, 'evil.tar.gz')
    await pack(file, [{ name: '../outside' as 'files', path: source }])
    const into = path.join(root, 'evil-restored')
    await expect(unpackBackup(file, { into })).rejects.toThrow(BackupArchiveError)
    expect(await readdir(root)).not.toContain('outside')
  })

  it('refuses a file that is not a backup', async () => {
    const file = path.join(root, 'not-a-backup.tar.gz')
    await writeFile(file, 'plain text')
    await expect(unpackBackup(file)).rejects.toThrow(/damaged or cut short/)
  })
})
