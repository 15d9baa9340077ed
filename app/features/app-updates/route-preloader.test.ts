import { describe, expect, it } from 'vitest'
import { createPreloadQueue } from './route-preloader.ts'

describe('route preload queue', () => {
  it('never runs more than five preloads at once and runs every one eventually', async () => {
    let inFlight = 0
    let peak = 0
    const done: string[] = []
    const release: Array<() => void> = []
    const queue = createPreloadQueue(5, async (key) => {
      inFlight += 1
      peak = Math.max(peak, inFlight)
      await new Promise<void>((resolve) => release.push(resolve))
      inFlight -= 1
      done.push(key)
      return 'done'
    })
    for (let i = 0; i < 12; i++) queue.enqueue(`/page-${i}`)
    expect(queue.activeCount).toBe(5)
    while (done.length < 12) {
      release.shift()?.()
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    expect(peak).toBe(5)
    expect(done).toHaveLength(12)
  })

  it('preloads a path only once however often it is hovered', async () => {
    const runs: string[] = []
    const queue = createPreloadQueue(5, async (key) => {
      runs.push(key)
      return 'done'
    })
    queue.enqueue('/articles')
    queue.enqueue('/articles')
    queue.enqueue('/about-us')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(runs).toEqual(['/articles', '/about-us'])
  })

  it('runs a key again when its task could not tell yet what to load', async () => {
    const runs: string[] = []
    const queue = createPreloadQueue(5, async (key) => {
      runs.push(key)
      return runs.length === 1 ? 'later' : 'done'
    })
    queue.enqueue('/company-history')
    await new Promise((resolve) => setTimeout(resolve, 0))
    queue.enqueue('/company-history')
    await new Promise((resolve) => setTimeout(resolve, 0))
    queue.enqueue('/company-history')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(runs).toEqual(['/company-history', '/company-history'])
  })
})
