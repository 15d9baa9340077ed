/**
 * The weekly digest in the console (contracts/mail.ts): editors and admins preview the coming issue in each
 * language and site, send it to one address as a test, send this week's issue now, and read the send log.
 */
import type { FastifyInstance } from 'fastify'
import { ok } from '#contracts/envelope.ts'
import {
  type DigestLog,
  type DigestPreview,
  DigestPreviewQuery,
  type DigestSendAnswer,
  DigestTestRequest,
} from '#contracts/mail.ts'
import type { DigestService } from '#server/modules/newsletter/digest.service.ts'

const digestDesk = { consoleRoles: ['editor'] as const }

export function registerDigestRoutes(api: FastifyInstance, digest: DigestService): void {
  api.get('/digest/preview', { config: digestDesk }, async (request) => {
    const { locale, region } = DigestPreviewQuery.parse(request.query ?? {})
    return ok<DigestPreview>(await digest.previewIssue(locale, region))
  })

  api.post('/digest/test', { config: digestDesk }, async (request) => {
    const { to, locale, region } = DigestTestRequest.parse(request.body ?? {})
    const { week } = await digest.sendTest(to, locale, region)
    return ok<DigestSendAnswer>({ week, queued: 1 })
  })

  api.post('/digest/send', { config: digestDesk }, async () => {
    return ok<DigestSendAnswer>(await digest.sendIssue())
  })

  api.get('/digest/issues', { config: digestDesk }, async () => {
    const next = digest.nextIssue()
    const issues = await digest.listIssues()
    return ok<DigestLog>({
      nextIssueAt: next.at.toISOString(),
      nextWeek: next.week,
      issues: issues.map((issue) => ({
        ...issue,
        firstQueuedAt: issue.firstQueuedAt?.toISOString() ?? null,
      })),
    })
  })
}
