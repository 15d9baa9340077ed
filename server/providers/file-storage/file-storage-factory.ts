/**
 * Picks the file storage the configuration names (FILE_STORAGE): `local` (a folder under DATA_DIR, the default, so a
 * fresh clone stores uploads with no service) or `s3`. Building one touches neither the disk nor the network; call
 * `check()` at boot to find out whether it can be used. The S3 client (the AWS SDK, some 6 MB of heap) is loaded
 * with the first call, and only by processes configured for it.
 */
import { onFirstUse } from '#server/kernel/on-first-use.ts'
import type { FileStorageConfig } from './file-storage.config.ts'
import type { FileStorage } from './file-storage.ts'
import { createLocalFileStorage } from './local-file-storage.ts'
import type { S3FileStorageSettings } from './s3-file-storage.ts'

export function createFileStorage(config: FileStorageConfig, { dataDir }: { dataDir: string }): FileStorage {
  if (config.kind === 's3') return createLazyS3FileStorage(config)
  return createLocalFileStorage({ dataDir })
}

function createLazyS3FileStorage(settings: S3FileStorageSettings): FileStorage {
  const s3 = onFirstUse(() =>
    import('./s3-file-storage.ts').then((module) => module.createS3FileStorage(settings)),
  )
  return {
    kind: 's3',
    put: async (key, source, options) => (await s3()).put(key, source, options),
    open: async (key) => (await s3()).open(key),
    download: async (key, toFilePath) => (await s3()).download(key, toFilePath),
    delete: async (keys) => (await s3()).delete(keys),
    check: async () => (await s3()).check(),
    // The adapter has nothing of its own to remove (the bucket's lifecycle rule does): not worth loading the SDK for
    // at every start.
    removeLeftovers: async () => 0,
  }
}
