/**
 * A stand-in for S3 on 127.0.0.1, for tests: the REST calls the s3 adapter makes, path-style (`/<bucket>/<key>`),
 * answered as S3 answers them — PutObject, GetObject, DeleteObject, DeleteObjects, CreateMultipartUpload,
 * UploadPart, CompleteMultipartUpload, AbortMultipartUpload and ListObjectsV2 — with S3's XML errors (NoSuchKey,
 * NoSuchBucket, NoSuchUpload, SignatureDoesNotMatch, InvalidAccessKeyId, EntityTooSmall…). Anything else answers
 * 501 NotImplemented, so a new call in the adapter shows up here first.
 *
 * Every request must carry a valid AWS Signature Version 4 (Authorization header): the fake rebuilds the canonical
 * request and recomputes the signature with the configured secret, checks the signed payload hash against the
 * body, and checks Content-MD5 / x-amz-checksum-crc32 when sent. Streaming (aws-chunked) payloads and presigned
 * URLs are not spoken: the adapter sends neither (see s3-file-storage.ts), and they answer 501.
 *
 * Objects and unfinished multipart uploads are kept in memory; tests read them through `objects` and
 * `pendingUploads()`, and can hold UploadPart answers to watch how far a stream has been read.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { crc32 } from 'node:zlib'

export interface StoredObject {
  body: Buffer
  contentType: string
  etag: string
  lastModified: Date
}

export type S3Operation =
  | 'PutObject'
  | 'GetObject'
  | 'DeleteObject'
  | 'DeleteObjects'
  | 'CreateMultipartUpload'
  | 'UploadPart'
  | 'CompleteMultipartUpload'
  | 'AbortMultipartUpload'
  | 'ListObjectsV2'
  | 'Unsupported'

export interface ReceivedOperation {
  operation: S3Operation
  key: string | undefined
  /** Request body bytes (a part's size, a PutObject's size). */
  bytes: number
  /** Keys named in a DeleteObjects body. */
  deleteKeys?: string[]
  status: number
}

export interface FakeS3Server {
  /** http://127.0.0.1:<port>: the S3 endpoint to configure, with path-style addressing. */
  readonly endpoint: string
  readonly bucket: string
  readonly region: string
  readonly accessKeyId: string
  readonly secretAccessKey: string
  readonly objects: Map<string, StoredObject>
  /** Every request, in the order it was answered (held UploadParts appear once answered). */
  readonly operations: ReceivedOperation[]
  /** Multipart uploads created and neither completed nor aborted. */
  pendingUploads(): Array<{ key: string; uploadId: string }>
  /** UploadPart requests are received and stored but not answered until `release()`. */
  holdUploadParts(): { held(): number; release(): void }
  /** The next GetObject sends its headers and this many bytes, then the connection breaks. */
  breakNextDownloadAfter(bytes: number): void
  close(): Promise<void>
}

export interface FakeS3Options {
  bucket?: string
  region?: string
  accessKeyId?: string
  secretAccessKey?: string
}

interface MultipartUpload {
  key: string
  contentType: string
  parts: Map<number, { body: Buffer; etag: string }>
}

class S3Failure extends Error {
  readonly status: number
  readonly code: string
  readonly key: string | undefined

  constructor(status: number, code: string, message: string, key?: string) {
    super(message)
    this.status = status
    this.code = code
    this.key = key
  }
}

const minimumPartBytes = 5 * 1024 * 1024
const maxClockSkewMs = 15 * 60 * 1000

