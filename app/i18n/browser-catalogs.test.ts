import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, api } from '#app/api/api-client.ts'
import errorsEn from '#contracts/messages/en/errors.json' with { type: 'json' }
import errorsZh from '#contracts/messages/zh-Hant/errors.json' with { type: 'json' }
import { catalogsOf, ensureCatalogs, loadBrowserTranslator } from './browser-catalogs.ts'
import stocksZh from './locales/zh-Hant/stocks.json' with { type: 'json' }

function answerEveryCallWith(status: number, code: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status, headers: { 'x-error-code': code } })),
  )
}

describe('the catalogues the browser loads', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('start with the reader catalogue and the page’s namespaces, not the stocks’ or the error messages', async () => {
    const translator = await loadBrowserTranslator('zh-Hant', ['articles'])
    for (const namespace of ['common', 'shell', 'search', 'account', 'articles'])
      expect(translator.hasResourceBundle('zh-Hant', namespace), namespace).toBe(true)
    for (const namespace of ['stocks', 'expert', 'errors', 'console'])
      expect(translator.hasResourceBundle('zh-Hant', namespace), namespace).toBe(false)
  })

  it.each([
    ['zh-Hant', errorsZh.VERIFICATION_CODE_ERROR],
    ['en', errorsEn.VERIFICATION_CODE_ERROR],
  ] as const)(
    'bring the error messages in %s with a failed call, before the caller shows it',
    async (locale, text) => {
      const translator = await loadBrowserTranslator(locale)
      expect(translator.exists('errors:VERIFICATION_CODE_ERROR')).toBe(false)
      answerEveryCallWith(400, 'VERIFICATION_CODE_ERROR')
      const failure = await api.post('/member/login', { code: '000000' }).catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(ApiError)
      expect(translator.t(`errors:${(failure as ApiError).code}`)).toBe(text)
    },
  )

  it('bring the error messages when the network failed too', async () => {
    const translator = await loadBrowserTranslator('zh-Hant')
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    const failure = (await api.get('/member/info').catch((error: unknown) => error)) as ApiError
    expect(translator.t(`errors:${failure.code}`)).toBe(errorsZh.NETWORK_ERROR)
  })

  it('fetch a namespace that code asks for, once, and keep what is loaded', async () => {
    const translator = await loadBrowserTranslator('zh-Hant')
    await Promise.all([ensureCatalogs(['stocks']), ensureCatalogs(['stocks'])])
    expect(translator.t('stocks:fairValue.marginOfSafety')).toBe(stocksZh.fairValue.marginOfSafety)
    expect(translator.t('shell:nav.articles')).not.toBe('nav.articles')
  })
})

describe('the namespaces a document lists for its first paint', () => {
  const account = {
    catalogs: ['billing', 'plans'],
    drawsErrorsFrom: (data: { reasons: string[] }) => data.reasons.length > 0,
  }

  it('are those the matched routes name, and the error messages only when this data holds one', () => {
    const shell = { handle: undefined, loaderData: {} }
    expect(catalogsOf([shell, { handle: account, loaderData: { reasons: [] } }])).toEqual([
      'billing',
      'plans',
    ])
    expect(
      catalogsOf([shell, { handle: account, loaderData: { reasons: ['BILLING_REFUND_EXPIRED'] } }]),
    ).toEqual(['billing', 'errors', 'plans'])
  })

  it('leave the error messages to the error screen when a loader failed', () => {
    expect(catalogsOf([{ handle: account, loaderData: undefined }])).toEqual(['billing', 'plans'])
  })
})
