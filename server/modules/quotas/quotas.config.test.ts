import { describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'

describe('quotas configuration', () => {
  it('refuses an unknown time zone for limits', () => {
    expect(() => loadConfig({ LIMITS_TIME_ZONE: 'Mars/Olympus' })).toThrow(/LIMITS_TIME_ZONE/)
    expect(loadConfig({ LIMITS_TIME_ZONE: 'Asia/Hong_Kong' }).limitsTimeZone).toBe('Asia/Hong_Kong')
  })
})
