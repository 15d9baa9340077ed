import { describe, expect, it } from 'vitest'
import { readPreviewToken, signPreviewToken } from './article-preview-tokens.ts'

const secret = 'a-test-secret-of-at-least-32-characters!'
const now = new Date('2026-11-26T10:00:00Z')

describe('preview tokens', () => {
  it('open the article they were made for until they expire', () => {
    const token = signPreviewToken(secret, 42, new Date('2026-11-26T12:00:00Z'))
    expect(readPreviewToken(secret, token, now)).toBe(42)
    expect(readPreviewToken(secret, token, new Date('2026-11-26T12:00:00Z'))).toBeUndefined()
  })

  it('are refused when changed, signed with another secret, or malformed', () => {
    const token = signPreviewToken(secret, 42, new Date('2026-11-27T00:00:00Z'))
    const [, expires, signature] = token.split('.')
    expect(readPreviewToken(secret, `43.${expires}.${signature}`, now)).toBeUndefined()
    expect(readPreviewToken(secret, `42.${Number(expires) + 3600}.${signature}`, now)).toBeUndefined()
    expect(readPreviewToken(`${secret}x`, token, now)).toBeUndefined()
    expect(readPreviewToken(secret, 'nonsense', now)).toBeUndefined()
    expect(readPreviewToken(secret, undefined, now)).toBeUndefined()
  })
})
