import { describe, expect, it } from 'vitest'
import { formatArticleTime } from './article-time.tsx'

const instant = '2026-11-23T14:30:00Z'

describe('article times', () => {
  it('name the time zone of every time of day, on each regional site', () => {
    expect(formatArticleTime(instant, 'en-US', 'America/New_York')).toMatch(/9:30\sAM EST$/)
    expect(formatArticleTime(instant, 'en-US', 'Asia/Seoul')).toMatch(/11:30\sPM GMT\+9$/)
    expect(formatArticleTime(instant, 'en-US', 'Asia/Tokyo')).toMatch(/11:30\sPM GMT\+9$/)
    expect(formatArticleTime(instant, 'zh-TW', 'Asia/Hong_Kong')).toContain('GMT+8')
  })

  it('show a date alone without a zone', () => {
    expect(formatArticleTime(instant, 'en-US', 'Asia/Tokyo', false)).toBe('Nov 23, 2026')
  })
})