export async function startFakeS3Server(options: FakeS3Options = {}): Promise<FakeS3Server> {
  const bucket = options.bucket ?? 'tickerwise-test'
  const region = options.region ?? 'us-east-1'
  const accessKeyId = options.accessKeyId ?? 'AKIAFAKES3TESTKEY000'
  const secretAccessKey = options.secretAccessKey ?? 'fake-s3-secret-access-key/for+tests'
  const objects = new Map<string, StoredObject>()
  const uploads = new Map<string, MultipartUpload>()
  const operations: ReceivedOperation[] = []
  let partGate: { promise: Promise<void>; release(): void; held: number } | undefined
  let breakDownloadAfter: number | undefined

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)
    const url = new URL(request.url ?? '/', 'http://fake-s3')
    const rawPath = (request.url ?? '/').split('?')[0] ?? '/'
    const segments = rawPath.split('/').slice(1).map(decodeURIComponent)
    const requestBucket = segments[0] ?? ''
    const key = segments.length > 1 ? segments.slice(1).join('/') : undefined
    const method = request.method ?? 'GET'
    const operation = operationOf(method, key, url.searchParams)
    const record: ReceivedOperation = { operation, key, bytes: body.length, status: 200 }
    try {
      verifySignature(request, rawPath, body, { accessKeyId, secretAccessKey, region })
      if (requestBucket !== bucket)
        throw new S3Failure(404, 'NoSuchBucket', 'The specified bucket does not exist')
      await answer(operation, request, response, key ?? '', url.searchParams, body, record)
      record.status = response.statusCode
    } catch (error) {
      const failure =
        error instanceof S3Failure ? error : new S3Failure(500, 'InternalError', (error as Error).message)
      record.status = failure.status
      sendError(response, method, failure, rawPath)
    } finally {
      operations.push(record)
    }
  }

  async function answer(
    operation: S3Operation,
    request: IncomingMessage,
    response: ServerResponse,
    key: string,
    query: URLSearchParams,
    body: Buffer,
    record: ReceivedOperation,
  ): Promise<void> {
    switch (operation) {
      case 'PutObject': {
        const etag = `"${md5Hex(body)}"`
        objects.set(key, {
          body,
          contentType: request.headers['content-type'] ?? 'binary/octet-stream',
          etag,
          lastModified: new Date(),
        })
        response.setHeader('etag', etag)
        response.end()
        return
      }
      case 'GetObject': {
        const stored = objects.get(key)
        if (!stored) throw new S3Failure(404, 'NoSuchKey', 'The specified key does not exist.', key)
        response.writeHead(200, {
          'content-type': stored.contentType,
          'content-length': stored.body.length,
          etag: stored.etag,
          'last-modified': stored.lastModified.toUTCString(),
          'accept-ranges': 'bytes',
        })
        if (breakDownloadAfter !== undefined) {
          response.write(stored.body.subarray(0, breakDownloadAfter))
          breakDownloadAfter = undefined
          setTimeout(() => response.destroy(), 20)
          return
        }
        response.end(stored.body)
        return
      }
      case 'DeleteObject':
        objects.delete(key)
        response.statusCode = 204
        response.end()
        return
      case 'DeleteObjects': {
        if (!request.headers['content-md5'] && !hasChecksumHeader(request)) {
          throw new S3Failure(400, 'InvalidRequest', 'Missing required header for this request: Content-MD5')
        }
        const xml = body.toString('utf8')
        const keys = [...xml.matchAll(/<Object>\s*<Key>([\s\S]*?)<\/Key>[\s\S]*?<\/Object>/g)].map((match) =>
          unescapeXml(match[1] ?? ''),
        )
        if (!/^\s*(<\?xml[^>]*>)?\s*<Delete[\s>]/.test(xml) || keys.length === 0 || keys.length > 1000) {
          throw new S3Failure(
            400,
            'MalformedXML',
            'The XML you provided was not well-formed or did not validate against our published schema',
          )
        }
        record.deleteKeys = keys
        for (const name of keys) objects.delete(name)
        const quiet = /<Quiet>\s*true\s*<\/Quiet>/.test(xml)
        sendXml(
          response,
          200,
          `<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${
            quiet ? '' : keys.map((name) => `<Deleted><Key>${escapeXml(name)}</Key></Deleted>`).join('')
          }</DeleteResult>`,
        )
        return
      }
      case 'CreateMultipartUpload': {
        const uploadId = randomUUID().replaceAll('-', '')
        uploads.set(uploadId, {
          key,
          contentType: request.headers['content-type'] ?? 'binary/octet-stream',
          parts: new Map(),
        })
        sendXml(
          response,
          200,
          `<InitiateMultipartUploadResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${escapeXml(
            bucket,
          )}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
        )
        return
      }
      case 'UploadPart': {
        const upload = uploadOf(query, key)
        const partNumber = Number(query.get('partNumber'))
        if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
          throw new S3Failure(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000')
        }
        const etag = `"${md5Hex(body)}"`
        upload.parts.set(partNumber, { body, etag })
        if (partGate) {
          const gate = partGate
          gate.held += 1
          await gate.promise
          gate.held -= 1
        }
        response.setHeader('etag', etag)
        response.end()
        return
      }
      case 'CompleteMultipartUpload': {
        const uploadId = query.get('uploadId') ?? ''
        const upload = uploadOf(query, key)
        const listed = [...body.toString('utf8').matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((match) => ({
          partNumber: Number(/<PartNumber>\s*(\d+)\s*<\/PartNumber>/.exec(match[1] ?? '')?.[1]),
          etag: unescapeXml(/<ETag>([\s\S]*?)<\/ETag>/.exec(match[1] ?? '')?.[1] ?? ''),
        }))
        if (listed.length === 0) {
          throw new S3Failure(400, 'MalformedXML', 'The XML you provided was not well-formed')
        }
        const parts = listed.map((entry, index) => {
          if (index > 0 && entry.partNumber <= (listed[index - 1]?.partNumber ?? 0)) {
            throw new S3Failure(400, 'InvalidPartOrder', 'The list of parts was not in ascending order.')
          }
          const part = upload.parts.get(entry.partNumber)
          if (!part || part.etag.replaceAll('"', '') !== entry.etag.replaceAll('"', '')) {
            throw new S3Failure(400, 'InvalidPart', 'One or more of the specified parts could not be found.')
          }
          if (index < listed.length - 1 && part.body.length < minimumPartBytes) {
            throw new S3Failure(
              400,
              'EntityTooSmall',
              'Your proposed upload is smaller than the minimum allowed size',
            )
          }
          return part
        })
        const digest = createHash('md5')
        for (const part of parts) digest.update(Buffer.from(part.etag.replaceAll('"', ''), 'hex'))
        const etag = `"${digest.digest('hex')}-${parts.length}"`
        objects.set(key, {
          body: Buffer.concat(parts.map((part) => part.body)),
          contentType: upload.contentType,
          etag,
          lastModified: new Date(),
        })
        uploads.delete(uploadId)
        sendXml(
          response,
          200,
          `<CompleteMultipartUploadResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Location>http://${escapeXml(
            request.headers.host ?? '',
          )}/${escapeXml(bucket)}/${escapeXml(key)}</Location><Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(
            key,
          )}</Key><ETag>${escapeXml(etag)}</ETag></CompleteMultipartUploadResult>`,
        )
        return
      }
      case 'AbortMultipartUpload': {
        uploadOf(query, key)
        uploads.delete(query.get('uploadId') ?? '')
        response.statusCode = 204
        response.end()
        return
      }
      case 'ListObjectsV2': {
        if (query.has('continuation-token') || query.has('start-after')) {
          throw new S3Failure(501, 'NotImplemented', 'The fake lists the first page only')
        }
        const prefix = query.get('prefix') ?? ''
        const maxKeys = Math.min(Number(query.get('max-keys') ?? 1000), 1000)
        const matching = [...objects.keys()].filter((name) => name.startsWith(prefix)).sort()
        const page = matching.slice(0, maxKeys)
        sendXml(
          response,
          200,
          `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${escapeXml(
            bucket,
          )}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${
            matching.length > page.length
          }</IsTruncated>${page
            .map((name) => {
              const stored = objects.get(name)!
              return `<Contents><Key>${escapeXml(name)}</Key><LastModified>${stored.lastModified.toISOString()}</LastModified><ETag>${escapeXml(
                stored.etag,
              )}</ETag><Size>${stored.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`
            })
            .join('')}</ListBucketResult>`,
        )
        return
      }
      case 'Unsupported':
        throw new S3Failure(
          501,
          'NotImplemented',
          'A header or query you provided implies functionality that is not implemented',
        )
    }
  }

  function uploadOf(query: URLSearchParams, key: string): MultipartUpload {
    const upload = uploads.get(query.get('uploadId') ?? '')
    if (!upload || upload.key !== key) {
      throw new S3Failure(
        404,
        'NoSuchUpload',
        'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
      )
    }
    return upload
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    operations,
    pendingUploads: () => [...uploads].map(([uploadId, upload]) => ({ key: upload.key, uploadId })),
    holdUploadParts() {
      let release = () => {}
      const promise = new Promise<void>((resolve) => {
        release = resolve
      })
      const gate = { promise, release, held: 0 }
      partGate = gate
      return {
        held: () => gate.held,
        release() {
          if (partGate === gate) partGate = undefined
          gate.release()
        },
      }
    },
    breakNextDownloadAfter(bytes) {
      breakDownloadAfter = bytes
    },
    async close() {
      partGate?.release()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

function operationOf(method: string, key: string | undefined, query: URLSearchParams): S3Operation {
  if (key === undefined || key === '') {
    if (method === 'GET' && query.get('list-type') === '2') return 'ListObjectsV2'
    if (method === 'POST' && query.has('delete')) return 'DeleteObjects'
    return 'Unsupported'
  }
  if (query.has('uploadId')) {
    if (method === 'PUT' && query.has('partNumber')) return 'UploadPart'
    if (method === 'POST') return 'CompleteMultipartUpload'
    if (method === 'DELETE') return 'AbortMultipartUpload'
    return 'Unsupported'
  }
  if (method === 'POST' && query.has('uploads')) return 'CreateMultipartUpload'
  if ([...query.keys()].some((name) => !['x-id'].includes(name))) return 'Unsupported'
  if (method === 'PUT') return 'PutObject'
  if (method === 'GET') return 'GetObject'
  if (method === 'DELETE') return 'DeleteObject'
  return 'Unsupported'
}

/**
 * AWS Signature Version 4 as S3 checks it: the credential scope (access key id, date, region, `s3`), the request
 * time (within 15 minutes), every x-amz-* header signed, the signature over the canonical request, and the signed
 * payload hash against the body.
 */
function verifySignature(
  request: IncomingMessage,
  rawPath: string,
  body: Buffer,
  keys: { accessKeyId: string; secretAccessKey: string; region: string },
): void {
  const query = (request.url ?? '').split('?')[1] ?? ''
  if (/(^|&)X-Amz-Signature=/i.test(query)) {
    throw new S3Failure(501, 'NotImplemented', 'The fake does not accept presigned URLs')
  }
  const authorization = request.headers.authorization
  if (!authorization) throw new S3Failure(403, 'AccessDenied', 'Access Denied')
  const parsed =
    /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(
      authorization,
    )
  if (!parsed) {
    throw new S3Failure(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.')
  }
  const [, credential = '', signedHeaderList = '', signature = ''] = parsed
  const [accessKeyId, day, scopeRegion, service, terminator, ...extra] = credential.split('/')
  if (!day || terminator !== 'aws4_request' || extra.length > 0) {
    throw new S3Failure(
      400,
      'AuthorizationHeaderMalformed',
      'The authorization header is malformed; the Credential is mal-formed.',
    )
  }
  if (accessKeyId !== keys.accessKeyId) {
    throw new S3Failure(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
    )
  }
  if (scopeRegion !== keys.region || service !== 's3') {
    throw new S3Failure(
      400,
      'AuthorizationHeaderMalformed',
      `The authorization header is malformed; the region '${scopeRegion}' is wrong; expecting '${keys.region}'`,
    )
  }
  const amzDate = headerValue(request, 'x-amz-date')
  const time = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate ?? '')
  if (!amzDate || !time || !amzDate.startsWith(day)) {
    throw new S3Failure(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header')
  }
  const sentAt = Date.UTC(+time[1]!, +time[2]! - 1, +time[3]!, +time[4]!, +time[5]!, +time[6]!)
  if (Math.abs(Date.now() - sentAt) > maxClockSkewMs) {
    throw new S3Failure(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    )
  }
  const signedHeaders = signedHeaderList.split(';')
  const unsigned = Object.keys(request.headers).filter(
    (name) => name.startsWith('x-amz-') && !signedHeaders.includes(name),
  )
  if (!signedHeaders.includes('host') || unsigned.length > 0) {
    throw new S3Failure(
      403,
      'AccessDenied',
      `There were headers present in the request which were not signed: ${unsigned.join(', ') || 'host'}`,
    )
  }
  const payloadHash = headerValue(request, 'x-amz-content-sha256')
  if (!payloadHash) {
    throw new S3Failure(
      400,
      'InvalidRequest',
      'Missing required header for this request: x-amz-content-sha256',
    )
  }
  const canonicalRequest = [
    request.method,
    canonicalPathOf(rawPath),
    canonicalQueryOf(query),
    signedHeaders.map((name) => `${name}:${headerValue(request, name) ?? ''}\n`).join(''),
    signedHeaderList,
    payloadHash,
  ].join('\n')
  const scope = `${day}/${scopeRegion}/s3/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n')
  let signingKey = hmac(`AWS4${keys.secretAccessKey}`, day)
  for (const part of [scopeRegion, 's3', 'aws4_request']) signingKey = hmac(signingKey, part)
  const expected = createHmac('sha256', signingKey).update(stringToSign).digest()
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    throw new S3Failure(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    )
  }
  if (/^[0-9a-f]{64}$/.test(payloadHash)) {
    if (sha256Hex(body) !== payloadHash) {
      throw new S3Failure(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      )
    }
  } else if (payloadHash !== 'UNSIGNED-PAYLOAD') {
    throw new S3Failure(501, 'NotImplemented', `The fake does not decode ${payloadHash} payloads`)
  }
  verifyBodyChecksums(request, body)
}

