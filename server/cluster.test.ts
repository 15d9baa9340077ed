import { type ChildProcess, spawn } from 'node:child_process'
import http from 'node:http'
import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { planWorkers } from './cluster.ts'

describe('how many processes serve', () => {
  it('runs WEB_CONCURRENCY workers on PostgreSQL', () => {
    expect(planWorkers({ webConcurrency: 4, databaseUrl: 'postgres://db/tickerwise' })).toEqual({
      workers: 4,
    })
    expect(planWorkers({ webConcurrency: 1, databaseUrl: 'postgres://db/tickerwise' })).toEqual({
      workers: 1,
    })
  })

  it('stays one process on PGlite, and says why in one line', () => {
    const plan = planWorkers({ webConcurrency: 3, databaseUrl: undefined })
    expect(plan.workers).toBe(1)
    expect(plan.notice).toBe(
      "WEB_CONCURRENCY=3 ignored: PGlite's data folder belongs to one process; set DATABASE_URL (PostgreSQL) to run several workers",
    )
    expect(plan.notice).not.toContain('\n')
    expect(planWorkers({ webConcurrency: 1, databaseUrl: undefined })).toEqual({ workers: 1 })
  })
})

interface Line {
  msg: string
  pid?: number
  port?: number
}

/** Starts the fixture's primary and collects its output lines (its own and its workers'). */
function startFixture(
  workers: number,
  env: Record<string, string> = {},
): {
  child: ChildProcess
  lines: Line[]
  exited: Promise<number | null>
} {
  const child = spawn(process.execPath, ['server/testing/cluster-fixture.ts'], {
    env: { ...process.env, FIXTURE_WORKERS: String(workers), FIXTURE_DELAY_MS: '600', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const lines: Line[] = []
  let buffered = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString()
    const complete = buffered.split('\n')
    buffered = complete.pop() ?? ''
    for (const text of complete) if (text.trim()) lines.push(JSON.parse(text) as Line)
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, lines, exited }
}

async function waitFor(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    // A connection each, so the primary hands them to different workers.
    const request = http.get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      let body = ''
      response.on('data', (chunk) => {
        body += chunk
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
    request.on('error', reject)
  })
}

describe('several workers', () => {
  it('share one port, and on SIGTERM every worker finishes its requests before the primary exits 0', async () => {
    const { child, lines, exited } = startFixture(2)
    try {
      await waitFor(() => lines.filter((line) => line.msg === 'listening').length === 2)
      const listening = lines.filter((line) => line.msg === 'listening')
      const port = listening[0]?.port ?? 0
      expect(listening[1]?.port).toBe(port)
      await waitFor(() => lines.some((line) => line.msg === 'every worker is serving'))

      const inFlight = Array.from({ length: 6 }, (_, index) => get(port, `/slow/${index}`))
      await new Promise((resolve) => setTimeout(resolve, 150))
      child.kill('SIGTERM')
      const answers = await Promise.all(inFlight)
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200])
      const servedBy = new Set(answers.map((answer) => answer.body.split(' ')[2]))
      expect(servedBy.size).toBe(2)
      expect(await exited).toBe(0)
      expect(lines.filter((line) => line.msg === 'draining')).toHaveLength(2)
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  })

  it('replaces a worker that dies while serving', async () => {
    const { child, lines, exited } = startFixture(2)
    try {
      await waitFor(() => lines.some((line) => line.msg === 'every worker is serving'))
      const victim = lines.find((line) => line.msg === 'listening')?.pid ?? 0
      process.kill(victim, 'SIGKILL')
      await waitFor(() => lines.filter((line) => line.msg === 'listening').length === 3)
      expect(lines.some((line) => line.msg === 'worker died; starting another')).toBe(true)
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  })

  it('answer one scrape at the primary with every worker’s metrics summed, from their start', async () => {
    const metricsPort = await freePort()
    const { child, lines, exited } = startFixture(2, {
      FIXTURE_METRICS_PORT: String(metricsPort),
      FIXTURE_DELAY_MS: '50',
      FIXTURE_BOOT_MS: '3000',
    })
    try {
      // Workers still booting answer with nothing rather than fail the scrape.
      await waitFor(() => lines.some((line) => line.msg === 'metrics listening'))
      await waitFor(() => lines.filter((line) => line.msg === 'booting').length === 2)
      const whileBooting = await get(metricsPort, '/metrics')
      expect(whileBooting.status).toBe(200)
      expect(whileBooting.body).not.toContain('tickerwise_http_requests_total{')
      await waitFor(() => lines.some((line) => line.msg === 'every worker is serving'))
      const port = lines.find((line) => line.msg === 'listening')?.port ?? 0
      const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => get(port, `/slow/${index}`)))
      expect(new Set(answers.map((answer) => answer.body.split(' ')[2])).size).toBe(2)
      const scrape = await get(metricsPort, '/metrics')
      expect(scrape.status).toBe(200)
      expect(scrape.body).toContain(
        'tickerwise_http_requests_total{method="GET",route="/slow/:n",status="200"} 6',
      )
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  })
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}
