/**
 * Files in AWS S3 or an S3-compatible service (MinIO, Cloudflare R2, Ceph…) through AWS SDK v3: one object per key
 * in one bucket. Endpoint, region, bucket, credentials and path-style addressing come from the configuration; without
 * an access key pair the SDK's default credential chain is used (environment, profile, instance or task role).
 *
 * Writes always go through lib-storage's Upload: the source is cut into 8 MB parts, at most two in flight, so memory
 * stays near 3 parts whatever the file's size; a file under one part is a single PutObject. When the source fails or
 * S3 refuses a part, Upload aborts the multipart upload (no parts left to pay for) and nothing appears under the key.
 * Reads are GetObject (NoSuchKey is FileNotFoundError); deletes are DeleteObject for one key and DeleteObjects in
 * batches of 1000 otherwise; the readiness check lists at most one key (ListObjectsV2), which proves the endpoint,
 * the bucket and the credentials in one call and, unlike HeadBucket, answers with an error code worth logging.
 *
 * Permissions needed: s3:ListBucket on the bucket; s3:GetObject, s3:PutObject, s3:DeleteObject and
 * s3:AbortMultipartUpload on its objects.
 */
import { createReadStream, createWriteStream } from 'node:fs'
import { rm, stat } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import {
  assertFileKey,
  createSizeCheck,
  FileNotFoundError,
  type FileStorage,
  FileStorageError,
} from './file-storage.ts'

export interface S3FileStorageSettings {
  bucket: string
  /** `us-east-1` by default; `auto` for Cloudflare R2. */
  region: string
  /** An S3-compatible service's origin (http://127.0.0.1:9000 for MinIO); unset for AWS S3. */
  endpoint: string | undefined
  /** Unset: the SDK's default credential chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean
}

/** Each part is held in memory while it is sent; S3's smallest part is 5 MiB. */
export const s3PartBytes = 8 * 1024 * 1024
/** Parts sent at once. */
export const s3PartsInFlight = 2
const deleteBatchSize = 1000

export function createS3FileStorage(settings: S3FileStorageSettings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // SDK releases since January 2025 add a CRC32 checksum to every upload by default (headers on each part, a
    // checksum algorithm on CreateMultipartUpload, part checksums in CompleteMultipartUpload, and aws-chunked
    // trailers for streamed bodies) and ask for checksums on every download. Several S3-compatible services refuse
    // or mishandle these (older MinIO and Ceph releases, R2 and B2 at the time: "NotImplemented",
    // "XAmzContentSHA256Mismatch"). Asking only where S3 requires a checksum (DeleteObjects) keeps every service
    // working; integrity is still checked, since each part is a buffer whose SHA-256 is part of the signature.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // connectionTimeout: connecting to the endpoint; requestTimeout: a socket on which nothing moves for this long.
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
  })
  const { bucket } = settings

  function failureOf(error: unknown, operation: string, key?: string): unknown {
    return s3ErrorOf(error, `S3 ${operation} ${key ? `${bucket}/${key}` : bucket}`)
  }

  async function getObject(key: string): Promise<Readable> {
    assertFileKey(key)
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
      const body = answer.Body
      if (body instanceof Readable) return body
      if (body && 'transformToWebStream' in body)
        return Readable.fromWeb(body.transformToWebStream() as never)
      throw new FileStorageError('refused', `S3 GetObject ${bucket}/${key}: the answer had no body`)
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') throw new FileNotFoundError(key)
      throw failureOf(error, 'GetObject', key)
    }
  }

  return {
    kind: 's3',

    async put(key, source, options) {
      assertFileKey(key)
      let stream: Readable
      if ('filePath' in source) {
        if (options.size !== undefined) {
          const actual = (await stat(source.filePath)).size
          if (actual !== options.size) {
            throw new FileStorageError(
              'size-mismatch',
              `file ${key}: expected ${options.size} bytes, the source has ${actual}`,
            )
          }
        }
        stream = createReadStream(source.filePath)
      } else {
        stream = source.stream
      }
      let body = stream
      if (options.size !== undefined) {
        const check = createSizeCheck(key, options.size)
        // The check fails with the source's own error when the source fails (pipeline destroys every stage).
        pipeline(stream, check).catch(() => {})
        body = check
      }
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: body, ContentType: options.contentType },
        partSize: s3PartBytes,
        queueSize: s3PartsInFlight,
        leavePartsOnError: false,
      })
      try {
        await upload.done()
      } catch (error) {
        // Stop reading a source nobody will store (an upload request would otherwise hang mid-body).
        body.destroy()
        stream.destroy()
        throw failureOf(error, 'upload', key)
      }
    },

    open: getObject,

    async download(key, toFilePath) {
      const body = await getObject(key)
      try {
        await pipeline(body, createWriteStream(toFilePath, { mode: 0o600 }))
      } catch (error) {
        await rm(toFilePath, { force: true })
        // A failure writing the target names its path; anything else is the connection to S3 breaking.
        if (typeof (error as NodeJS.ErrnoException).path === 'string') throw error
        throw new FileStorageError('unreachable', `S3 GetObject ${bucket}/${key}: the download broke off`, {
          cause: error,
        })
      }
    },

    async delete(keys) {
      for (const key of keys) assertFileKey(key)
      const unique = [...new Set(keys)]
      if (unique.length === 1) {
        try {
          await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: unique[0] }))
        } catch (error) {
          throw failureOf(error, 'DeleteObject', unique[0])
        }
        return
      }
      for (let start = 0; start < unique.length; start += deleteBatchSize) {
        const batch = unique.slice(start, start + deleteBatchSize)
        let errors: Array<{ Key?: string; Code?: string }> | undefined
        try {
          const answer = await client.send(
            new DeleteObjectsCommand({
              Bucket: bucket,
              // Quiet: the answer lists only the keys that could not be deleted.
              Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
            }),
          )
          errors = answer.Errors
        } catch (error) {
          throw failureOf(error, 'DeleteObjects')
        }
        if (errors && errors.length > 0) {
          const [first] = errors
          throw new FileStorageError(
            'refused',
            `S3 DeleteObjects ${bucket}: ${errors.length} of ${batch.length} keys not deleted (first: ${first?.Key}, ${first?.Code})`,
            first?.Code ? { providerCode: first.Code } : {},
          )
        }
      }
    },

    async removeLeftovers() {
      // A process killed mid-upload leaves an unfinished multipart upload: the bucket's lifecycle rule
      // (AbortIncompleteMultipartUpload, README) removes those, without the extra permission listing them would need.
      // The upload's copy on this machine is the chat's temporary folder, cleaned by its owner.
      return 0
    },

    async check() {
      try {
        await client.send(new ListObjectsV2Command({ Bucket: bucket, MaxKeys: 1 }))
      } catch (error) {
        throw failureOf(error, 'ListObjectsV2')
      }
    },
  }
}

