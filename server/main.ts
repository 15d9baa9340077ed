/**
 * Production entry (`npm start`, `node server/main.ts`): makes sure the process runs with the server's V8 and memory
 * allocator settings and loads the build's stripped modules (node-flags.ts), then serves (serve.ts). Nothing else is
 * imported before that: a relaunch would load it twice.
 */
import { buildDir } from './build-dir.ts'
import { relaunchWithServerSettings } from './node-flags.ts'

relaunchWithServerSettings(buildDir)
await import('./serve.ts')
