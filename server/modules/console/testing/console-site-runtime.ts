/**
 * For console API tests that check what readers then see: a test runtime that renders the public pages, bound to the
 * staff clients, and a browser's page request to either site. With `dataDirPrefix` it keeps its files (covers,
 * uploads) in a folder of its own, removed on `close`.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Clock } from '#server/clock.ts'
import type { createConsoleClients } from '#server/testing/console-clients.ts'
import { loadTestPages } from '#server/testing/test-pages.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'

const browserUserAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'

export async function startConsoleSiteRuntime(
  clients: ReturnType<typeof createConsoleClients>,
  {
    env = {},
    clock,
    dataDirPrefix,
  }: { env?: Record<string, string>; clock?: Clock; dataDirPrefix?: string } = {},
) {
  const dataDir = dataDirPrefix ? await mkdtemp(path.join(tmpdir(), dataDirPrefix)) : null
  const pages = await loadTestPages()
  const removeFiles = async () => {
    await pages.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  }
  let runtime: TestRuntime
  try {
    runtime = await createTestRuntime(dataDir ? { DATA_DIR: dataDir, ...env } : env, {
      ...(clock ? { clock } : {}),
      smsSender: clients.smsSender,
      pages: pages.pages,
    })
  } catch (error) {
    await removeFiles()
    throw error
  }
  clients.bind(runtime)
  return {
    runtime,
    /** A page as a browser asks for it (a document, not an API call) on the English or the Chinese site. */
    page: (pathAndQuery: string, region: 'en' | 'hant') =>
      runtime.app.inject({
        method: 'GET',
        url: pathAndQuery,
        headers: {
          host: `${region}.localhost:3000`,
          'user-agent': browserUserAgent,
          accept: 'text/html,application/xhtml+xml',
          'sec-fetch-dest': 'document',
        },
      }),
    async close() {
      await runtime.close()
      await removeFiles()
    },
  }
}

export type ConsoleSiteRuntime = Awaited<ReturnType<typeof startConsoleSiteRuntime>>
