import { describe, expect, it } from 'vitest'
import type { ChatConversation } from '#contracts/chat-rules.ts'
import { chatQuotaActionOf, groupConversations, isChatLimitCode, safeHref } from './chat-format.ts'
import { snippetParts } from './chat-search-format.ts'

function conversation(id: string, updatedAt: string): ChatConversation {
  return { id, title: id, createdAt: updatedAt, updatedAt }
}

describe('grouping the conversation list', () => {
  const rows = [
    conversation('this-morning', '2026-11-26T01:00:00Z'),
    conversation('yesterday', '2026-11-25T12:00:00Z'),
    conversation('seven-days-ago', '2026-11-19T12:00:00Z'),
    conversation('eight-days-ago', '2026-11-18T12:00:00Z'),
  ]

  it('groups by the reader’s calendar day: today, the previous 7 days, older', () => {
    const groups = groupConversations(rows, new Date('2026-11-26T10:00:00Z'), 'UTC')
    expect(groups.map((g) => [g.key, g.rows.map((r) => r.id)])).toEqual([
      ['today', ['this-morning']],
      ['week', ['yesterday', 'seven-days-ago']],
      ['older', ['eight-days-ago']],
    ])
  })

  it('uses the reader’s time zone: 01:00 UTC is still yesterday evening in New York', () => {
    const groups = groupConversations(rows.slice(0, 1), new Date('2026-11-26T20:00:00Z'), 'America/New_York')
    expect(groups.map((g) => g.key)).toEqual(['week'])
    const taipei = groupConversations(rows.slice(0, 1), new Date('2026-11-26T10:00:00Z'), 'Asia/Taipei')
    expect(taipei.map((g) => g.key)).toEqual(['today'])
  })

  it('leaves empty groups out', () => {
    expect(groupConversations([], new Date(), 'UTC')).toEqual([])
  })
})

describe('a reader out of AI replies', () => {
  it('is offered the way forward of their rung (spec §4)', () => {
    expect(chatQuotaActionOf('CHAT_LIMIT_VISITOR')).toBe('login')
    expect(chatQuotaActionOf('CHAT_LIMIT_NETWORK')).toBe('login')
    expect(chatQuotaActionOf('CHAT_LIMIT_MEMBER')).toBe('subscribe')
    expect(chatQuotaActionOf('CHAT_LIMIT_SUBSCRIBER')).toBe('upgrade')
    expect(chatQuotaActionOf('CHAT_LIMIT_DAILY_MEMBER')).toBe('subscribe')
    expect(chatQuotaActionOf('CHAT_LIMIT_DAILY_SUBSCRIBER')).toBe('upgrade')
    expect(chatQuotaActionOf('CHAT_LIMIT_DAILY')).toBeNull()
    expect(isChatLimitCode('CHAT_LIMIT_DAILY')).toBe(true)
    expect(isChatLimitCode('DIAGNOSIS_LIMIT_DAILY')).toBe(false)
  })
})

describe('links in answers', () => {
  it('keep http(s) addresses and site paths only', () => {
    expect(safeHref('/ai-stock-diagnosis?code=0700')).toBe('/ai-stock-diagnosis?code=0700')
    expect(safeHref('https://example.com/a')).toBe('https://example.com/a')
    expect(safeHref('http://example.com')).toBe('http://example.com/')
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,x',
      '//evil.com',
      '/\\evil.com',
      'mailto:a@b.c',
      'relative/path',
    ])
      expect(safeHref(bad), bad).toBeNull()
  })
})

describe('snippetParts', () => {
  it('cuts the snippet around the match the server found', () => {
    expect(snippetParts({ snippet: '…微軟的市盈率為 35.2 倍', matchStart: 1, matchLength: 2 })).toEqual({
      before: '…',
      match: '微軟',
      after: '的市盈率為 35.2 倍',
    })
  })

  it('marks nothing rather than the wrong text when the offsets fall outside', () => {
    expect(snippetParts({ snippet: 'abc', matchStart: 5, matchLength: 2 })).toEqual({
      before: 'abc',
      match: '',
      after: '',
    })
    expect(snippetParts({ snippet: 'abc', matchStart: 0, matchLength: 0 }).match).toBe('')
  })
})
