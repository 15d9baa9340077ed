import { describe, expect, it } from 'vitest'
import { renderMarkup, textOf } from '#app/features/stocks/testing/render-markup.tsx'
import type { ChatMessage } from '#contracts/chat-rules.ts'
import { AnswerView } from './message-view.tsx'

const answer: ChatMessage = {
  id: '5b0e4f1c-0d7e-4b8e-9a35-4f2c8a8d9e10',
  conversationId: '7c1d2e3f-0d7e-4b8e-9a35-4f2c8a8d9e11',
  role: 'answer',
  text: 'Tencent scores 72/100.',
  status: 'complete',
  sources: [],
  attachments: [],
  vote: 'down',
  voteNote: 'I asked for the P/E, not a score',
  assistant: 'offline',
  isDemo: false,
  locale: 'en',
  createdAt: '2026-11-24T03:00:00.000Z',
}

function render(message: ChatMessage, locale: 'en' | 'zh-Hant' = 'en') {
  return renderMarkup(
    <AnswerView
      message={message}
      isStreaming={false}
      toolLabel={null}
      isBusy={false}
      displayLocale={locale === 'en' ? 'en-US' : 'zh-TW'}
      onVote={() => {}}
      onVoteNote={async () => true}
      onCopy={() => {}}
      onRegenerate={() => {}}
    />,
    { locale },
  )
}

describe('an answer the reader voted down', () => {
  it('shows back the reason they gave, as stored, in their language', () => {
    const html = render(answer)
    expect(html).toContain('data-testid="vote-note-sent"')
    expect(textOf(html)).toContain('Your reason, sent to our editors: “I asked for the P/E, not a score”')
    expect(textOf(render({ ...answer, voteNote: '我問的是市盈率' }, 'zh-Hant'))).toContain(
      '您的意見已送交編輯：「我問的是市盈率」',
    )
  })

  it('shows no reason when none was given, nor after another vote', () => {
    expect(render({ ...answer, voteNote: null })).not.toContain('vote-note')
    expect(render({ ...answer, vote: 'up' })).not.toContain('vote-note')
  })
})
