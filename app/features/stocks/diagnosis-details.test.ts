import { afterEach, describe, expect, it, vi } from 'vitest'
import { requestDetails } from './diagnosis-details.ts'
import { buildDiagnosisAnswer } from './testing/diagnosis-answer.fixture.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the details a diagnosis page fetches when they are needed', () => {
  it('asks the API once for the chart and every score, for the stock the page shows', async () => {
    const answer = await buildDiagnosisAnswer('us', 'AAPL', 'en')
    const fetchMock = vi.fn(async (_url: string) => Response.json({ code: 200, data: answer }))
    vi.stubGlobal('fetch', fetchMock)
    const subject = { code: 'AAPL', market: 'us', computedAt: answer.computedAt }
    const [forChart, forScore] = await Promise.all([requestDetails(subject), requestDetails(subject)])
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      '/api/portal/bizStockScore/getByCode?code=AAPL&market=us',
    )
    expect(forScore).toBe(forChart)
    expect(forChart.bars.length).toBeGreaterThan(200)
    expect(forChart.checksByScore.get('fundamentals')?.length).toBeGreaterThan(0)
  })

  it('asks again after a failure, so the reader’s retry can succeed', async () => {
    const answer = await buildDiagnosisAnswer('hk', '0700', 'en')
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        new Response('', { status: 503, headers: { 'x-error-code': 'DIAGNOSIS_FAILED' } }),
      )
      .mockResolvedValueOnce(Response.json({ code: 200, data: answer }))
    vi.stubGlobal('fetch', fetchMock)
    const subject = { code: '0700', market: 'hk', computedAt: answer.computedAt }
    await expect(requestDetails(subject)).rejects.toThrow('DIAGNOSIS_FAILED')
    const details = await requestDetails(subject)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(details.checksByScore.size).toBe(answer.scoreDetails.length)
  })
})
