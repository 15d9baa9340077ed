import { describe, expect, it } from 'vitest'
import { onFirstUse } from './on-first-use.ts'

describe('loading on first use', () => {
  it('loads nothing until asked, then once for every caller', async () => {
    let loads = 0
    const client = onFirstUse(async () => {
      loads += 1
      return { name: 's3' }
    })
    expect(loads).toBe(0)
    const [first, second] = await Promise.all([client(), client()])
    expect(first).toBe(second)
    expect(await client()).toBe(first)
    expect(loads).toBe(1)
  })

  it('answers every later call with the first failure', async () => {
    let loads = 0
    const client = onFirstUse(async () => {
      loads += 1
      throw new Error('module not installed')
    })
    await expect(client()).rejects.toThrow('module not installed')
    await expect(client()).rejects.toThrow('module not installed')
    expect(loads).toBe(1)
  })
})
