/**
 * A token bucket that paces outgoing requests: `capacity` requests may go at once, then one more every
 * 1/`ratePerSecond` seconds. Waiters are served in arrival order. One bucket per provider instance, so one process
 * stays under the configured rate; several processes each get their own budget.
 */

export interface TokenBucket {
  /** Resolves when the caller may send one request. */
  take(): Promise<void>
}

export interface TokenBucketOptions {
  ratePerSecond: number
  capacity: number
  /** Milliseconds on a monotonic clock; injectable for tests. */
  now?: () => number
  sleep?: (ms: number) => Promise<void>
}

export function sleepFor(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

export function createTokenBucket(options: TokenBucketOptions): TokenBucket {
  if (!(options.ratePerSecond > 0)) throw new RangeError('ratePerSecond must be positive')
  const capacity = Math.max(1, options.capacity)
  const now = options.now ?? (() => performance.now())
  const sleep = options.sleep ?? sleepFor
  let tokens = capacity
  let refilledAt = now()
  let queue: Promise<void> = Promise.resolve()

  function refill() {
    const at = now()
    tokens = Math.min(capacity, tokens + ((at - refilledAt) / 1000) * options.ratePerSecond)
    refilledAt = at
  }

  async function acquire() {
    refill()
    while (tokens < 1) {
      await sleep(Math.ceil(((1 - tokens) / options.ratePerSecond) * 1000))
      refill()
    }
    tokens -= 1
  }

  return {
    take() {
      const turn = queue.then(acquire)
      queue = turn.catch(() => undefined)
      return turn
    },
  }
}
