import { describe, expect, it } from 'vitest'
import { searchLimitMessage } from '#app/features/articles/search-limit-message.ts'
import { createTranslator } from '#app/i18n/i18n.ts'
import enArticles from '#app/i18n/locales/en/articles.json' with { type: 'json' }
import zhArticles from '#app/i18n/locales/zh-Hant/articles.json' with { type: 'json' }
import enErrors from '#contracts/messages/en/errors.json' with { type: 'json' }
import zhErrors from '#contracts/messages/zh-Hant/errors.json' with { type: 'json' }
import { rateLimitedMessageCode, retryWaitOf } from '#contracts/retry-wait.ts'
import { translateErrorCode } from '#server/http/error-handler.ts'
import { rateLimitedMessage } from './rate-limit-message.ts'

const en = createTranslator('en', { errors: enErrors, articles: enArticles })
const zh = createTranslator('zh-Hant', { errors: zhErrors, articles: zhArticles })
const inEnglish = (seconds: number | null) => rateLimitedMessage(en.getFixedT('en', 'articles'), seconds)
const inChinese = (seconds: number | null) => rateLimitedMessage(zh.getFixedT('zh-Hant', 'articles'), seconds)

describe('the rate-limit message a page shows', () => {
  it('says how long to wait in English, singular and plural', () => {
    expect(inEnglish(1)).toBe('Too many requests. Please try again in 1 second.')
    expect(inEnglish(45)).toBe('Too many requests. Please try again in 45 seconds.')
    expect(inEnglish(60)).toBe('Too many requests. Please try again in 1 minute.')
    expect(inEnglish(38 * 60)).toBe('Too many requests. Please try again in 38 minutes.')
    expect(inEnglish(3 * 3600)).toBe('Too many requests. Please try again in 3 hours.')
  })

  it('says how long to wait in Traditional Chinese', () => {
    expect(inChinese(1)).toBe('請求過於頻繁，請於 1 秒後再試。')
    expect(inChinese(45)).toBe('請求過於頻繁，請於 45 秒後再試。')
    expect(inChinese(38 * 60)).toBe('請求過於頻繁，請於 38 分鐘後再試。')
    expect(inChinese(3 * 3600)).toBe('請求過於頻繁，請於 3 小時後再試。')
  })

  it('asks for a moment when the server did not say how long', () => {
    expect(inEnglish(null)).toBe('Too many requests. Please wait a moment and try again.')
    expect(inChinese(null)).toBe('請求過於頻繁，請稍候再試。')
  })

  it('reads the same as the API’s own message for the same wait', () => {
    for (const seconds of [1, 2, 59, 60, 61, 3599, 7200, 86_400]) {
      const wait = retryWaitOf(seconds)!
      const params = { count: wait.count }
      expect(translateErrorCode(rateLimitedMessageCode[wait.unit], 'en', params)).toBe(inEnglish(seconds))
      expect(translateErrorCode(rateLimitedMessageCode[wait.unit], 'zh-Hant', params)).toBe(
        inChinese(seconds),
      )
    }
  })
})

describe('the search page past its limit', () => {
  it('says how long until the reader may search again, in the page’s language', () => {
    expect(searchLimitMessage(en.getFixedT('en', 'articles'), 42)).toBe(
      'You have searched many times in the last minute. Please try again in 42 seconds.',
    )
    expect(searchLimitMessage(en.getFixedT('en', 'articles'), 1)).toBe(
      'You have searched many times in the last minute. Please try again in 1 second.',
    )
    expect(searchLimitMessage(zh.getFixedT('zh-Hant', 'articles'), 42)).toBe(
      '您在一分鐘內搜尋了太多次，請於 42 秒後再試。',
    )
  })
})
