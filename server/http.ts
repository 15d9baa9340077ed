/**
 * The HTTP host: one Fastify instance serving the JSON API under /api/portal (and /portal in the develop
 * environment, spec §7), the built static assets, and server-rendered pages for every other path.
 * Infrastructure (request ids, cookies, rate limits, security headers, errors) is registered before the routes.
 */
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import fastifyCookie from '@fastify/cookie'
import fastifyRateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { consoleApiPrefix } from '#contracts/console-rules.ts'
import { ok } from '#contracts/envelope.ts'
import type { Config } from './config.ts'
import { registerApiInfrastructure } from './http/api-infrastructure.ts'
import { answerClientError, answerFrameworkError } from './http/client-errors.ts'
import {
  capConnectionsPerAddress,
  proxyPeerCheckOf,
  registerRequestDeadlines,
  serverTimeoutOptionsOf,
} from './http/connection-limits.ts'
import { createDraining, type Draining, type ReadinessCheck, registerHealthRoutes } from './http/health.ts'
import { createLoadShedding } from './http/load-shedding.ts'
import { logSerializers } from './http/log-serializers.ts'
import { createServerMetrics, registerRequestMetrics, type ServerMetrics } from './http/metrics.ts'
import { type PageBuildSource, registerPages } from './http/pages.ts'
import { createRateLimitStore } from './http/rate-limit-store.ts'
import { serializeRequest } from './http/request-log.ts'
import { trustProxyOption } from './http/trust-proxy.ts'
import { refreshMarketWithAlerts } from './jobs/jobs.ts'
import { registerAccountRoutes } from './modules/accounts/accounts.routes.ts'
import { registerReaderIdentification } from './modules/accounts/reader-identification.ts'
import { registerAdvisersRoutes } from './modules/advisers/advisers.routes.ts'
import { registerAlertsRoutes } from './modules/alerts/alerts.routes.ts'
import { registerArticleMediaRoutes } from './modules/articles/article-media.routes.ts'
import { registerArticlesRoutes } from './modules/articles/articles.routes.ts'
import { registerBillingRoutes } from './modules/billing/billing.routes.ts'
import { registerChatRoutes } from './modules/chat/chat.routes.ts'
import { registerChatFilesRoutes } from './modules/chat/files/chat-files.routes.ts'
import { registerClassroomRoutes } from './modules/classroom/classroom.routes.ts'
import { registerConsoleApi } from './modules/console/console-api.ts'
import { registerExpertRoutes } from './modules/expert/expert.routes.ts'
import { registerMailRoutes } from './modules/mail/mail.routes.ts'
import { registerNavigationRoutes } from './modules/navigation/navigation.routes.ts'
import { registerNewsletterRoutes } from './modules/newsletter/newsletter.routes.ts'
import { registerPortfoliosRoutes } from './modules/portfolios/portfolios.routes.ts'
import { registerPushRoutes } from './modules/push/push.routes.ts'
import { registerSiteTextsRoutes } from './modules/site-texts/site-texts.routes.ts'
import { registerStocksRoutes } from './modules/stocks/stocks.routes.ts'
import { registerStrategiesRoutes } from './modules/strategies/strategies.routes.ts'
import { registerTrackingRoutes } from './modules/tracking/tracking.routes.ts'
import { registerWatchlistsRoutes } from './modules/watchlists/watchlists.routes.ts'
import type { Services } from './services.ts'

export interface HttpServerOptions {
  config: Config
  services: Services
  /** Pages are optional so API tests can run without a build. */
  pages?: PageBuildSource
  /** Folder of built browser assets (build/client). */
  staticDir?: string
  buildId: string
  logger?: FastifyServerOptions['logger']
  /** Development only: mounts Vite's middleware before the page route. */
  beforePages?: (app: FastifyInstance) => Promise<void>
  /** What GET /readyz checks (health.ts `readinessChecksOf`); without it, only whether the process is draining. */
  readiness?: Record<string, ReadinessCheck>
  /** Started on SIGTERM by the entry: /readyz answers 503 from then on. */
  draining?: Draining
  /** Where requests, refusals and jobs are counted; the entry serves them on METRICS_PORT. */
  metrics?: ServerMetrics
}

const requestIdPattern = /^[\w.:-]{8,128}$/

/** Request logs: method, URL, status and timing. Credentials never reach them (tested in accounts.routes.test.ts). */
export function loggerOptionsOf(config: Config) {
  return {
    level: config.logLevel,
    redact: [
      'req.headers.cookie',
      'req.headers["x-token"]',
      'req.headers.authorization',
      'res.headers["set-cookie"]',
    ],
    // Database errors are logged without the query's values (a phone number may be one); URLs without the
    // one-time credentials of a site hand-over.
    serializers: { ...logSerializers, req: serializeRequest },
  }
}