function verifyBodyChecksums(request: IncomingMessage, body: Buffer): void {
  const md5 = headerValue(request, 'content-md5')
  if (md5 !== undefined && createHash('md5').update(body).digest('base64') !== md5) {
    throw new S3Failure(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.')
  }
  const crc = headerValue(request, 'x-amz-checksum-crc32')
  if (crc !== undefined) {
    const computed = Buffer.alloc(4)
    computed.writeUInt32BE(crc32(body))
    if (computed.toString('base64') !== crc) {
      throw new S3Failure(400, 'BadDigest', 'The CRC32 you specified did not match the calculated checksum.')
    }
  }
  const other = Object.keys(request.headers).find(
    (name) =>
      name.startsWith('x-amz-checksum-') && name !== 'x-amz-checksum-crc32' && name !== 'x-amz-checksum-mode',
  )
  if (other) throw new S3Failure(501, 'NotImplemented', `The fake does not check ${other}`)
}

function hasChecksumHeader(request: IncomingMessage): boolean {
  return Object.keys(request.headers).some(
    (name) => name.startsWith('x-amz-checksum-') && name !== 'x-amz-checksum-mode',
  )
}

/** A header as SigV4 canonicalises it: trimmed, inner runs of spaces collapsed (repeats joined with commas). */
function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name]
  if (value === undefined) return undefined
  return (Array.isArray(value) ? value.join(',') : value).trim().replace(/\s+/g, ' ')
}

