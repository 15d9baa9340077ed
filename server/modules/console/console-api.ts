/**
 * What the `/api/console` route group adds to the API infrastructure it shares with the reader's API
 * (server/http/api-infrastructure.ts: compression, security headers, the error envelope, load shedding, reader
 * identification with the same-site check of ADR 0006, the text-input check, and last the 404/405 answers of the
 * prefix): the console guard (console-guard.ts) over every route of the group, then the routes.
 *
 * Other parts of the console (members, site, analytics) add their `register…Routes(routes, …)` lines in the routes'
 * scope below, each route declaring its `consoleRoles` (console-guard.ts), and list them in the table of
 * console-access.routes.test.ts, which checks every served route for 401 and 403.
 */
import type { FastifyError, FastifyInstance } from 'fastify'
import { ConsoleErrorCode } from '#contracts/console-rules.ts'
import { isServiceError } from '#contracts/service-error.ts'
import { failure, requestLocale } from '#server/http/error-handler.ts'
import type { ArticleStaleError } from '#server/modules/articles/article-editing.service.ts'
import { registerStrategiesConsoleRoutes } from '#server/modules/strategies/strategies-console.routes.ts'
import type { Services } from '#server/services.ts'
import { registerAdvisersConsoleRoutes } from './advisers.routes.ts'
import { registerAnalystDeskRoutes } from './analyst-desk.routes.ts'
import { registerAnalyticsRoutes } from './analytics.routes.ts'
import { registerChatGapsRoutes } from './chat-gaps.routes.ts'
import { registerClassroomDeskRoutes } from './classroom-desk.routes.ts'
import { registerConsoleAccessRoutes } from './console-access.routes.ts'
import { registerConsoleGuard } from './console-guard.ts'
import { registerConsoleMembersRoutes } from './console-members.routes.ts'
import { registerConsoleSiteRoutes } from './console-site.routes.ts'
import { registerDigestRoutes } from './digest.routes.ts'
import { registerExpertQueueRoutes } from './expert-queue.routes.ts'
import { registerMailOutboxRoutes } from './mail-outbox.routes.ts'
import { registerNewsroomRoutes } from './newsroom.routes.ts'

export async function registerConsoleApi(consoleApi: FastifyInstance, services: Services): Promise<void> {
  // Before every route of the group: 401 without a login, 403 without a role the route declares.
  registerConsoleGuard(consoleApi, services.console.access)

  await consoleApi.register(async (routes) => {
    answerStaleArticlesWithTheCurrentOne(routes)
    registerConsoleAccessRoutes(routes, services.console)
    registerNewsroomRoutes(routes, services.console.newsroom)
    registerAnalystDeskRoutes(routes, services.analystDesk)
    registerClassroomDeskRoutes(routes, services.classroomDesk)
    registerAnalyticsRoutes(routes, services.console.analytics)
    registerConsoleMembersRoutes(routes, services.console.members)
    registerConsoleSiteRoutes(routes, services.console.siteAdmin)
    registerStrategiesConsoleRoutes(routes, services.strategies)
    registerExpertQueueRoutes(routes, services.expert)
    registerAdvisersConsoleRoutes(routes, services.advisers)
    registerMailOutboxRoutes(routes, services.mail)
    registerDigestRoutes(routes, {
      digest: services.digest,
      recordChange: services.console.audit.recordChange,
      verifiedEmailOf: services.accounts.verifiedEmailOf,
      rateLimiter: services.rateLimiter,
    })
    registerChatGapsRoutes(routes, services.chat)
  })
}

/**
 * A save on an old revision: the 409 envelope carries the current article (`current`), so nothing is lost. The
 * articles' ArticleStaleError is recognised as every service error is, by its shape and code
 * (contracts/service-error.ts), not by its class. Set in the routes' own scope; everything else goes to the
 * group's error handling.
 */
function answerStaleArticlesWithTheCurrentOne(routes: FastifyInstance): void {
  const answerOthers = routes.errorHandler
  routes.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (!isServiceError(error, 'conflict') || error.code !== ConsoleErrorCode.articleStale)
      return answerOthers.call(routes, error as FastifyError, request, reply)
    const { code, current } = error as ArticleStaleError
    return reply
      .status(409)
      .header('x-error-code', code)
      .send({ ...failure(409, code, requestLocale(request)), current })
  })
}