/** What to look at for each refusal S3 names; the message is the log line an operator reads. */
const hints: Record<string, string> = {
  SignatureDoesNotMatch: 'check S3_SECRET_ACCESS_KEY',
  InvalidAccessKeyId: 'check S3_ACCESS_KEY_ID',
  NoSuchBucket: 'check S3_BUCKET (and S3_ENDPOINT, S3_FORCE_PATH_STYLE)',
  AccessDenied: 'the credentials lack a permission on this bucket (see README: File storage)',
  Forbidden: 'the credentials lack a permission on this bucket (see README: File storage)',
  AuthorizationHeaderMalformed: 'check S3_REGION',
  PermanentRedirect: 'check S3_REGION (the bucket is in another region)',
  RequestTimeTooSkewed: "the server's clock is off by more than 15 minutes",
  CredentialsProviderError: 'set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or give the process an AWS role',
}

const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
])

/**
 * An SDK failure (it carries `$metadata`, or is a connection error) becomes a FileStorageError naming S3's code and
 * the setting to check; the source stream's own failure (an aborted upload) passes through unchanged.
 */
function s3ErrorOf(error: unknown, what: string): unknown {
  if (error instanceof FileStorageError || error instanceof FileNotFoundError) return error
  const failure = error as {
    name?: string
    code?: string
    $metadata?: { httpStatusCode?: number }
    $fault?: string
  }
  const isSdkError = failure?.$metadata !== undefined || failure?.name === 'CredentialsProviderError'
  const isConnectionError = typeof failure?.code === 'string' && unreachableCodes.has(failure.code)
  if (!isSdkError && !isConnectionError) return error
  const status = failure.$metadata?.httpStatusCode
  if (status === undefined && (isConnectionError || failure.name === 'TimeoutError')) {
    return new FileStorageError(
      'unreachable',
      `${what}: ${failure.code ?? failure.name} (check S3_ENDPOINT and the network)`,
      { ...(failure.code ? { providerCode: failure.code } : {}), cause: error },
    )
  }
  const code = failure.name ?? 'Error'
  const hint = hints[code]
  return new FileStorageError(
    status !== undefined && status >= 500 ? 'unreachable' : 'refused',
    `${what}: ${code}${status === undefined ? '' : ` (HTTP ${status})`}${hint ? `; ${hint}` : ''}`,
    { providerCode: code, ...(status === undefined ? {} : { status }), cause: error },
  )
}
