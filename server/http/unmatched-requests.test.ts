import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpServer } from '#server/http.ts'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'

const siteHeaders = { ...regionalHeaders(), origin: 'http://en.localhost:3000' }

function expectEnvelope(
  response: Awaited<ReturnType<FastifyInstance['inject']>>,
  status: number,
  code: string,
) {
  expect(response.statusCode).toBe(status)
  expect(response.headers['content-type']).toContain('application/json')
  expect(response.headers['x-error-code']).toBe(code)
  expect(response.json()).toMatchObject({ code: status, data: null, error: code })
}

describe('API paths and methods that match no route', () => {
  let runtime: TestRuntime
  let app: FastifyInstance
  beforeAll(async () => {
    runtime = await createTestRuntime()
    // The same host, with a catch-all for every other path in place of the page build (pages.ts registers `/*`).
    app = await createHttpServer({
      config: runtime.config,
      services: runtime.services,
      buildId: 'test-build',
      logger: false,
      beforePages: async (host) => {
        host.route({
          method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
          url: '/*',
          handler: (_request, reply) => reply.type('text/html').send('<html>a page</html>'),
        })
      },
    })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await runtime.close()
  })

  it('answers an unknown API path with the 404 envelope, not a page', async () => {
    for (const url of ['/api/portal/nothing/here', '/portal/nothing', '/api/portal/article/list/extra']) {
      expectEnvelope(await app.inject({ url, headers: siteHeaders }), 404, 'NOT_FOUND')
    }
    const chinese = await app.inject({ url: '/api/portal/nothing', headers: regionalHeaders('hk') })
    expect(chinese.json().message).toBe('糟糕！您要找的頁面不存在')
  })

  it('answers a known path asked with another method with 405, its allowed methods and the envelope', async () => {
    const deleteList = await app.inject({
      method: 'DELETE',
      url: '/api/portal/article/list',
      headers: siteHeaders,
    })
    expectEnvelope(deleteList, 405, 'METHOD_NOT_ALLOWED')
    expect(deleteList.headers.allow).toBe('GET, HEAD')

    const getTracking = await app.inject({ url: '/portal/track/event', headers: siteHeaders })
    expectEnvelope(getTracking, 405, 'METHOD_NOT_ALLOWED')
    expect(getTracking.headers.allow).toBe('POST')

    for (const url of ['/api/portal', '/api/portal/']) {
      const postRoot = await app.inject({ method: 'POST', url, headers: siteHeaders, payload: {} })
      expectEnvelope(postRoot, 405, 'METHOD_NOT_ALLOWED')
      expect(postRoot.headers.allow).toBe('GET, HEAD')
    }
  })

  it('answers by path and method alone, whatever the body', async () => {
    const broken = { ...siteHeaders, 'content-type': 'application/json' }
    expectEnvelope(
      await app.inject({ method: 'POST', url: '/api/portal/nothing', headers: broken, payload: '{' }),
      404,
      'NOT_FOUND',
    )
    expectEnvelope(
      await app.inject({ method: 'PUT', url: '/api/portal/track/event', headers: broken, payload: '{' }),
      405,
      'METHOD_NOT_ALLOWED',
    )
  })

  it('answers malformed JSON to a real route with the 400 envelope', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/portal/track/event',
      headers: { ...siteHeaders, 'content-type': 'application/json' },
      payload: '{"eventType":',
    })
    expect(response.statusCode).toBe(400)
    expect(response.headers['x-error-code']).toBeTruthy()
    expect(response.json()).toMatchObject({ code: 400, data: null })
  })

  it('still serves the routes themselves and leaves every other path to the pages', async () => {
    const list = await app.inject({ url: '/api/portal/home/listMenu', headers: siteHeaders })
    expect(list.statusCode).toBe(200)
    const page = await app.inject({ url: '/api/portalish', headers: siteHeaders })
    expect(page.body).toBe('<html>a page</html>')
    const deletePage = await app.inject({ method: 'DELETE', url: '/articles', headers: siteHeaders })
    expect(deletePage.body).toBe('<html>a page</html>')
  })
})
