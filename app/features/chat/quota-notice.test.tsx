import { describe, expect, it } from 'vitest'
import { renderMarkup, textOf } from '#app/features/stocks/testing/render-markup.tsx'
import { ChatFailureNotice } from './quota-notice.tsx'

function render(code: string, locale: 'en' | 'zh-Hant' = 'en') {
  return renderMarkup(<ChatFailureNotice code={code} retryAfterSeconds={null} />, {
    locale,
    url: '/ai-qna?id=5b0e4f1c-0d7e-4b8e-9a35-4f2c8a8d9e10',
  })
}

describe('a reader out of AI replies', () => {
  it('is told the specification’s sentence and offered the way forward of their rung', () => {
    const visitor = render('CHAT_LIMIT_VISITOR')
    // No "start a new chat": the allowance is the visitor's, not the conversation's, so a new chat is refused too.
    expect(textOf(visitor)).toBe('No more AI replies available, log in to get more Log in')
    expect(visitor).toContain(
      'href="/member/login?redirect=%2Fai-qna%3Fid%3D5b0e4f1c-0d7e-4b8e-9a35-4f2c8a8d9e10"',
    )
    expect(textOf(render('CHAT_LIMIT_MEMBER'))).toBe(
      "You've used all your AI replies, subscribe to get more opportunities Subscribe",
    )
    expect(textOf(render('CHAT_LIMIT_SUBSCRIBER'))).toBe(
      "You've used all your AI replies, upgrade your subscription for more opportunities Upgrade",
    )
    const daily = render('CHAT_LIMIT_DAILY')
    expect(textOf(daily)).toBe("You've reached today's AI reply limit. Please come back tomorrow.")
    expect(daily).not.toContain('<a')
  })

  it('offers a member or subscriber at the daily limit the plan with more a day', () => {
    const member = render('CHAT_LIMIT_DAILY_MEMBER')
    expect(textOf(member)).toBe(
      "You've reached today's AI reply limit. Subscribe for more replies a day, or come back tomorrow. Subscribe",
    )
    expect(member).toContain('href="/subscribe"')
    expect(textOf(render('CHAT_LIMIT_DAILY_SUBSCRIBER'))).toMatch(/Upgrade for more replies a day.* Upgrade$/)
    expect(textOf(render('CHAT_LIMIT_DAILY_SUBSCRIBER', 'zh-Hant'))).toMatch(
      /升級方案可獲得更多每日回覆.* 升級方案$/,
    )
  })

  it('reads in Chinese on the Chinese sites', () => {
    expect(textOf(render('CHAT_LIMIT_DAILY', 'zh-Hant'))).toBe('今日 AI 回覆次數已達上限，請明天再來。')
    expect(textOf(render('CHAT_LIMIT_MEMBER', 'zh-Hant'))).toContain('訂閱')
  })

  it('shows other failures in the page’s language, and an unknown code as the general failure', () => {
    expect(textOf(render('CHAT_ASSISTANT_BUSY'))).toContain('The AI assistant is busy right now')
    expect(textOf(render('SOMETHING_NEW'))).toBe('Oops! An unknown error occurred')
  })
})
