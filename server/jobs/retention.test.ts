import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ArticleDocumentInput } from '#contracts/console.ts'
import { createManualClock } from '#server/clock.ts'
import { selectRows } from '#server/db/database.ts'
import type { Reader } from '#server/kernel/reader.ts'
import { FileNotFoundError, type FileStorage } from '#server/providers/file-storage/file-storage.ts'
import { createLocalFileStorage } from '#server/providers/file-storage/local-file-storage.ts'
import { createReaderClients } from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'

// One timeline for the whole file: things happen on day N after `start`, housekeeping runs on day 40, and with
// 30 days of retention everything from before day 10 is old.
const start = new Date('2026-03-01T00:00:00Z').getTime()
const dayMs = 24 * 60 * 60 * 1000
const clock = createManualClock(new Date(start))
const onDay = (day: number) => clock.set(new Date(start + day * dayMs))
const housekeepingDay = 40

const clients = createReaderClients({ ipPrefix: '10.93', phonePrefix: '6293' })
let runtime: TestRuntime
let dataDir: string
let storage: FileStorage
/** When true, file storage refuses to delete (an S3 outage). */
let storageDown = false

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'retention-'))
  const local = createLocalFileStorage({ dataDir })
  storage = {
    ...local,
    kind: local.kind,
    async delete(keys) {
      if (storageDown) throw new Error('storage is down')
      await local.delete(keys)
    },
  }
  runtime = await createTestRuntime(
    {
      DATA_DIR: dataDir,
      ARTICLE_REVISIONS_KEEP: '2',
      RETENTION_ARTICLE_REVISIONS_DAYS: '30',
      RETENTION_AUDIT_LOG_DAYS: '30',
      RETENTION_ANALYTICS_EVENTS_DAYS: '30',
      RETENTION_DELETED_CHAT_FILES_DAYS: '7',
      RETENTION_ENDED_SESSIONS_DAYS: '30',
      QUOTA_VISITORS_PER_NETWORK: '1000',
      QUOTA_UPLOAD_PER_DAY: '100,100,100,100,100',
      QUOTA_UPLOAD_PER_MONTH: '100,100,100,100,100',
    },
    { clock, smsSender: clients.smsSender, fileStorage: storage },
  )
  clients.bind(runtime)
}, 120_000)
afterAll(async () => {
  await runtime?.close()
  await rm(dataDir, { recursive: true, force: true })
})

async function count(statement: ReturnType<typeof sql>): Promise<number> {
  const [row] = await selectRows<{ n: number }>(runtime.database.db, statement)
  return Number(row?.n ?? 0)
}

describe('article revisions', () => {
  let document: (key: string, title: string) => ArticleDocumentInput

  beforeAll(async () => {
    const options = await runtime.services.console.newsroom.listNewsroomOptions()
    document = (key, title) => ({
      key,
      kind: 'analysis',
      topic: options.topics[0]?.slug as string,
      market: 'hk',
      author: options.authors[0]?.key as string,
      tags: [],
      stocks: [],
      menuGroups: [],
      versions: {
        en: {
          title,
          summary: `${title} summary`,
          bodyMarkdown: `Body of ${title}.`,
          seoTitle: '',
          seoDescription: '',
        },
        'zh-Hant': null,
      },
    })
  })

  /** Creates an article on the first day given and saves it once on each of the others. */
  async function articleSavedOn(key: string, days: number[]): Promise<number> {
    const [first = 0, ...rest] = days
    onDay(first)
    const { newsroom } = runtime.services.console
    let article = await newsroom.createArticle(document(key, `Retention ${key} 0`), null)
    for (const [i, day] of rest.entries()) {
      onDay(day)
      article = await newsroom.saveArticle(
        article.id,
        { revision: article.revision, document: document(key, `Retention ${key} ${i + 1}`) },
        null,
      )
    }
    return article.id
  }

  const revisionNumbers = async (id: number) =>
    (await runtime.services.console.newsroom.listRevisions(id)).map((revision) => revision.number)

  it('forgets old revisions but keeps recent ones and always the newest of each article', async () => {
    const edited = await articleSavedOn('retention-edited', [1, 2, 20, 35, 36])
    const untouched = await articleSavedOn('retention-untouched', [1, 2, 3])
    const fresh = await articleSavedOn('retention-fresh', [38, 39, 39])
    expect(await revisionNumbers(edited)).toEqual([5, 4, 3, 2, 1])

    onDay(housekeepingDay)
    await runtime.services.retention.applyRetention()

    // Days 1 and 2 are old and not among the newest two; day 20 is recent.
    expect(await revisionNumbers(edited)).toEqual([5, 4, 3])
    // All old, but the newest two of an article always stay: its current state among them.
    expect(await revisionNumbers(untouched)).toEqual([3, 2])
    expect(await revisionNumbers(fresh)).toEqual([3, 2, 1])
    const restored = await runtime.services.console.newsroom.restoreRevision(untouched, 2, 3, null)
    expect(restored.revision).toBe(4)
  })
})