export async function createHttpServer(options: HttpServerOptions): Promise<FastifyInstance> {
  const { config, services } = options
  const app = Fastify({
    logger: options.logger ?? loggerOptionsOf(config),
    // Keep the id a proxy or the browser sent, when it looks like one, so logs join up across hops.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id']
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID()
    },
    trustProxy: trustProxyOption(config.trustProxy),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
    // Headers, keep-alive and inactivity timeouts (HTTP_*_TIMEOUT_MS); the whole-request one is per request, below.
    ...serverTimeoutOptionsOf(config.httpLimits),
    // Requests refused before any route (unreadable by Node's parser, undecodable URL) answer the envelope too.
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  })

  // First: the load balancer's questions pass no load shedding, rate limit or page cache (ADR 0027).
  registerHealthRoutes(app, {
    checks: options.readiness ?? {},
    draining: options.draining ?? createDraining(),
  })
  const metrics = options.metrics ?? createServerMetrics()
  registerRequestMetrics(app, metrics)

  registerRequestDeadlines(app, { requestTimeoutMs: config.httpLimits.requestTimeoutMs })
  capConnectionsPerAddress(app.server, {
    max: config.httpLimits.maxConnectionsPerAddress,
    isProxy: proxyPeerCheckOf(config.trustProxy),
  })
  // 503 + Retry-After when saturated: pages first (render slots, event-loop lag), the API only far later.
  const loadShedding = createLoadShedding(config.loadShedding, undefined, metrics.countLoadShed)
  app.addHook('onClose', async () => loadShedding.stop())

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  await app.register(fastifyCookie)
  await app.register(fastifyRateLimit, {
    global: false,
    store: createRateLimitStore(services.rateLimiter),
    // A broken counter store must not take the site down; the request goes through and the error is logged.
    skipOnError: true,
    onExceeded: (request) => metrics.countRateLimitRefusal(request.routeOptions.url ?? 'unmatched'),
  })

  const identifyReader = (scope: FastifyInstance) =>
    registerReaderIdentification(scope, { accounts: services.accounts, config })
  const registerPortalRoutes = (api: FastifyInstance) => {
    api.get('/', async () => ok({ buildId: options.buildId }))
    registerNavigationRoutes(api, services.navigation)
    registerSiteTextsRoutes(api, services.siteTexts)
    registerNewsletterRoutes(api, services.newsletter, { perTenMinutes: config.newsletterRatePer10Minutes })
    // Generous: mail providers post one-click unsubscribes for many readers from few addresses.
    registerMailRoutes(api, services.mail, {
      perMinute: 600,
      eventsSigningKey: config.mailEventsSigningKey,
    })
    registerArticlesRoutes(api, services.articles, { searchPerMinute: config.searchRatePerMinute })
    registerTrackingRoutes(api, services.tracking, {
      exposeSessionEvents: config.testEndpoints === 'loopback',
      sites: config,
    })
    registerAccountRoutes(api, { ...services, config })
    registerStocksRoutes(api, services.stocks, config.marketData.rateLimits)
    registerStrategiesRoutes(api, services.strategies)
    registerChatRoutes(api, services.chat, { config })
    registerChatFilesRoutes(api, services.chatFiles, {
      uploadsPerMinute: config.chat.files.uploadsPerMinute,
      uploadTimeoutMs: config.chat.files.uploadTimeoutMs,
      uploadMinBytesPerSecond: config.chat.files.uploadMinBytesPerSecond,
      rateWindowMs: config.httpLimits.requestTimeoutMs,
    })
    registerBillingRoutes(api, services.billing)
    registerExpertRoutes(api, services.expert)
    registerClassroomRoutes(api, services.classroom)
    registerAdvisersRoutes(api, services.advisers)
    registerWatchlistsRoutes(api, services.watchlists)
    registerPortfoliosRoutes(api, services.portfolios)
    registerAlertsRoutes(api, services.alerts, services.notifications, {
      refreshMarket:
        config.testEndpoints === 'loopback'
          ? (market, move) => refreshMarketWithAlerts(services, market, { trigger: 'operator', move })
          : undefined,
    })
    registerPushRoutes(api, services.push, { testEndpoints: config.testEndpoints === 'loopback' })
  }
  // The reader's API and the console's share one infrastructure (api-infrastructure.ts); each adds its routes.
  const registerApi = (api: FastifyInstance) =>
    registerApiInfrastructure(api, {
      config,
      loadShedding,
      identifyReader,
      registerRoutes: registerPortalRoutes,
    })
  if (config.testEndpoints === 'loopback') {
    app.log.warn(
      'TEST_ENDPOINTS=loopback: any process on this machine can read login codes (GET /api/portal/dev/sms-outbox) and grant plans (POST /api/portal/dev/subscription); for tests only',
    )
  }
  await app.register(registerApi, { prefix: '/api/portal' })
  if (config.appEnv === 'develop') await app.register(registerApi, { prefix: '/portal' })
  // The operator console's API: the same infrastructure, then its guard over the whole group and its routes.
  await app.register(
    (consoleApi) =>
      registerApiInfrastructure(consoleApi, {
        config,
        loadShedding,
        identifyReader,
        registerRoutes: (routes) => registerConsoleApi(routes, services),
      }),
    { prefix: consoleApiPrefix },
  )

  if (options.staticDir && existsSync(options.staticDir)) {
    await app.register(fastifyStatic, {
      root: options.staticDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The `.br` and `.gz` files the build writes beside each asset (scripts/compress-assets.ts), by Accept-Encoding,
      // with `Vary: Accept-Encoding`; a file without them is sent as it is.
      preCompressed: config.compression,
      // Fingerprinted build output never changes under its name; everything else is revalidated hourly.
      setHeaders: (reply, filePath) => {
        // The service worker is checked for a new version on every visit (ADR 0044).
        const cacheControl = filePath.includes('/assets/')
          ? 'public, max-age=31536000, immutable'
          : filePath.endsWith('/sw.js')
            ? 'no-cache'
            : 'public, max-age=3600'
        reply.header('cache-control', cacheControl)
        reply.header('x-content-type-options', 'nosniff')
      },
    })
  }

  registerArticleMediaRoutes(app, {
    rendersPerMinute: config.mediaRenderRatePerMinute,
    openUploadedCover: services.console.covers.openCoverFile,
  })

  await options.beforePages?.(app)
  if (options.pages) await registerPages(app, { source: options.pages, services, config, loadShedding })
  return app
}