/** S3 signs the path with each segment URI-encoded once (not normalised): decode what came, encode it AWS's way. */
function canonicalPathOf(rawPath: string): string {
  return rawPath
    .split('/')
    .map((segment) => awsUriEncode(decodeURIComponent(segment)))
    .join('/')
}

function canonicalQueryOf(query: string): string {
  if (!query) return ''
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=')
      const name = at < 0 ? pair : pair.slice(0, at)
      const value = at < 0 ? '' : pair.slice(at + 1)
      return [awsUriEncode(decodeURIComponent(name)), awsUriEncode(decodeURIComponent(value))] as const
    })
    .sort(([nameA, valueA], [nameB, valueB]) =>
      nameA === nameB ? (valueA < valueB ? -1 : 1) : nameA < nameB ? -1 : 1,
    )
    .map(([name, value]) => `${name}=${value}`)
    .join('&')
}

/** RFC 3986 unreserved characters stay; everything else is %XX (upper case), as SigV4 requires. */
function awsUriEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest()
}

function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex')
}

function md5Hex(data: Buffer): string {
  return createHash('md5').update(data).digest('hex')
}

function sendXml(response: ServerResponse, status: number, xml: string): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`
  response.writeHead(status, {
    'content-type': 'application/xml',
    'content-length': Buffer.byteLength(body),
  })
  response.end(body)
}

function sendError(response: ServerResponse, method: string, failure: S3Failure, resource: string): void {
  if (response.headersSent) {
    response.destroy()
    return
  }
  const requestId = randomUUID().replaceAll('-', '').slice(0, 16).toUpperCase()
  response.setHeader('x-amz-request-id', requestId)
  // HEAD answers carry no body: S3 sends the status alone.
  if (method === 'HEAD') {
    response.statusCode = failure.status
    response.end()
    return
  }
  sendXml(
    response,
    failure.status,
    `<Error><Code>${failure.code}</Code><Message>${escapeXml(failure.message)}</Message>${
      failure.key === undefined ? '' : `<Key>${escapeXml(failure.key)}</Key>`
    }<Resource>${escapeXml(resource)}</Resource><RequestId>${requestId}</RequestId></Error>`,
  )
}

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')
}

function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    if (entity[0] === '#') {
      return String.fromCodePoint(
        entity[1]?.toLowerCase() === 'x' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1)),
      )
    }
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[entity.toLowerCase()] ?? ''
  })
}
