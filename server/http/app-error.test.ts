import { describe, expect, it } from 'vitest'
import { isServiceError, serviceErrorKinds } from '#contracts/service-error.ts'
import { AppError, httpStatusOfKind } from './app-error.ts'

describe('the error services throw', () => {
  it('has the shared floor’s shape, so a loader in the page build recognises it without the class', () => {
    const error = new AppError('not_found', 'CLASSROOM_LESSON_NOT_FOUND')
    expect(isServiceError(error)).toBe(true)
    expect(isServiceError(error, 'not_found')).toBe(true)
    expect(isServiceError(error, 'forbidden')).toBe(false)
  })

  it('keeps that shape in a subclass that carries more', () => {
    class StaleError extends AppError {
      readonly current: { version: number }
      constructor(current: { version: number }) {
        super('conflict', 'CONSOLE_ARTICLE_STALE')
        this.current = current
      }
    }
    expect(isServiceError(new StaleError({ version: 2 }), 'conflict')).toBe(true)
  })

  it('has an HTTP status for every kind the floor names', () => {
    expect(Object.keys(httpStatusOfKind).sort()).toEqual([...serviceErrorKinds].sort())
  })
})
