import { describe, expect, it } from 'vitest'
import type { DiagnosisPageState } from './diagnosis-state.ts'
import { DiagnosisStateView } from './diagnosis-states.tsx'
import { renderMarkup, textOf } from './testing/render-markup.tsx'

type Shown = Exclude<DiagnosisPageState, { kind: 'result' | 'idle' | 'preparing' }>

function render(state: Shown, locale: 'en' | 'zh-Hant' = 'en') {
  return renderMarkup(<DiagnosisStateView state={state} />, {
    locale,
    url: '/ai-stock-diagnosis?code=AAPL&market=us',
  })
}

describe('diagnosis state messages', () => {
  it('use the specification’s exact sentences in English', () => {
    const cases: Array<[Shown, string]> = [
      [{ kind: 'invalid', code: 'STOCK_QUERY_EMPTY' }, 'Please enter your query'],
      [{ kind: 'not-found' }, 'No results found for your query'],
      [{ kind: 'failed', code: 'DIAGNOSIS_FAILED' }, 'Diagnosis failed, please try again'],
      [
        { kind: 'limited', code: 'DIAGNOSIS_LIMIT_VISITOR' },
        'No more diagnosis attempts available, log in to get more',
      ],
      [
        { kind: 'limited', code: 'DIAGNOSIS_LIMIT_MEMBER' },
        "You've used all your diagnosis attempts, subscribe to get more opportunities",
      ],
      [
        { kind: 'limited', code: 'DIAGNOSIS_LIMIT_SUBSCRIBER' },
        "You've used all your diagnosis attempts, upgrade your subscription for more opportunities",
      ],
      [
        { kind: 'limited', code: 'DIAGNOSIS_LIMIT_DAILY' },
        "You've reached today's diagnosis limit, please come back tomorrow",
      ],
      [
        { kind: 'limited', code: 'DIAGNOSIS_LIMIT_NETWORK' },
        'Many people share your internet connection, and its free diagnoses for visitors are used up today. Log in to get your own attempts.',
      ],
    ]
    for (const [state, sentence] of cases) expect(textOf(render(state))).toContain(sentence)
  })

  it('read naturally in Traditional Chinese', () => {
    expect(textOf(render({ kind: 'not-found' }, 'zh-Hant'))).toContain('找不到與您的查詢相符的結果')
    expect(textOf(render({ kind: 'failed', code: 'DIAGNOSIS_FAILED' }, 'zh-Hant'))).toContain(
      '診斷失敗，請再試一次',
    )
    expect(textOf(render({ kind: 'limited', code: 'DIAGNOSIS_LIMIT_VISITOR' }, 'zh-Hant'))).toContain(
      '診斷次數已用完，登入即可獲得更多次數',
    )
  })

  it('offers a visitor the login that leads back to the same diagnosis', () => {
    const html = render({ kind: 'limited', code: 'DIAGNOSIS_LIMIT_VISITOR' })
    expect(html).toContain('href="/member/login?redirect=%2Fai-stock-diagnosis%3Fcode%3DAAPL%26market%3Dus"')
  })

  it('tells a visitor stopped by their shared network why, in both languages, and offers the login', () => {
    const english = render({ kind: 'limited', code: 'DIAGNOSIS_LIMIT_NETWORK' })
    expect(textOf(english)).toContain('Many people share your internet connection')
    expect(textOf(english)).toContain('Log in')
    expect(english).toContain(
      'href="/member/login?redirect=%2Fai-stock-diagnosis%3Fcode%3DAAPL%26market%3Dus"',
    )
    const chinese = render({ kind: 'limited', code: 'DIAGNOSIS_LIMIT_NETWORK' }, 'zh-Hant')
    expect(textOf(chinese)).toContain('許多人共用您目前的網路連線')
    expect(textOf(chinese)).toContain('登入')
  })

  it('offers a member the subscriptions, a subscriber the upgrade, and nothing after the daily limit', () => {
    expect(textOf(render({ kind: 'limited', code: 'DIAGNOSIS_LIMIT_MEMBER' }))).toContain('See subscriptions')
    expect(textOf(render({ kind: 'limited', code: 'DIAGNOSIS_LIMIT_SUBSCRIBER' }))).toContain(
      'Upgrade your subscription',
    )
    expect(render({ kind: 'limited', code: 'DIAGNOSIS_LIMIT_DAILY' })).not.toContain('<a ')
  })

  it('offers the plan with more a day to a member or subscriber at the daily limit, in both languages', () => {
    const member = textOf(render({ kind: 'limited', code: 'DIAGNOSIS_LIMIT_DAILY_MEMBER' }))
    expect(member).toContain('Subscribe for more attempts a day, or come back tomorrow')
    expect(member).toContain('See subscriptions')
    const subscriber = textOf(
      render({ kind: 'limited', code: 'DIAGNOSIS_LIMIT_DAILY_SUBSCRIBER' }, 'zh-Hant'),
    )
    expect(subscriber).toContain('升級方案可獲得更多每日次數')
  })

  it('retries a failed diagnosis at the same address', () => {
    expect(render({ kind: 'failed', code: 'DIAGNOSIS_FAILED' })).toContain(
      'href="/ai-stock-diagnosis?code=AAPL&amp;market=us"',
    )
  })
})
