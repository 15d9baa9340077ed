/**
 * Everything a process needs before it can answer: configuration, database (opened, migrated, seeded),
 * optional Redis, services. Shared by the production entry (main.ts), development (dev.ts), operator commands
 * and tests, so there is one way to start.
 */
import { Redis } from 'ioredis'
import type { Clock } from './clock.ts'
import { type Config, loadConfig } from './config.ts'
import { type Database, openDatabase } from './db/database.ts'
import { migrateDatabase } from './db/migrate.ts'
import { seedDatabase } from './db/seed.ts'
import type { SmsSender } from './providers/sms/sms-sender.ts'
import { createServices, type Services } from './services.ts'

export interface Runtime {
  config: Config
  database: Database
  redis: Redis | undefined
  services: Services
  close(): Promise<void>
}

export async function bootRuntime(
  options: {
    config?: Config
    database?: Database
    seed?: boolean
    clock?: Clock
    smsSender?: SmsSender
  } = {},
): Promise<Runtime> {
  const config = options.config ?? loadConfig()
  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
        : { kind: 'pglite', dataDir: config.dataDir },
    ))
  try {
    await migrateDatabase(database)
    if (options.seed !== false) await seedDatabase(database, { config })
  } catch (error) {
    await database.close()
    throw error
  }
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false })
    : undefined
  const services = createServices({
    config,
    database,
    redis,
    clock: options.clock,
    smsSender: options.smsSender,
  })
  return {
    config,
    database,
    redis,
    services,
    async close() {
      redis?.disconnect()
      await database.close()
    },
  }
}
