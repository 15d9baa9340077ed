/**
 * Production entry (`npm start`, `node server/main.ts`): makes sure the process runs with the server's V8 and memory
 * allocator settings (node-flags.ts), then serves (serve.ts). Nothing else is imported before that: a relaunch would
 * load it twice.
 */
import { relaunchWithServerSettings } from './node-flags.ts'

relaunchWithServerSettings()
await import('./serve.ts')
