/**
 * Keeping uploaded files (chat uploads first). Adapters: `local` (a folder under DATA_DIR, the default) and `s3`
 * (AWS S3 or an S3-compatible service: MinIO, Cloudflare R2). Callers choose the keys — random names such as
 * `chat/<uuid>` — and keep what a file is (its name, kind, owner) in their own tables: a key says nothing about its
 * file, and storage never lists, searches or interprets what it keeps. Whether a reader may see a file is the
 * caller's decision too; storage only keeps bytes under keys.
 *
 * Every operation refuses a key that could leave the storage's folder or bucket prefix (see `assertFileKey`), so a
 * key built from a wrong value fails loudly instead of touching another file.
 */
import { type Readable, Transform, type TransformCallback } from 'node:stream'

export type FileStorageKind = 'local' | 's3'

/** A file already on this machine (e.g. where the upload was streamed to), or a stream read once. */
export type FileSource = { filePath: string } | { stream: Readable }

export interface PutOptions {
  /** Kept with the file (S3 serves it as Content-Type); the local adapter does not keep it. */
  contentType: string
  /** The exact length in bytes, when known: a source that turns out longer or shorter is refused, nothing kept. */
  size?: number
}

export interface FileStorage {
  readonly kind: FileStorageKind
  /**
   * Stores the source under `key`, replacing any file there. All or nothing: when the source fails or is cut short
   * (an aborted upload), or storage refuses, the key keeps what it had — nothing, for a new key — and no partial
   * file or unfinished multipart upload is left behind; the source stream is destroyed. Memory stays constant
   * whatever the size. A `filePath` source is read, never moved or removed.
   */
  put(key: string, source: FileSource, options: PutOptions): Promise<void>
  /** A stream of the file's bytes. Throws FileNotFoundError when there is no file under the key. */
  open(key: string): Promise<Readable>
  /** Writes the file to `toFilePath` (replacing it). Throws FileNotFoundError; a failed copy leaves no file there. */
  download(key: string, toFilePath: string): Promise<void>
  /** Removes the files; keys with no file are ignored. */
  delete(keys: string[]): Promise<void>
  /**
   * Removes what writes of killed processes left behind, never a write under way (local: temporary files in
   * `files/.partial/`; s3: nothing here — unfinished multipart uploads are the bucket's lifecycle rule, README).
   * Returns how many went. Called at start and by housekeeping.
   */
  removeLeftovers(): Promise<number>
  /** Resolves when storage can be used (folder writable; bucket reachable with these credentials), else throws. */
  check(): Promise<void>
}

/** No file under the key (never stored, or deleted). */
export class FileNotFoundError extends Error {
  override name = 'FileNotFoundError'
  readonly key: string

  constructor(key: string) {
    super(`no stored file under ${key}`)
    this.key = key
  }
}

export type FileStorageFailure =
  /** The key is not one storage accepts (see `assertFileKey`). */
  | 'invalid-key'
  /** The source was longer or shorter than `size` said. */
  | 'size-mismatch'
  /** The service refused the request (credentials, permissions, a missing bucket, a full disk). */
  | 'refused'
  /** The service could not be reached or did not answer in time. */
  | 'unreachable'

/**
 * Storage could not do what was asked. The message names the setting to look at (S3_SECRET_ACCESS_KEY, S3_BUCKET,
 * DATA_DIR…) and is safe to log: it never contains file contents or secrets. Callers branch on `reason`.
 */
export class FileStorageError extends Error {
  override name = 'FileStorageError'
  readonly reason: FileStorageFailure
  /** The service's status and error code (S3's `Code`, or the file system's `ENOSPC`…), when there is one. */
  readonly providerCode: string | undefined
  readonly status: number | undefined

  constructor(
    reason: FileStorageFailure,
    message: string,
    options: { providerCode?: string; status?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause })
    this.reason = reason
    this.providerCode = options.providerCode
    this.status = options.status
  }
}

/** 1–256 characters of lower-case letters, digits and `-`, in `/`-separated non-empty segments. */
const fileKeyPattern = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/
const fileKeyMaxLength = 256

/**
 * Refuses any key that is not plain segments of [a-z0-9-] joined by `/`: no `.` (so no `..` and no hidden or temporary
 * names), no leading, trailing or doubled slash, no upper case (S3 keys are case-sensitive, many disks are not), no
 * space or other character that a path or a URL would read differently.
 */
export function assertFileKey(key: string): void {
  if (typeof key !== 'string' || key.length > fileKeyMaxLength || !fileKeyPattern.test(key)) {
    throw new FileStorageError(
      'invalid-key',
      `file key ${JSON.stringify(String(key).slice(0, 80))} is not segments of a-z, 0-9 and - separated by /`,
    )
  }
}

/**
 * Passes bytes through and fails the stream when they do not add up to `size`: past it as soon as it is crossed, short
 * of it when the source ends. An adapter puts it between the source and the store so that a cut-short source fails
 * the write instead of storing half a file.
 */
export function createSizeCheck(key: string, size: number): Transform {
  let seen = 0
  const mismatch = () =>
    new FileStorageError('size-mismatch', `file ${key}: expected ${size} bytes, the source gave ${seen}`)
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length
      if (seen > size) callback(mismatch())
      else callback(null, chunk)
    },
    flush(callback: TransformCallback) {
      callback(seen === size ? null : mismatch())
    },
  })
}
