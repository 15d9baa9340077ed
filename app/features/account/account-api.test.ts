import { describe, expect, it } from 'vitest'
import { isSessionRefusal } from './account-api.ts'

describe('a failed member-info lookup', () => {
  it('logs out when the server refuses the session, not when it is busy, failing or out of reach', () => {
    for (const status of [400, 401, 403, 404]) expect(isSessionRefusal(status), String(status)).toBe(true)
    for (const status of [0, 408, 429, 500, 502, 503, 504])
      expect(isSessionRefusal(status), String(status)).toBe(false)
  })
})
