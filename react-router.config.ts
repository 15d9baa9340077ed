import path from 'node:path'
import type { Config } from '@react-router/dev/config'
import { compressAssets, describeSummary } from './scripts/compress-assets.ts'
import { stripServerTypes } from './scripts/strip-server-types.ts'

export default {
  appDirectory: 'app',
  // BUILD_DIR lets several builds coexist (e.g. parallel browser-test runs); the server reads the same variable.
  buildDirectory: process.env.BUILD_DIR || 'build',
  ssr: true,
  // Each page carries only its own routes' part of the manifest, in its document; the router asks `/__manifest` for
  // the routes its links lead to once it is idle, so link intent still preloads their code. With the whole manifest
  // every new route cost every page ~0.23 kB (ADR 0011, ninth amendment).
  routeDiscovery: { mode: 'lazy' },
  // Every build ends with the `.br` and `.gz` variants of the browser files (ADR 0012) and the server's modules
  // stripped of their types (ADR 0047).
  async buildEnd({ reactRouterConfig }) {
    const summary = await compressAssets(path.join(reactRouterConfig.buildDirectory, 'client'))
    console.log(describeSummary(summary))
    const stripped = await stripServerTypes(reactRouterConfig.buildDirectory)
    console.log(`stripped the types of ${stripped} server modules`)
  },
} satisfies Config
