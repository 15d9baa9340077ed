/**
 * Pages for API tests, without a production build: Vite compiles the server build from source (as in development,
 * server/dev.ts) and the host serves it in production mode, so the page cache and compression behave as deployed.
 * A few seconds per test file; close it in afterAll.
 */
import path from 'node:path'
import type { ServerBuild } from 'react-router'
import { createServer } from 'vite'
import type { PageBuildSource } from '#server/http/pages.ts'

export async function loadTestPages(): Promise<{ pages: PageBuildSource; close(): Promise<void> }> {
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'silent',
    // Apart from the development server's cache, which may be in use.
    cacheDir: path.resolve('node_modules/.cache/vite-test-pages'),
  })
  const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild
  return {
    pages: { mode: 'production', getBuild: async () => build },
    close: () => vite.close(),
  }
}
