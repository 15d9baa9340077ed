/**
 * The weekly digest to many readers (issue 26; `node bench/digest.bench.ts`, or `npm run bench -- digest`): the
 * services on a fresh database (PGlite in a temporary folder, or DATABASE_URL), BENCH_RECIPIENTS (100,000)
 * synthetic confirmed sign-ups (half English, half Chinese, over the five sites) inserted in one statement, of which
 * BENCH_MEMBER_SHARE (10 %) are the verified addresses of members following BENCH_FOLLOWED (20) stocks each (their
 * issue lists their plan's picks and their watchlist's week moves), then:
 * 1. the issue queued (`digest.sendIssue`: a batch of sign-ups read and queued per statement);
 * 2. every message sent through the queue (`mail.deliverDue`, as the `mail-queue` job does) by the SMTP adapter to
 *    a local SMTP server on loopback that counts what arrives and keeps nothing.
 * Prints the queue time, messages per second through SMTP, and the process's memory (RSS and heap) before, at its
 * peak (sampled every 100 ms) and after. Figures vary with the machine; compare runs on the same machine only.
 */
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { startBenchServer } from './support/bench-server.ts'

const recipients = Number(process.env.BENCH_RECIPIENTS ?? 100_000)
const memberShare = Number(process.env.BENCH_MEMBER_SHARE ?? 0.1)
const followed = Number(process.env.BENCH_FOLLOWED ?? 20)

let arrived = 0
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  onData(stream, _session, callback) {
    stream.on('end', () => {
      arrived++
      callback()
    })
    stream.resume()
  },
})
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
const smtpPort = (smtp.server.address() as AddressInfo).port

const toMb = (bytes: number) => Math.round(bytes / 1048576)
function memory() {
  const usage = process.memoryUsage()
  return { 'rss MB': toMb(usage.rss), 'heap used MB': toMb(usage.heapUsed) }
}
const peak = { rss: 0, heapUsed: 0 }
const sampler = setInterval(() => {
  const usage = process.memoryUsage()
  peak.rss = Math.max(peak.rss, usage.rss)
  peak.heapUsed = Math.max(peak.heapUsed, usage.heapUsed)
}, 100)

const server = await startBenchServer(
  {
    JOBS_ENABLED: 'false',
    MAIL_PROVIDER: 'smtp',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    LOG_LEVEL: 'warn',
  },
  { pages: false },
)
const { services, database } = server.runtime

try {
  await database.db.execute(sql`
    insert into newsletter_signups (email, locale, region, source, confirmed_at)
    select 'reader' || i || '@bench.example.com',
           case when i % 2 = 0 then 'en' else 'zh-Hant' end,
           (array['en', 'hant', 'hk', 'kr', 'jp'])[1 + i % 5],
           'footer',
           now()
    from generate_series(1, ${recipients}) as i`)
  // Every (1 / share)-th sign-up is a member's verified address; each member follows `followed` stocks of the US.
  const every = Math.max(1, Math.round(1 / memberShare))
  const codes = (JSON.parse(await services.stocks.readAlertFiguresJson('us')) as Array<{ code: string }>).map(
    (figure) => figure.code,
  )
  await database.db.execute(sql`
    insert into members (phone, locale, registered_at, last_login_at)
    select '+8528' || lpad(i::text, 7, '0'), 'en', now(), now()
    from generate_series(1, ${recipients}) as i where i % ${every} = 0`)
  await database.db.execute(sql`
    insert into member_emails (member_id, address, verified_at, verification_id, requested_at, locale, region)
    select id, 'reader' || ltrim(substr(phone, 6), '0') || '@bench.example.com', now(), gen_random_uuid(), now(), 'en', 'en'
    from members where phone like '+8528%'`)
  await database.db.execute(sql`
    insert into watchlists (member_id, name, position, created_at)
    select id, 'Bench', 0, now() from members where phone like '+8528%'`)
  await database.db.execute(sql`
    insert into watchlist_stocks (list_id, market, code, position, added_at)
    select w.id, 'us', (${sql.param(codes)}::text[])[1 + (m.n + k) % ${codes.length}], k, now()
    from (select id, member_id from watchlists where name = 'Bench') w
    join (select id, row_number() over (order by phone) as n from members where phone like '+8528%') m
      on m.id = w.member_id
    cross join generate_series(0, ${Math.min(followed, codes.length) - 1}) as k`)
  global.gc?.()
  const before = memory()
  peak.rss = 0
  peak.heapUsed = 0

  const queueStarted = performance.now()
  const { week, queued } = await services.digest.sendIssue()
  const queueSeconds = (performance.now() - queueStarted) / 1000
  const afterQueue = memory()

  console.log(
    `queued ${queued} in ${queueSeconds.toFixed(1)} s (${Math.round(queued / queueSeconds)} messages/s)`,
    memory(),
  )
  const sendStarted = performance.now()
  let sent = 0
  for (;;) {
    const counts = await services.mail.deliverDue()
    sent += counts.sent
    if (counts.sent + counts.retry + counts.failed + counts.suppressed === 0) break
  }
  const sendSeconds = (performance.now() - sendStarted) / 1000
  global.gc?.()
  const after = memory()
  const issue = await services.mail.countIssue(`digest:${week}:`)

  console.log(
    `weekly digest to ${recipients} confirmed sign-ups, ${Math.floor(recipients / every)} of them members' verified addresses following ${followed} stocks (${database.kind})`,
  )
  console.table([
    {
      what: 'queue the issue',
      messages: queued,
      seconds: Number(queueSeconds.toFixed(1)),
      'messages/s': Math.round(queued / queueSeconds),
    },
    {
      what: 'send through SMTP',
      messages: sent,
      seconds: Number(sendSeconds.toFixed(1)),
      'messages/s': Math.round(sent / sendSeconds),
    },
  ])
  console.table({
    before,
    'after queuing': afterQueue,
    peak: { 'rss MB': toMb(peak.rss), 'heap used MB': toMb(peak.heapUsed) },
    after,
  })
  console.log(`arrived at the SMTP server: ${arrived}; the send log says`, issue)
} finally {
  clearInterval(sampler)
  await server.close()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
}
