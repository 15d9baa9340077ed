/**
 * Everything a process needs before it can answer: configuration, database (opened, migrated, seeded),
 * optional Redis, services. Shared by the production entry (main.ts), development (dev.ts), operator commands
 * and tests, so there is one way to start.
 */
import type { Redis } from 'ioredis'
import pino from 'pino'
import type { Clock } from './clock.ts'
import { type Config, loadConfig } from './config.ts'
import { type Database, openDatabase } from './db/database.ts'
import { migrateDatabase } from './db/migrate.ts'
import { seedDatabase } from './db/seed.ts'
import { createArticleChanges } from './modules/articles/article-changes.ts'
import type { Assistant } from './modules/chat/assistant.ts'
import type { FileStorage } from './providers/file-storage/file-storage.ts'
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
    assistant?: Assistant
    fileStorage?: FileStorage
  } = {},
): Promise<Runtime> {
  const config = options.config ?? loadConfig()
  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
        : { kind: 'pglite', dataDir: config.dataDir, thread: config.pgliteThread },
    ))
  try {
    await migrateDatabase(database)
    if (options.seed !== false) await seedDatabase(database, { config })
  } catch (error) {
    await database.close()
    throw error
  }
  // Loaded only where Redis is configured.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false })
    : undefined
  const changesLog = pino({ level: config.logLevel, name: 'article-changes' })
  const articleChanges = createArticleChanges({
    database,
    redis,
    log: (message, error) => changesLog.warn({ err: error }, message),
  })
  const services = createServices({
    config,
    database,
    redis,
    articleChanges,
    clock: options.clock,
    smsSender: options.smsSender,
    assistant: options.assistant,
    fileStorage: options.fileStorage,
  })
  return {
    config,
    database,
    redis,
    services,
    async close() {
      // Readings in progress finish first: they write to the database.
      await services.chatFiles.close()
      await articleChanges.close()
      redis?.disconnect()
      await database.close()
    },
  }
}
