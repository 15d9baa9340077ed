/**
 * Readers' analytics calls (contracts/console-analytics.ts): the dashboard and the CSV export of one of its tables.
 * Editors (and admins); nothing here changes anything, so nothing is audited.
 */
import type { FastifyInstance } from 'fastify'
import { AnalyticsExportQuery, AnalyticsQuery, analyticsRoles } from '#contracts/console-analytics.ts'
import { ok } from '#contracts/envelope.ts'
import { requestLocale } from '#server/http/error-handler.ts'
import type { AnalyticsService } from '#server/modules/analytics/analytics.service.ts'

const readers = { consoleRoles: analyticsRoles }

export function registerAnalyticsRoutes(api: FastifyInstance, analytics: AnalyticsService): void {
  api.get('/analytics', { config: readers }, async (request) =>
    ok(await analytics.readDashboard(AnalyticsQuery.parse(request.query ?? {}), requestLocale(request))),
  )

  api.get('/analytics/export', { config: readers }, async (request, reply) => {
    const { table, ...range } = AnalyticsExportQuery.parse(request.query ?? {})
    const { fileName, csv } = await analytics.exportTable(table, range, requestLocale(request))
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(csv)
  })
}
