import type { Config } from '@react-router/dev/config'

export default {
  appDirectory: 'app',
  // BUILD_DIR lets several builds coexist (e.g. parallel browser-test runs); the server reads the same variable.
  buildDirectory: process.env.BUILD_DIR || 'build',
  ssr: true,
  // The whole route manifest ships with the page (it is small), so link intent can preload any route's code.
  routeDiscovery: { mode: 'initial' },
} satisfies Config
