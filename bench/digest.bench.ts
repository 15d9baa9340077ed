/**
 * The weekly digest to many readers (issue 26; `node --expose-gc bench/digest.bench.ts`, or `npm run bench --
 * digest`): the services on a fresh database (bench/support/scale-bench.ts: PGlite in a temporary folder, or a
 * database of its own beside DATABASE_URL's, created and dropped), BENCH_RECIPIENTS (100,000)
 * synthetic confirmed sign-ups (half English, half Chinese, over the five sites) inserted in one statement, of which
 * BENCH_MEMBER_SHARE (10 %) are the verified addresses of members following BENCH_FOLLOWED (20) stocks each (their
 * issue lists their plan's picks and their watchlist's week moves), then:
 * 1. the issue queued (`digest.sendIssue`: a batch of sign-ups read and queued per statement);
 * 2. every message sent through the queue (`mail.deliverDue`, as the `mail-queue` job does) by the SMTP adapter to
 *    a local SMTP server on loopback that counts what arrives and keeps nothing.
 * Prints the queue time, messages per second through SMTP, the statements each step sent, and the process's memory
 * (RSS and heap) every 5 s while each step runs, before, at its peak (sampled every 100 ms) and after. Figures vary
 * with the machine; compare runs on the same machine only.
 */
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { startScaleBench } from './support/scale-bench.ts'

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

const bench = await startScaleBench({ MAIL_PROVIDER: 'smtp', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` })
const { services, database } = bench.runtime

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
  const before = bench.settledMemory()
  bench.resetPeak()

  let sent = 0
  const queuing = await bench.measure('queuing', () => services.digest.sendIssue())
  const { week, queued } = queuing.result
  const afterQueue = bench.settledMemory()
  console.log(
    `queued ${queued} in ${queuing.seconds.toFixed(1)} s (${Math.round(queued / queuing.seconds)} messages/s)`,
  )
  const sending = await bench.measure(
    'sending',
    async () => {
      for (;;) {
        const counts = await services.mail.deliverDue()
        sent += counts.sent
        if (counts.sent + counts.retry + counts.failed + counts.suppressed === 0) break
      }
    },
    { progress: () => `${sent} sent, ${arrived} arrived` },
  )
  const after = bench.settledMemory()
  const issue = await services.mail.countIssue(`digest:${week}:`)

  console.log(
    `weekly digest to ${recipients} confirmed sign-ups, ${Math.floor(recipients / every)} of them members' verified addresses following ${followed} stocks (${database.kind})`,
  )
  console.table([
    {
      what: 'queue the issue',
      messages: queued,
      seconds: Number(queuing.seconds.toFixed(1)),
      'messages/s': Math.round(queued / queuing.seconds),
      statements: queuing.statements,
    },
    {
      what: 'send through SMTP',
      messages: sent,
      seconds: Number(sending.seconds.toFixed(1)),
      'messages/s': Math.round(sent / sending.seconds),
      statements: sending.statements,
    },
  ])
  console.table({
    before,
    'after queuing': afterQueue,
    peak: bench.peak(),
    after,
  })
  console.log(`arrived at the SMTP server: ${arrived}; the send log says`, issue)
} finally {
  await bench.close()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
}
