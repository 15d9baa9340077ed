import { sql } from 'drizzle-orm'
import { existsSync } from 'node:fs'
import { openDatabase, selectRows } from '#server/db/database.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { seedDatabase } from '#server/db/seed.ts'
import { buildNewArticle } from '#server/modules/articles/article-documents.ts'
import { insertArticles } from '#server/modules/articles/articles.repo.ts'
import { createArticlesService } from '#server/modules/articles/articles.service.ts'
import { generateSyntheticArticles } from '#server/modules/articles/seed/generate-synthetic-corpus.ts'
import { seedTags } from '#server/modules/articles/seed/seed-tags.ts'
const dir = '/tmp/tw-scratch-pglite'
const fresh = !existsSync(dir)
const database = await openDatabase({ kind: 'pglite', dataDir: dir })
const { db } = database
if (fresh) {
  await migrateDatabase(database); await seedDatabase(database)
  const tagText = new Map(seedTags.map((tag) => [tag.key, tag.text]))
  let batch: any[] = []
  for (const article of generateSyntheticArticles({ count: Number(process.argv[2] ?? 20000), seed: 20261120 })) {
    batch.push(buildNewArticle({ ...article, cover: `${article.topic}.svg` }, (key) => tagText.get(key)))
    if (batch.length === 250) { await insertArticles(db, batch); batch = [] }
  }
  await insertArticles(db, batch)
  await db.execute(sql`vacuum analyze`)
}
const mode = process.argv[3]
const queries = mode === "sql" ? process.argv.slice(4) : []
if (mode === 'service') {
  const articles = createArticlesService({ db })
  const qs: [string, any][] = [['nvidia','en'],['dividend','en'],['revenue','en'],['tencent buyback','en'],['toyota hybrid','en'],['free cash flow','en'],['samsung','en'],['gross margin guidance','en'],['kakao','en'],['shinhan financial','en'],['營收','zh-Hant'],['台積電','zh-Hant'],['股息','zh-Hant'],['騰訊 回購','zh-Hant'],['殖利率','zh-Hant'],['積電','zh-Hant'],['毛利率','zh-Hant'],['財測','zh-Hant'],['三星電子','zh-Hant'],['新韓金融','zh-Hant']]
  for (const [q, l] of qs) await articles.findArticles({ keyword: q, page: 1, pageSize: 12 }, l)
  for (const [q, l] of qs) {
    const times: number[] = []
    for (let i = 0; i < 5; i++) { const t0 = performance.now(); await articles.findArticles({ keyword: q, page: 1, pageSize: 12 }, l); times.push(performance.now() - t0) }
    console.log(q, times.map((t) => t.toFixed(1)).join(' '))
  }
} else {
  for (const q of queries) {
    const t0 = performance.now()
    const rows = await selectRows<any>(db, sql.raw(q))
    console.log(`${(performance.now() - t0).toFixed(1)} ms`)
    for (const r of rows) console.log(Object.values(r).join(' | '))
  }
}
await database.close()
