import path from 'node:path'
import type { Config } from '@react-router/dev/config'
import { compressAssets, describeSummary } from './scripts/compress-assets.ts'

export default {
  appDirectory: 'app',
  // BUILD_DIR lets several builds coexist (e.g. parallel browser-test runs); the server reads the same variable.
  buildDirectory: process.env.BUILD_DIR || 'build',
  ssr: true,
  // The whole route manifest ships with the page (it is small), so link intent can preload any route's code.
  routeDiscovery: { mode: 'initial' },
  // Every build ends with the `.br` and `.gz` variants of the browser files (ADR 0012).
  async buildEnd({ reactRouterConfig }) {
    const summary = await compressAssets(path.join(reactRouterConfig.buildDirectory, 'client'))
    console.log(describeSummary(summary))
  },
} satisfies Config
