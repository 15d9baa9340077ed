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
import type { RefreshLogger } from './modules/stocks/refresh-scope.ts'
import type { FileStorage } from './providers/file-storage/file-storage.ts'
import type { MailSender } from './providers/mail/mail-sender.ts'
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
    mailSender?: MailSender
    assistant?: Assistant
    fileStorage?: FileStorage
    /** Told how the seed goes (the production entry logs it: a first start spends most of its time there). */
    seedLog?: RefreshLogger
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
    if (options.seed !== false)
      await seedDatabase(database, { config, ...(options.seedLog ? { log: options.seedLog } : {}) })
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
    mailSender: options.mailSender,
    assistant: options.assistant,
    fileStorage: options.fileStorage,
  })
  // Temporary files a killed process left (an upload half-received, a stored file half-written) go now, not in an
  // hour; a failure here is logged, never a reason not to start.
  await services.chatFiles.removeLeftoverFiles().catch((error: unknown) => {
    pino({ level: config.logLevel, name: 'files' }).warn(
      { err: error },
      'leftover temporary files not removed',
    )
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
      services.mail.close()
      redis?.disconnect()
      await database.close()
    },
  }
}
