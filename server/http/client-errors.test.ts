import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'

/** Sends raw bytes and reads everything until the server closes the connection. */
function exchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk) => {
      answer += chunk
    })
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)))
    socket.on('close', () => resolve(answer))
    socket.setTimeout(5_000, () => socket.destroy(new Error('the server kept the connection open')))
    socket.write(request)
  })
}

function parse(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n')
  const [statusLine = '', ...headerLines] = head.split('\r\n')
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  )
  return { statusLine, headers, body: JSON.parse(body) as unknown }
}

describe('requests refused before any route', () => {
  let runtime: TestRuntime
  let port: number
  beforeAll(async () => {
    runtime = await createTestRuntime()
    await runtime.app.listen({ port: 0, host: '127.0.0.1' })
    const address = runtime.app.server.address()
    port = typeof address === 'object' && address ? address.port : 0
  })
  afterAll(() => runtime.close())

  it('answers headers too large with 431, the envelope and x-error-code, then closes the connection', async () => {
    const cookie = `tw_device=${'a'.repeat(20_000)}`
    const answer = await exchange(
      port,
      `GET /api/portal/home/listMenu HTTP/1.1\r\nHost: en.localhost:3000\r\nCookie: ${cookie}\r\n\r\n`,
    )
    const { statusLine, headers, body } = parse(answer)
    expect(statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large')
    expect(headers['x-error-code']).toBe('HEADERS_TOO_LARGE')
    expect(headers.connection).toBe('close')
    expect(body).toEqual({
      code: 431,
      data: null,
      error: 'HEADERS_TOO_LARGE',
      message: "The request headers are too large. Please clear this site's cookies and try again.",
    })
  })

  it('answers a request Node cannot parse with 400 MALFORMED_REQUEST in English', async () => {
    const answer = await exchange(
      port,
      'GET /api/portal HTTP/1.1\r\nHost: en.localhost:3000\r\nBad Header\r\n\r\n',
    )
    const { statusLine, headers, body } = parse(answer)
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request')
    expect(headers['x-error-code']).toBe('MALFORMED_REQUEST')
    expect(body).toMatchObject({ code: 400, data: null, error: 'MALFORMED_REQUEST' })
  })

  it('answers a URL the router cannot decode with the 400 envelope in the reader language', async () => {
    const response = await runtime.app.inject({ url: '/api/portal/%E0%A4%A', headers: regionalHeaders('hk') })
    expect(response.statusCode).toBe(400)
    expect(response.headers['x-error-code']).toBe('MALFORMED_REQUEST')
    expect(response.json()).toEqual({
      code: 400,
      data: null,
      error: 'MALFORMED_REQUEST',
      message: '無法讀取此請求，請檢查網址後再試一次。',
    })
  })
})