describe('the audit log', () => {
  it('forgets entries older than its days and keeps the others', async () => {
    const { audit } = runtime.services.console
    const record = (entityId: string) =>
      audit.recordChange({
        actor: null,
        action: 'retention.test',
        entity: 'retention',
        entityId,
        before: null,
        after: {},
      })
    onDay(5)
    await record('old')
    onDay(15)
    await record('recent')

    onDay(housekeepingDay)
    await runtime.services.retention.applyRetention()

    const page = await audit.listAuditEntries({ entity: 'retention', page: 1, pageSize: 50 })
    expect(page.rows.map((row) => row.entityId)).toEqual(['recent'])
  })
})

describe('raw analytics events', () => {
  const eventsOf = (subSessionId: string) =>
    count(sql`select count(*)::int as n from tracking_events where sub_session_id = ${subSessionId}`)

  async function recordOn(day: number, subSessionId: string) {
    onDay(day)
    await runtime.services.tracking.recordEvent(
      { eventType: 'page_view', subSessionId, pageUrl: 'https://example.com/articles/a' },
      { lang: 'en', isLoggedIn: false, attribution: { referer: null, landing: null } },
    )
  }

  it('forgets only events the rollup has counted, and of those only the old ones', async () => {
    await recordOn(1, 'retention-counted-old')
    await recordOn(3, 'retention-uncounted-old')
    await recordOn(39, 'retention-recent')
    // Housekeeping before any rollup forgets nothing: none is counted yet.
    onDay(housekeepingDay)
    await runtime.services.retention.applyRetention()
    expect(await eventsOf('retention-counted-old')).toBe(1)

    // The rollup counts up to day 2 only (it ran then, and not since).
    onDay(2)
    await runtime.services.console.analytics.rollUp()
    onDay(housekeepingDay)
    await runtime.services.retention.applyRetention()

    expect(await eventsOf('retention-counted-old')).toBe(0)
    expect(await eventsOf('retention-uncounted-old')).toBe(1)
    expect(await eventsOf('retention-recent')).toBe(1)

    // Once counted, the old one goes too; the recent one stays.
    await runtime.services.console.analytics.rollUp()
    await runtime.services.retention.applyRetention()
    expect(await eventsOf('retention-uncounted-old')).toBe(0)
    expect(await eventsOf('retention-recent')).toBe(1)
  })
})

