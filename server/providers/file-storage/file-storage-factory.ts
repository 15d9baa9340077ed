/**
 * Picks the file storage the configuration names (FILE_STORAGE): `local` (a folder under DATA_DIR, the default, so a
 * fresh clone stores uploads with no service) or `s3`. Building one touches neither the disk nor the network; call
 * `check()` at boot to find out whether it can be used.
 */
import type { FileStorageConfig } from './file-storage.config.ts'
import type { FileStorage } from './file-storage.ts'
import { createLocalFileStorage } from './local-file-storage.ts'
import { createS3FileStorage } from './s3-file-storage.ts'

export function createFileStorage(config: FileStorageConfig, { dataDir }: { dataDir: string }): FileStorage {
  if (config.kind === 's3') return createS3FileStorage(config)
  return createLocalFileStorage({ dataDir })
}
