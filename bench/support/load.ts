/** A fixed-duration load on one URL with autocannon, summarised as requests/s and latency percentiles. */
import autocannon from 'autocannon'

export interface LoadResult {
  name: string
  requestsPerSecond: number
  p50Ms: number
  p95Ms: number
  p99Ms: number
  errors: number
  non2xx: number
}

export interface LoadOptions {
  name: string
  url: string
  headers?: Record<string, string>
  method?: 'GET' | 'POST' | 'DELETE'
  body?: string
  connections?: number
  durationSeconds?: number
  /**
   * Do not keep response bodies. Autocannon turns each into a string for checks nobody here makes; on large (and
   * compressed) answers that costs the load generator more than the server spends sending them, and the figure
   * measures autocannon.
   */
  discardBodies?: boolean
}

function discardBodies(client: unknown): void {
  ;(client as { pipelinedRequests: { addBody(data: unknown): void } }).pipelinedRequests.addBody = () =>
    undefined
}

export async function measureLoad(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36',
      ...options.headers,
    },
    ...(options.body ? { body: options.body } : {}),
    connections: options.connections ?? 20,
    duration: options.durationSeconds ?? 10,
    ...(options.discardBodies ? { setupClient: discardBodies } : {}),
  })
  return {
    name: options.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p95Ms: (result.latency as unknown as Record<string, number>).p97_5 ?? result.latency.p99,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  }
}

export function printLoadTable(title: string, results: LoadResult[]): void {
  console.log(`\n${title}`)
  console.table(
    results.map((r) => ({
      target: r.name,
      'req/s': r.requestsPerSecond,
      'p50 ms': r.p50Ms,
      'p99 ms': r.p99Ms,
      errors: r.errors,
      'non-2xx': r.non2xx,
    })),
  )
}
