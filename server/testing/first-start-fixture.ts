/**
 * A first start as the production entry makes it (serve.ts): configuration from the environment, the database
 * opened, migrated and seeded by bootRuntime, the seed's progress logged as JSON lines — then `booted` and a clean
 * exit, without serving pages (lines written as they happen, so a kill lands where the test means it) (the unit tests run before a build exists). server/db/first-start-recovery.test.ts
 * kills it at chosen lines of that log.
 */
import pino from 'pino'
import { bootRuntime } from '#server/boot.ts'
import { loadConfig } from '#server/config.ts'

const config = loadConfig()
const runtime = await bootRuntime({
  config,
  seedLog: pino({ level: 'info', name: 'seed' }, pino.destination({ sync: true })),
})
await runtime.close()
console.log(JSON.stringify({ msg: 'booted' }))
