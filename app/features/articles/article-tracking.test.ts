import { describe, expect, it } from 'vitest'
import { describeClient } from './article-read-event.ts'
import { isArticlePath } from './article-tracking.tsx'

describe('reading events', () => {
  it('fire on article paths only', () => {
    expect(isArticlePath('/articles/nvidia-data-center-cycle')).toBe(true)
    expect(isArticlePath('/articles')).toBe(false)
    expect(isArticlePath('/search/articles')).toBe(false)
  })

  it('describe the client coarsely from its user agent', () => {
    expect(
      describeClient('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36', 1920),
    ).toEqual({
      deviceType: 'desktop',
      osName: 'Linux',
      browser: 'Chrome',
    })
    expect(
      describeClient(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile Safari/604.1',
        390,
      ),
    ).toEqual({ deviceType: 'mobile', osName: 'iOS', browser: 'Safari' })
    expect(
      describeClient(
        'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/156.0 Safari/537.36',
        1200,
      ),
    ).toMatchObject({
      deviceType: 'tablet',
      osName: 'Android',
    })
  })
})
