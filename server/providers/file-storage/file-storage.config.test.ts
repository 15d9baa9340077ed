import { describe, expect, it } from 'vitest'
import { ConfigError } from '#server/config/config-error.ts'
import { loadConfig, toPublicConfig } from '#server/config.ts'

describe('file storage', () => {
  const s3 = { FILE_STORAGE: 's3', S3_BUCKET: 'tickerwise-uploads' }

  it('keeps files under DATA_DIR unless told otherwise', () => {
    expect(loadConfig({}).fileStorage).toEqual({ kind: 'local' })
    expect(loadConfig({ FILE_STORAGE: 'local', S3_BUCKET: 'ignored' }).fileStorage).toEqual({ kind: 'local' })
  })

  it('reads the S3 settings, leaving credentials to the SDK when no key pair is set', () => {
    expect(loadConfig(s3).fileStorage).toEqual({
      kind: 's3',
      bucket: 'tickerwise-uploads',
      region: 'us-east-1',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    })
    expect(
      loadConfig({
        ...s3,
        S3_REGION: 'auto',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'minio',
        S3_SECRET_ACCESS_KEY: 'minio-secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).fileStorage,
    ).toEqual({
      kind: 's3',
      bucket: 'tickerwise-uploads',
      region: 'auto',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
      forcePathStyle: true,
    })
  })

  it('stops at boot naming the S3 setting that is missing or wrong', () => {
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow(ConfigError)
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow(/^S3_BUCKET is required when FILE_STORAGE=s3$/)
    expect(() => loadConfig({ ...s3, S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      /^S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set; set both, or neither/,
    )
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(
      /^S3_ACCESS_KEY_ID is required when S3_SECRET_ACCESS_KEY is set/,
    )
    expect(() => loadConfig({ FILE_STORAGE: 'gcs' })).toThrow(/FILE_STORAGE/)
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/)
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'ftp://minio:9000' })).toThrow(
      /S3_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/,
    )
    expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/)
  })

  it('never shows the browser the storage settings', () => {
    const visible = JSON.stringify(
      toPublicConfig(loadConfig({ ...s3, S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: 'storage-secret' })),
    )
    expect(visible).not.toContain('storage-secret')
    expect(visible).not.toContain('tickerwise-uploads')
  })
})
