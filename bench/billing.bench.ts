/**
 * Billing over HTTP (`node bench/billing.bench.ts`, or `npm run bench -- billing`), with PAYMENTS_PROVIDER=stripe
 * against the local Stripe stand-in (server/providers/payments/testing/fake-stripe.ts):
 * 1. checkout start: `POST /api/portal/billing/checkout` one at a time (a row written, one loopback round trip to the
 *    stand-in's Checkout Sessions endpoint), p50 and p95;
 * 2. webhook handling: the signed events of many paid checkouts (checkout.session.completed,
 *    customer.subscription.created, invoice.paid), shuffled so they arrive in any order, with a quarter of them
 *    delivered a second time, posted by several senders at once: events a second, duplicates answered as such, and
 *    the end state checked (one subscription and one payment per checkout).
 * The server runs in this process on a fresh database (PGlite in a temporary folder, or DATABASE_URL). Figures vary
 * with the machine and its load; compare runs on the same machine only.
 */
import http from 'node:http'
import { count } from 'drizzle-orm'
import { billingPayments } from '#server/modules/billing/billing.sql.ts'
import { subscriptions } from '#server/modules/subscriptions/subscriptions.sql.ts'
import { startFakeStripe } from '#server/providers/payments/testing/fake-stripe.ts'
import type { SmsSender } from '#server/providers/sms/sms-sender.ts'
import { testEnv } from '#server/testing/test-env.ts'
import { startBenchServer } from './support/bench-server.ts'
import { percentile } from './support/percentile.ts'

const checkoutsMeasured = Number(process.env.BENCH_CHECKOUTS ?? 200)
const paidCheckouts = Number(process.env.BENCH_PAID_CHECKOUTS ?? 300)
const duplicateShare = Number(process.env.BENCH_DUPLICATES ?? 0.25)
const senders = Number(process.env.BENCH_SENDERS ?? 8)

const stripe = await startFakeStripe()
const codes = new Map<string, string>()
const smsSender: SmsSender = {
  name: 'console',
  send: async (message) => {
    codes.set(message.to, /\d{6}/.exec(message.body)?.[0] ?? '')
    return { id: `bench-${codes.size}` }
  },
}
const server = await startBenchServer(
  {
    JOBS_ENABLED: 'false',
    MARKET_DATA_DEMO_END_DATE: testEnv.MARKET_DATA_DEMO_END_DATE ?? '2026-11-20',
    MARKET_DATA_COMPANIES: 'us:AAPL',
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.baseUrl,
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(senders + 10),
  },
  { smsSender, pages: false },
)
const { runtime, port } = server
const agent = new http.Agent({ keepAlive: true, maxSockets: senders + 5 })
const origin = runtime.config.siteOrigins.en

for (const [tier, amount] of [
  ['base', 1999],
  ['plus', 3999],
  ['premium', 7999],
] as const) {
  const priceId = `price_bench_${tier}`
  stripe.prices.set(priceId, { amount, currency: 'usd' })
  await runtime.services.billing.setPrice({
    tier,
    period: 'month',
    currency: 'USD',
    amountMinor: amount,
    stripePriceId: priceId,
  })
}

function post(
  pathname: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: 'POST',
        path: pathname,
        headers: { host: `en.localhost:${port}`, 'content-type': 'application/json', ...headers },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: text, ms: performance.now() - started }),
        )
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

let phoneSeed = 0
async function newMemberToken(): Promise<string> {
  phoneSeed += 1
  const mobile = `61${String(phoneSeed).padStart(6, '0')}`
  await runtime.services.accounts.sendLoginCode({ country: 'HK', mobile }, { locale: 'en' })
  const login = await runtime.services.accounts.logIn(
    { country: 'HK', mobile, code: codes.get(`+852${mobile}`) ?? '', agreed: true },
    { locale: 'en' },
  )
  return login.token
}

async function startCheckout(token: string, tier = 'plus') {
  const answer = await post('/api/portal/billing/checkout', JSON.stringify({ tier, period: 'month' }), {
    origin,
    'x-token': token,
  })
  if (answer.status !== 200) throw new Error(`checkout answered ${answer.status}: ${answer.body}`)
  const data = (JSON.parse(answer.body) as { data: { redirectUrl: string } }).data
  return { ms: answer.ms, sessionId: data.redirectUrl.split('/').at(-1) ?? '' }
}

const ms = (value: number) => `${value.toFixed(1)} ms`

try {
  // 1. Checkout start, one at a time (one member; open checkouts do not block another).
  const token = await newMemberToken()
  await startCheckout(token) // warm-up
  const latencies: number[] = []
  for (let i = 0; i < checkoutsMeasured; i++) latencies.push((await startCheckout(token)).ms)
  console.log(`\nCheckout start (Stripe stand-in on loopback), ${checkoutsMeasured} one at a time:`)
  console.log('| p50 | p95 | max |')
  console.log('|---|---|---|')
  console.log(
    `| ${ms(percentile(latencies, 50))} | ${ms(percentile(latencies, 95))} | ${ms(Math.max(...latencies))} |`,
  )

  // 2. Webhooks: the events of many paid checkouts, in any order, a share delivered twice, several senders at once.
  const deliveries: string[] = []
  for (let i = 0; i < paidCheckouts; i++) {
    const { sessionId } = await startCheckout(
      await newMemberToken(),
      (['base', 'plus', 'premium'] as const)[i % 3],
    )
    for (const event of Object.values(stripe.payCheckout(sessionId))) {
      const body = JSON.stringify(event)
      deliveries.push(body)
      if (Math.random() < duplicateShare) deliveries.push(body)
    }
  }
  for (let i = deliveries.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[deliveries[i], deliveries[j]] = [deliveries[j] as string, deliveries[i] as string]
  }
  let next = 0
  let duplicates = 0
  let failures = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: senders }, async () => {
      while (next < deliveries.length) {
        const body = deliveries[next++] as string
        const signed = stripe.sign(JSON.parse(body) as Record<string, unknown>)
        const answer = await post('/api/portal/billing/webhooks/stripe', signed.body, {
          'stripe-signature': signed.signature,
        })
        if (answer.status !== 200) failures += 1
        else if ((JSON.parse(answer.body) as { data: { duplicate: boolean } }).data.duplicate) duplicates += 1
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const [subs] = await runtime.database.db.select({ n: count() }).from(subscriptions)
  const [payments] = await runtime.database.db.select({ n: count() }).from(billingPayments)
  console.log(
    `\nWebhooks: ${deliveries.length} deliveries (${deliveries.length - duplicates} distinct events, ${duplicates} duplicates) from ${senders} senders, events in random order:`,
  )
  console.log('| deliveries/s | failures | subscriptions | payments |')
  console.log('|---|---|---|---|')
  console.log(
    `| ${(deliveries.length / seconds).toFixed(0)} | ${failures} | ${subs?.n ?? 0} of ${paidCheckouts} | ${payments?.n ?? 0} of ${paidCheckouts} |`,
  )
  if (failures > 0 || subs?.n !== paidCheckouts || payments?.n !== paidCheckouts) process.exitCode = 1
} finally {
  agent.destroy()
  await server.close()
  await stripe.close()
}
