import { isRouteErrorResponse, RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { type RequestContext, requestContext } from '#app/request-context.ts'
import { loadConfig } from '#server/config.ts'
import { testEnv } from '#server/testing/test-env.ts'
import { routeChecks } from './route-checks.server.ts'

const config = loadConfig(testEnv)

async function checkPage(
  path: string,
  headers: Record<string, string> = { accept: 'text/html' },
): Promise<{ status: number; data?: unknown; setCookies?: string[] }> {
  const context = new RouterContextProvider()
  context.set(requestContext, {
    config,
    hostname: 'en.localhost',
    region: 'en',
    locale: 'en',
    services: { redirects: { findRedirect: async () => undefined } },
  } as unknown as RequestContext)
  const request = new Request(`http://en.localhost:3000${path}`, { headers })
  try {
    const response = await routeChecks(
      { request, context, params: {} } as unknown as Parameters<typeof routeChecks>[0],
      async () => new Response('the page'),
    )
    return {
      status: (response as Response).status,
      setCookies: (response as Response).headers.getSetCookie(),
    }
  } catch (thrown) {
    if (isRouteErrorResponse(thrown)) return { status: thrown.status, data: thrown.data }
    if (thrown && typeof thrown === 'object' && 'init' in thrown) {
      const init = (thrown as { init?: { status?: number }; data?: unknown }).init
      return { status: init?.status ?? 0, data: (thrown as { data?: unknown }).data }
    }
    throw thrown
  }
}

describe('route checks on reader text in the address', () => {
  it('answers the not-found page for a control character in a search path or a query value', async () => {
    for (const path of [
      '/search/%00',
      '/search/apple%01pie',
      '/ai-stock-diagnosis?code=%00',
      '/articles?tag=a%7Fb',
      '/stocks-valuation?market=us&x%00=1',
      '/search/%00.data',
    ]) {
      const result = await checkPage(path)
      expect(result.status, path).toBe(404)
      expect(result.data, path).toMatchObject({ reason: 'invalid-route' })
      expect(JSON.stringify(result.data), path).not.toMatch(/\\u000[01]/)
    }
  })

  it('lets ordinary addresses through, line breaks in a query included', async () => {
    for (const path of [
      '/search/apple',
      '/search/%E8%98%8B%E6%9E%9C',
      '/ai-stock-diagnosis?code=AAPL',
      '/?note=a%0Ab',
    ]) {
      expect((await checkPage(path)).status, path).toBe(200)
    }
  })
})

describe('route checks on a first visit', () => {
  it('set no cookie on the page, so that a shared cache may keep it (the page reports the visit)', async () => {
    const result = await checkPage('/articles/x?utm=mail', {
      accept: 'text/html',
      'sec-fetch-dest': 'document',
      referer: 'https://www.google.com/search?q=tsmc',
    })
    expect(result).toEqual({ status: 200, setCookies: [] })
  })
})
