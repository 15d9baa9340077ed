import { describe, expect, it } from 'vitest'
import { timeZoneName } from './time-zone-name.ts'

const winter = new Date('2026-01-12T12:00:00Z')
const summer = new Date('2026-07-13T12:00:00Z')

describe('timeZoneName', () => {
  it('names each region’s zone in the reader’s language with its offset, never the IANA name', () => {
    expect(timeZoneName('Asia/Taipei', 'en-US', winter)).toBe('Taiwan Standard Time (UTC+8)')
    expect(timeZoneName('Asia/Taipei', 'zh-TW', winter)).toBe('台北標準時間（UTC+8）')
    expect(timeZoneName('Asia/Tokyo', 'en-US', winter)).toBe('Japan Standard Time (UTC+9)')
    expect(timeZoneName('Asia/Hong_Kong', 'zh-TW', winter)).toBe('香港標準時間（UTC+8）')
    for (const zone of ['Asia/Taipei', 'Asia/Hong_Kong', 'Asia/Seoul', 'Asia/Tokyo', 'America/New_York'])
      for (const locale of ['en-US', 'zh-TW'] as const)
        expect(timeZoneName(zone, locale, winter)).not.toContain(zone.split('/')[0])
  })

  it('reads the offset of the week shown, so New York is UTC-5 in winter and UTC-4 in summer', () => {
    expect(timeZoneName('America/New_York', 'en-US', winter)).toBe('Eastern Time (UTC-5)')
    expect(timeZoneName('America/New_York', 'en-US', summer)).toBe('Eastern Time (UTC-4)')
    expect(timeZoneName('America/New_York', 'zh-TW', summer)).toBe('東部時間（UTC-4）')
  })

  it('says UTC for UTC', () => {
    expect(timeZoneName('UTC', 'en-US', winter)).toBe('UTC')
    expect(timeZoneName('UTC', 'zh-TW', winter)).toBe('UTC')
  })
})
