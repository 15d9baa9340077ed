import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { describe, expect, it } from 'vitest'
import { assertFileKey, createSizeCheck, FileStorageError } from './file-storage.ts'

describe('file keys', () => {
  it('accepts segments of a-z, 0-9 and - separated by single slashes', () => {
    for (const key of [
      'chat/3f9c2a1e-8d4b-4c1a-9f2e-0b1c2d3e4f5a',
      'a',
      'chat/2026/11/x-1',
      'x'.repeat(256),
    ]) {
      expect(() => assertFileKey(key)).not.toThrow()
    }
  })

  it('refuses anything a path or a URL could read as another place', () => {
    for (const key of [
      '',
      '..',
      '../x',
      'chat/../x',
      'chat/./x',
      '/chat/x',
      'chat/x/',
      'chat//x',
      'chat\\x',
      'Chat/x',
      'chat/x.pdf',
      '.partial/x',
      'chat/x y',
      'chat/x%2F..',
      'chat/ｘ',
      'chat/x\u0000',
      'x'.repeat(257),
    ]) {
      expect(() => assertFileKey(key), key).toThrow(FileStorageError)
    }
  })

  it('says what a key must be without echoing a long one whole', () => {
    const failure = (() => {
      try {
        assertFileKey(`../${'a'.repeat(500)}`)
      } catch (error) {
        return error as FileStorageError
      }
    })()
    expect(failure?.reason).toBe('invalid-key')
    expect(failure?.message).toMatch(/is not segments of a-z, 0-9 and - separated by \/$/)
    expect(failure?.message.length).toBeLessThan(200)
  })
})

describe('the size check', () => {
  const chunks = (sizes: number[]) => Readable.from(sizes.map((size) => Buffer.alloc(size)))
  const drain = async function* (source: AsyncIterable<Buffer>) {
    for await (const _ of source) yield* []
  }

  it('passes a source of exactly the stated size', async () => {
    await expect(pipeline(chunks([3, 4]), createSizeCheck('chat/x', 7), drain)).resolves.toBeUndefined()
  })

  it('fails a longer source as soon as it passes the size, and a shorter one at its end', async () => {
    await expect(pipeline(chunks([3, 4]), createSizeCheck('chat/x', 6), drain)).rejects.toMatchObject({
      reason: 'size-mismatch',
      message: 'file chat/x: expected 6 bytes, the source gave 7',
    })
    await expect(pipeline(chunks([3, 4]), createSizeCheck('chat/x', 8), drain)).rejects.toMatchObject({
      reason: 'size-mismatch',
      message: 'file chat/x: expected 8 bytes, the source gave 7',
    })
  })
})
