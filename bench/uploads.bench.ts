/**
 * Files in the AI chat (`node bench/uploads.bench.ts`, or `npm run bench -- uploads`):
 * 1. upload throughput: one 50 MB file over HTTP on loopback, MB/s from the first byte sent to the answer;
 * 2. five 50 MB files uploading at once (five requests): MB/s overall and the server's peak memory (RSS) against its
 *    memory before — the upload path streams to disk, so the peak should not grow with the files' size;
 * 3. reading time per format for a 10-page document (PDF, Word, Excel, PowerPoint, text; one screenshot for OCR),
 *    median of 3, in the worker threads the server uses.
 * The server runs in this process on a fresh database in a temporary folder (bench/support/bench-server.ts). Figures vary with the machine and its
 * load; compare runs on the same machine only.
 */
import { writeFile } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { createFileReader } from '#server/file-reading/extract-text.ts'
import { buildTenPageSample, tenPageSampleKinds } from '#server/file-reading/testing/sample-files.ts'
import { testEnv } from '#server/testing/test-env.ts'
import { startBenchServer } from './support/bench-server.ts'

const fileBytes = Number(process.env.BENCH_FILE_MB ?? 50) * 1024 * 1024
const server = await startBenchServer({
  JOBS_ENABLED: 'false',
  MARKET_DATA_DEMO_END_DATE: testEnv.MARKET_DATA_DEMO_END_DATE ?? '2026-11-20',
  MARKET_DATA_COMPANIES: testEnv.MARKET_DATA_COMPANIES ?? '',
  STOCKS_PICKS_MONTHS: '1',
  QUOTA_UPLOAD_PER_DAY: '1000000,1000000,1000000,1000000,1000000',
  QUOTA_UPLOAD_PER_MONTH: '1000000,1000000,1000000,1000000,1000000',
  QUOTA_VISITORS_PER_NETWORK: '1000000',
  CHAT_UPLOAD_RATE_PER_MINUTE: '1000000',
})
const { runtime, port } = server
const config = runtime.config
const dataDir = config.dataDir

function call(method: string, urlPath: string, headers: Record<string, string>, body?: Buffer) {
  return new Promise<{ status: number; body: string; cookies: string[] }>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: urlPath, headers }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
      })
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: text,
          cookies: response.headers['set-cookie'] ?? [],
        }),
      )
    })
    request.on('error', reject)
    request.end(body)
  })
}

// The same-site check compares Origin with the configured site origins (PORT=0 here: http://en.localhost:0).
const site = { host: `en.localhost:${port}`, origin: config.siteOrigins.en }
const welcome = await call('GET', '/api/portal/ai/welcome', { host: site.host })
const device = /tw_device=([^;]+)/.exec(welcome.cookies.join(';'))?.[1] ?? ''
const headers = { host: site.host, origin: site.origin, cookie: `tw_device=${device}` }
const conversation = await call(
  'POST',
  '/api/portal/ai/newSubSessionId',
  {
    ...headers,
    'content-type': 'application/json',
  },
  Buffer.from('{}'),
)
const conversationId = JSON.parse(conversation.body).data.subSessionId as string

/** Streams one multipart upload of `size` bytes of text, without holding it in memory. */
function upload(size: number, name: string): Promise<{ ms: number; status: number; body: string }> {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="subSessionId"\r\n\r\n${conversationId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const line = Buffer.from(
    'Quarterly holdings review: revenue, margins, dividends and risks, line after line.\n',
  )
  const block = Buffer.concat(Array.from({ length: Math.ceil((256 * 1024) / line.length) }, () => line))
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/portal/ai/uploadFiles',
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () =>
          resolve({ ms: performance.now() - started, status: response.statusCode ?? 0, body: text }),
        )
      },
    )
    request.on('error', reject)
    request.write(head)
    let left = size
    const pump = () => {
      while (left > 0) {
        const n = Math.min(left, block.length)
        left -= n
        if (!request.write(block.subarray(0, n))) {
          request.once('drain', pump)
          return
        }
      }
      request.end(tail)
    }
    pump()
  })
}

const mb = (bytes: number) => bytes / 1024 / 1024
let peakRss = 0
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss())
}, 20)

const single = await upload(fileBytes, 'one.txt')
if (single.status !== 200 || !single.body.includes('"file"')) throw new Error(`upload failed: ${single.body}`)
await runtime.services.chatFiles.whenReadingsDone()
console.log(
  `one ${mb(fileBytes)} MB upload: ${(mb(fileBytes) / (single.ms / 1000)).toFixed(0)} MB/s (${single.ms.toFixed(0)} ms)`,
)

global.gc?.()
const rssBefore = process.memoryUsage.rss()
peakRss = rssBefore
const started = performance.now()
const five = await Promise.all(Array.from({ length: 5 }, (_, i) => upload(fileBytes, `five-${i}.txt`)))
const fiveMs = performance.now() - started
if (five.some((result) => result.status !== 200)) throw new Error('an upload failed')
clearInterval(sampler)
console.log(
  `five ${mb(fileBytes)} MB uploads at once: ${((5 * mb(fileBytes)) / (fiveMs / 1000)).toFixed(0)} MB/s overall, ` +
    `server RSS ${mb(rssBefore).toFixed(0)} MB before, peak ${mb(peakRss).toFixed(0)} MB (+${mb(peakRss - rssBefore).toFixed(0)} MB)`,
)
await runtime.services.chatFiles.whenReadingsDone()

const reader = createFileReader({ workers: 1, timeoutMs: 120_000 })
console.log('\nreading a 10-page document (median of 3):')
for (const kind of tenPageSampleKinds) {
  const sample = await buildTenPageSample(kind)
  const filePath = path.join(dataDir, `ten-pages.${sample.extension}`)
  await writeFile(filePath, sample.bytes)
  const times: number[] = []
  let chars = 0
  for (let i = 0; i < 3; i += 1) {
    const begun = performance.now()
    const reading = await reader.read(filePath, sample.kind)
    times.push(performance.now() - begun)
    if (!reading.ok) throw new Error(`${kind}: ${reading.error}`)
    chars = reading.sections.reduce((sum, section) => sum + section.text.length, 0)
  }
  times.sort((a, b) => a - b)
  console.log(
    `  ${sample.label.padEnd(28)} ${String(Math.round(times[1] ?? 0)).padStart(6)} ms  (${(sample.bytes.length / 1024).toFixed(0)} KB, ${chars} characters read)`,
  )
}
await reader.close()
await server.close()
