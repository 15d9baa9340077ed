import { describe, expect, it } from 'vitest'
import { isServiceError } from './service-error.ts'

/** What the page build's own copy of the server's class looks like: same shape, another class. */
class AppErrorCopy extends Error {
  override name = 'AppError'
  readonly kind: string
  readonly code: string
  constructor(kind: string, code: string) {
    super(code)
    this.kind = kind
    this.code = code
  }
}

describe('recognising a service error', () => {
  it('knows any copy of the class by its shape, of any kind or of the kind asked', () => {
    const copy = new AppErrorCopy('not_found', 'CLASSROOM_LESSON_NOT_FOUND')
    expect(isServiceError(copy)).toBe(true)
    expect(isServiceError(copy, 'not_found')).toBe(true)
    expect(isServiceError(copy, 'forbidden')).toBe(false)
    expect(isServiceError({ name: 'AppError', kind: 'limited', code: 'CHAT_LIMIT_VISITOR' }, 'limited')).toBe(
      true,
    )
  })

  it('takes nothing else for one: other errors, a wrong name, kind or code, values that are not objects', () => {
    expect(isServiceError(new Error('not_found'))).toBe(false)
    expect(isServiceError(new TypeError('Failed to fetch'))).toBe(false)
    expect(isServiceError(new AppErrorCopy('teapot', 'X'))).toBe(false)
    expect(isServiceError({ name: 'ApiError', kind: 'not_found', code: 'NOT_FOUND' })).toBe(false)
    expect(isServiceError({ name: 'AppError', kind: 'not_found', code: 404 })).toBe(false)
    for (const value of [null, undefined, 'AppError', 404]) expect(isServiceError(value)).toBe(false)
  })
})
