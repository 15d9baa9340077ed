/**
 * The file storage's slice of the configuration (FILE_STORAGE, S3_*): a folder under DATA_DIR, or an S3 bucket.
 * Refuses S3 without a bucket, an endpoint that is not http(s), and half a key pair.
 */
import { z } from 'zod'
import { ConfigError } from '#server/config/config-error.ts'
import { booleanFromEnv, type EnvOf, optionalText, optionalUrl } from '#server/config/env-values.ts'

export const fileStorageEnv = {
  /**
   * Where uploaded files are kept (server/providers/file-storage): `local` (DATA_DIR/files; one machine) or `s3` (AWS
   * S3 or an S3-compatible service such as MinIO or Cloudflare R2).
   */
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** Origin of an S3-compatible service (http://127.0.0.1:9000 for MinIO); unset for AWS S3. */
  S3_ENDPOINT: optionalUrl.refine(
    (v) => v === undefined || /^https?:\/\//i.test(v),
    'must be an http:// or https:// URL',
  ),
  /** Both or neither: without them the AWS SDK's default credential chain (environment, profile, role) is used. */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Address the bucket in the path (endpoint/bucket/key), as MinIO and most self-hosted services need. */
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
}

/** The slice the file-storage variables fill in `Config`. */
export interface FileStorageSlice {
  /** Where uploaded files are kept (server/providers/file-storage/file-storage-factory.ts builds it). */
  fileStorage: FileStorageConfig
}

/** FILE_STORAGE and its S3_* settings. */
export type FileStorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3'
      bucket: string
      region: string
      /** Origin of an S3-compatible service; undefined for AWS S3. */
      endpoint: string | undefined
      /** undefined: the AWS SDK's default credential chain. */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined
      forcePathStyle: boolean
    }

export function fileStorageConfigOf(e: EnvOf<typeof fileStorageEnv>): FileStorageSlice {
  if (e.FILE_STORAGE === 'local') return { fileStorage: { kind: 'local' } }
  if (!e.S3_BUCKET) throw new ConfigError('S3_BUCKET is required when FILE_STORAGE=s3')
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    const [missing, given] = e.S3_ACCESS_KEY_ID
      ? ['S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID']
      : ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']
    throw new ConfigError(
      `${missing} is required when ${given} is set; set both, or neither to use the AWS SDK's default credential chain`,
    )
  }
  return {
    fileStorage: {
      kind: 's3',
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      credentials:
        e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
          : undefined,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    },
  }
}
