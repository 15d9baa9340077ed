import { describe, expect, it } from 'vitest'
import { ApiError } from '#app/api/api-client.ts'
import { endsSession, isSessionRefusal } from './account-api.ts'

describe('a failed member-info lookup', () => {
  it('logs out when the server refuses the session, not when it is busy, failing or out of reach', () => {
    for (const status of [400, 401, 403, 404]) expect(isSessionRefusal(status), String(status)).toBe(true)
    for (const status of [0, 408, 429, 500, 502, 503, 504])
      expect(isSessionRefusal(status), String(status)).toBe(false)
  })

  it('keeps the session when the request was cut short by leaving the page', () => {
    expect(endsSession(new ApiError(401, 'UNAUTHENTICATED'))).toBe(true)
    expect(endsSession(new ApiError(0, 'NETWORK_ERROR'))).toBe(false)
    expect(endsSession(new DOMException('The user aborted a request.', 'AbortError'))).toBe(false)
    expect(endsSession(new TypeError('Failed to fetch'))).toBe(false)
    expect(endsSession(new SyntaxError('Unexpected end of JSON input'))).toBe(false)
  })
})