describe('files of deleted chat conversations', () => {
  const visitor: Reader = {
    role: 'visitor',
    memberId: null,
    tier: null,
    sessionId: null,
    device: { key: 'retention-test-device', network: 'retention-test-network' },
  }

  /** A conversation with one uploaded text file; answers the conversation and the file's storage key. */
  async function conversationWithFile(): Promise<{ conversationId: string; storageKey: string }> {
    const { chat, chatFiles } = runtime.services
    const { subSessionId } = await chat.startConversation(visitor)
    async function* parts() {
      yield {
        fileName: 'notes.txt',
        stream: Readable.from([Buffer.from('Quarterly notes on margins and cash flow.\n')]),
        wasCutShort: () => false,
      }
    }
    const [outcome] = await chatFiles.uploadFiles(subSessionId, parts(), visitor)
    if (!outcome || !('file' in outcome)) throw new Error(`upload refused: ${JSON.stringify(outcome)}`)
    await chatFiles.whenReadingsDone()
    const [row] = await selectRows<{ storageKey: string }>(
      runtime.database.db,
      sql`select storage_key as "storageKey" from chat_files where id = ${outcome.file.id}`,
    )
    return { conversationId: subSessionId, storageKey: row?.storageKey as string }
  }

  const isStored = (key: string) =>
    storage.open(key).then(
      (stream) => {
        stream.destroy()
        return true
      },
      (error: unknown) => {
        if (error instanceof FileNotFoundError) return false
        throw error
      },
    )

  it('removes the stored file once the conversation has been deleted for its days', async () => {
    onDay(30)
    const deletedLongAgo = await conversationWithFile()
    const deletedLately = await conversationWithFile()
    const kept = await conversationWithFile()
    await runtime.services.chat.deleteConversation(deletedLongAgo.conversationId, visitor)
    onDay(housekeepingDay - 1)
    await runtime.services.chat.deleteConversation(deletedLately.conversationId, visitor)
    // The rows go with the conversation at once; the bytes wait for housekeeping.
    expect(
      await count(
        sql`select count(*)::int as n from chat_files where conversation_id = ${deletedLongAgo.conversationId}`,
      ),
    ).toBe(0)
    expect(await isStored(deletedLongAgo.storageKey)).toBe(true)

    onDay(housekeepingDay)
    await runtime.services.retention.applyRetention()

    expect(await isStored(deletedLongAgo.storageKey)).toBe(false)
    expect(await isStored(deletedLately.storageKey)).toBe(true)
    expect(await isStored(kept.storageKey)).toBe(true)
    expect((await runtime.services.chatFiles.listFiles(kept.conversationId, visitor)).length).toBe(1)
  })

  it('tries again at the next run when storage fails, and applies the other rules all the same', async () => {
    onDay(30)
    const { conversationId, storageKey } = await conversationWithFile()
    await runtime.services.chat.deleteConversation(conversationId, visitor)
    const { audit } = runtime.services.console
    onDay(5)
    await audit.recordChange({
      actor: null,
      action: 'retention.test',
      entity: 'retention-outage',
      entityId: 'old',
      before: null,
      after: {},
    })

    onDay(housekeepingDay)
    storageDown = true
    await expect(runtime.services.retention.applyRetention()).rejects.toThrow('storage is down')
    storageDown = false
    expect(await isStored(storageKey)).toBe(true)
    const page = await audit.listAuditEntries({ entity: 'retention-outage', page: 1, pageSize: 50 })
    expect(page.rows).toEqual([])

    await runtime.services.retention.applyRetention()
    expect(await isStored(storageKey)).toBe(false)
  })

  it('keeps the bytes of a file whose conversation was not deleted after all', async () => {
    onDay(20)
    const { conversationId, storageKey } = await conversationWithFile()
    // Listed for removal, but the conversation's own deletion never happened (refused, or the process stopped).
    await runtime.services.chatFiles.deleteConversationFiles(conversationId)

    onDay(housekeepingDay)
    await runtime.services.retention.applyRetention()

    expect(await isStored(storageKey)).toBe(true)
    expect((await runtime.services.chatFiles.listFiles(conversationId, visitor)).length).toBe(1)
  })
})

describe('ended sessions', () => {
  const sessionsCreatedOn = (day: number) =>
    count(
      sql`select count(*)::int as n from sessions where created_at = ${new Date(start + day * dayMs).toISOString()}::timestamptz`,
    )

  it('forgets sessions that ended more than its days ago and keeps the others', async () => {
    // Sessions end after 7 idle days (SESSION_IDLE_DAYS): on day 8, 32 and (still open) 46.
    onDay(1)
    await clients.newMember()
    onDay(25)
    await clients.newMember()
    onDay(39)
    await clients.newMember()

    onDay(housekeepingDay)
    await runtime.services.retention.applyRetention()

    expect(await sessionsCreatedOn(1)).toBe(0)
    expect(await sessionsCreatedOn(25)).toBe(1)
    expect(await sessionsCreatedOn(39)).toBe(1)
  })
})
