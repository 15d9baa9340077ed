/**
 * The weekly digest in the console (contracts/mail.ts, contracts/digest-rules.ts): editors and admins preview the
 * coming issue in each language and site, send it as a test to their own verified address (a few an hour), and
 * read the send log; admins alone send this week's issue now, and the send is written to the audit log.
 */
import type { FastifyInstance } from 'fastify'
import {
  DigestErrorCode,
  digestAuditActions,
  digestDeskRoles,
  digestTestsPerHour,
} from '#contracts/digest-rules.ts'
import { ok } from '#contracts/envelope.ts'
import {
  type DigestLog,
  type DigestPreview,
  DigestPreviewQuery,
  type DigestSendAnswer,
  DigestTestRequest,
} from '#contracts/mail.ts'
import { AppError } from '#server/http/app-error.ts'
import { actorOf } from '#server/kernel/console-staff.ts'
import type { DigestService } from '#server/modules/newsletter/digest.service.ts'
import type { AuditWriter } from './console-audit.service.ts'

const digestDesk = { consoleRoles: digestDeskRoles }
/** No role declared: admins only (console-guard.ts). */
const digestSend = {}
const hourMs = 60 * 60 * 1000

export interface DigestDeskDependencies {
  digest: DigestService
  recordChange: AuditWriter
  /** The accounts service's verified address of a member (a test goes only there). */
  verifiedEmailOf(memberId: string): Promise<{ address: string } | undefined>
  rateLimiter: { hit(key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> }
}

export function registerDigestRoutes(api: FastifyInstance, deps: DigestDeskDependencies): void {
  const { digest } = deps
  api.get('/digest/preview', { config: digestDesk }, async (request) => {
    const { locale, region } = DigestPreviewQuery.parse(request.query ?? {})
    return ok<DigestPreview>(await digest.previewIssue(locale, region))
  })

  api.post('/digest/test', { config: digestDesk }, async (request) => {
    const { locale, region } = DigestTestRequest.parse(request.body ?? {})
    const { memberId } = request.consoleMember
    const email = await deps.verifiedEmailOf(memberId)
    if (!email) throw new AppError('conflict', DigestErrorCode.noVerifiedEmail)
    const { hits, ttlMs } = await deps.rateLimiter.hit(`digest-test:${memberId}`, hourMs)
    if (hits > digestTestsPerHour)
      throw new AppError('limited', DigestErrorCode.testsLimited, {
        params: { count: Math.max(1, Math.ceil(ttlMs / 60_000)) },
      })
    const { week } = await digest.sendTest(email.address, locale, region)
    return ok<DigestSendAnswer>({ week, queued: 1, to: email.address })
  })

  api.post('/digest/send', { config: digestSend }, async (request) => {
    const answer = await digest.sendIssue()
    await deps.recordChange({
      actor: actorOf(request.consoleMember),
      action: digestAuditActions.send,
      entity: 'digest_issue',
      entityId: answer.week,
      before: null,
      after: answer,
    })
    return ok<DigestSendAnswer>(answer)
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
