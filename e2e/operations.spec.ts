/** The process as an operator runs it: it starts, answers, and stops cleanly on SIGTERM, keeping its data. */
import { type ChildProcess, spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { expect, languageNeutral, test } from './support/fixtures.ts'
import { e2ePort } from './support/sites.ts'

const port = e2ePort + 10
const dataDir = `node_modules/.cache/e2e-operations-${port}`

function startServer(): { child: ChildProcess; output: () => string } {
  let output = ''
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_ENV: 'develop',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'info',
      // About the process, not the data: a two-company universe keeps the first start short.
      MARKET_DATA_COMPANIES: 'us:AAPL,hk:0700',
      MARKET_DATA_DEMO_END_DATE: '2026-11-20',
    },
  })
  child.stdout?.on('data', (chunk) => {
    output += String(chunk)
  })
  child.stderr?.on('data', (chunk) => {
    output += String(chunk)
  })
  return { child, output: () => output }
}

/**
 * Until the server answers, for as long as the test allows: a first start creates and seeds a database, which on a
 * busy machine takes more than a minute. A server that exits first fails the test at once, with what it printed.
 */
async function waitUntilServing(server: ReturnType<typeof startServer>): Promise<void> {
  for (;;) {
    if (server.child.exitCode !== null) {
      throw new Error(
        `the server exited (${server.child.exitCode}) before serving:\n${server.output().slice(-2000)}`,
      )
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/portal`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

test.describe('operating the server', () => {
  test.skip(({ site }) => site.locale !== 'en', 'one run is enough: it is about the process, not a language')

  test('stops cleanly on SIGTERM and starts again on the same data', languageNeutral, async () => {
    test.setTimeout(240_000)
    rmSync(dataDir, { recursive: true, force: true })
    const first = startServer()
    const second = { current: undefined as ReturnType<typeof startServer> | undefined }
    try {
      await waitUntilServing(first)
      const response = await fetch(`http://127.0.0.1:${port}/api/portal/home/listMenu`, {
        headers: { host: `en.localhost:${port}` },
      })
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
      await expect.poll(() => first.output()).toContain('"reqId"')
      const exited = new Promise<number | null>((resolve) => first.child.on('exit', resolve))
      first.child.kill('SIGTERM')
      expect(await exited).toBe(0)
      expect(first.output()).toContain('shutting down')

      second.current = startServer()
      await waitUntilServing(second.current)
      const again = await fetch(`http://127.0.0.1:${port}/api/portal/text?key=about-us`, {
        headers: { host: `en.localhost:${port}` },
      })
      expect((await again.json()).code).toBe(200)
    } finally {
      for (const server of [first, second.current]) {
        if (server && server.child.exitCode === null) {
          server.child.kill('SIGTERM')
          await new Promise((resolve) => server.child.on('exit', resolve))
        }
      }
    }
  })
})
