/**
 * Word that the catalogue changed (an article published, edited, taken down), to every process that serves it, so
 * caches of what readers see (the articles service's lists and details, the header menu, the page cache) drop what
 * they hold at once instead of when their time runs out.
 *
 * The word travels the way the processes already share state: Redis pub/sub when REDIS_URL is set, else PostgreSQL
 * LISTEN/NOTIFY, else (PGlite, one process) only within the process. Listeners of the publishing process hear it at
 * once, before `publish` resolves; others as soon as the message arrives. A listener connection that drops is
 * re-opened, and the listeners then hear a change of unknown articles (a message may have been missed meanwhile).
 * Caches keep their own time limits besides: a change made where nobody publishes (a hand-written SQL update) still
 * shows within them.
 *
 * Decides nothing about what a change means for a cache: each listener drops what it holds.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Redis } from 'ioredis'
import type pg from 'pg'
import type { Database } from '#server/db/database.ts'

/** The articles that changed, by key; empty when unknown (any article may have changed). */
export interface ArticleChange {
  keys: string[]
}

export type ArticleChangeListener = (change: ArticleChange) => void

export interface ArticleChanges {
  /** Tells every process, this one first. */
  publish(change: ArticleChange): Promise<void>
  /** Returns the function that stops listening. */
  subscribe(listener: ArticleChangeListener): () => void
  close(): Promise<void>
}

/** The channel name, in Redis and in PostgreSQL (an identifier: no quoting needed). */
export const articleChangesChannel = 'tickerwise_article_changes'

/** How long to wait before re-opening a listener connection that dropped. */
const reconnectMillis = 1_000

interface Transport {
  send(message: string): Promise<void>
  close(): Promise<void>
}

/**
 * The channel of this process: over Redis when given, else over PostgreSQL when the database is PostgreSQL, else
 * within the process. `log` hears a transport failure (the change still reached this process's listeners).
 */
export function createArticleChanges(
  options: {
    database?: Pick<Database, 'db' | 'kind' | 'url'>
    redis?: Redis | undefined
    log?: (message: string, error: unknown) => void
  } = {},
): ArticleChanges {
  const origin = randomUUID()
  const listeners = new Set<ArticleChangeListener>()
  const log = options.log ?? (() => undefined)

  const deliver = (change: ArticleChange) => {
    for (const listener of [...listeners]) {
      try {
        listener(change)
      } catch (error) {
        log('article change listener failed', error)
      }
    }
  }

  /** A message from another process (our own come back too, and are skipped: we delivered them at publish). */
  const receive = (message: string) => {
    try {
      const parsed = JSON.parse(message) as { origin?: unknown; keys?: unknown }
      if (parsed.origin === origin) return
      const keys = Array.isArray(parsed.keys) ? parsed.keys.filter((key) => typeof key === 'string') : []
      deliver({ keys })
    } catch {
      deliver({ keys: [] })
    }
  }
  /** After a reconnection: what was sent meanwhile is unknown. */
  const missedSome = () => deliver({ keys: [] })

  const transport: Transport | undefined = options.redis
    ? redisTransport(options.redis, receive, missedSome, log)
    : options.database?.kind === 'postgres' && options.database.url
      ? postgresTransport(options.database, receive, missedSome, log)
      : undefined

  return {
    async publish(change) {
      deliver(change)
      if (!transport) return
      try {
        await transport.send(JSON.stringify({ origin, keys: change.keys }))
      } catch (error) {
        log('article change not sent to other processes', error)
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    async close() {
      listeners.clear()
      await transport?.close()
    },
  }
}

function redisTransport(
  redis: Redis,
  receive: (message: string) => void,
  missedSome: () => void,
  log: (message: string, error: unknown) => void,
): Transport {
  // A connection in subscriber mode can do nothing else: its own.
  const subscriber = redis.duplicate()
  let subscribedOnce = false
  let closed = false
  subscriber.on('error', (error) => log('article changes: Redis subscriber', error))
  subscriber.on('message', (_channel, message: string) => receive(message))
  subscriber.on('ready', () => {
    // ioredis re-subscribes by itself after a reconnection; messages sent while it was away are lost.
    if (subscribedOnce) missedSome()
    subscribedOnce = true
  })
  // Closed before the subscription was confirmed (a process that stops right after starting): no failure to report.
  subscriber.subscribe(articleChangesChannel).catch((error) => {
    if (!closed) log('article changes: subscribe', error)
  })
  return {
    async send(message) {
      await redis.publish(articleChangesChannel, message)
    },
    async close() {
      closed = true
      subscriber.disconnect()
    },
  }
}

function postgresTransport(
  database: Pick<Database, 'db' | 'url'>,
  receive: (message: string) => void,
  missedSome: () => void,
  log: (message: string, error: unknown) => void,
): Transport {
  let client: pg.Client | undefined
  let closed = false
  let retry: NodeJS.Timeout | undefined
  let connectedOnce = false

  const connect = async () => {
    if (closed) return
    // Loaded by the processes that listen (PostgreSQL) only.
    const { default: pg } = await import('pg')
    if (closed) return
    const next = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 10_000 })
    let reconnecting = false
    const reconnect = (error?: unknown) => {
      if (reconnecting) return
      reconnecting = true
      if (error) log('article changes: PostgreSQL listener', error)
      next.end().catch(() => undefined)
      if (client === next) client = undefined
      if (!closed) retry = setTimeout(() => void connect(), reconnectMillis)
    }
    next.on('error', reconnect)
    next.on('end', () => reconnect())
    next.on('notification', (notification) => {
      if (notification.channel === articleChangesChannel) receive(notification.payload ?? '')
    })
    try {
      await next.connect()
      await next.query(`listen ${articleChangesChannel}`)
    } catch (error) {
      reconnect(error)
      return
    }
    if (closed) {
      await next.end().catch(() => undefined)
      return
    }
    client = next
    if (connectedOnce) missedSome()
    connectedOnce = true
  }
  void connect()

  return {
    async send(message) {
      await database.db.execute(sql`select pg_notify(${articleChangesChannel}, ${message})`)
    },
    async close() {
      closed = true
      clearTimeout(retry)
      const open = client
      client = undefined
      await open?.end().catch(() => undefined)
    },
  }
}
