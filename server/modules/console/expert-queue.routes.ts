/**
 * The expert questions' queue in the console (contracts/expert.ts): the queue, one question, its file, claiming,
 * releasing and answering. Analysts (and admins) only; every change writes an audit entry (the service does, in its
 * transaction).
 */
import type { FastifyInstance } from 'fastify'
import { analystDeskRoles } from '#contracts/console-rules.ts'
import { ok } from '#contracts/envelope.ts'
import { AnswerExpertRequest, ExpertQuestionParams, ExpertQueueQuery } from '#contracts/expert.ts'
import type { ConsoleMember } from '#server/kernel/console-staff.ts'
import type { ExpertActor, ExpertService } from '#server/modules/expert/expert.service.ts'

const desk = { consoleRoles: analystDeskRoles }

function expertActorOf(member: ConsoleMember): ExpertActor {
  return { memberId: member.memberId, phone: member.phone, isAdmin: member.roles.includes('admin') }
}

/** A name for the Content-Disposition header: ASCII for old clients, the real name (UTF-8) for the rest. */
function attachmentOf(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

export function registerExpertQueueRoutes(api: FastifyInstance, expert: ExpertService): void {
  api.get('/expert', { config: desk }, async (request) =>
    ok(await expert.listQueue(ExpertQueueQuery.parse(request.query ?? {}))),
  )

  api.get('/expert/:id', { config: desk }, async (request) =>
    ok(await expert.getQuestion(ExpertQuestionParams.parse(request.params).id)),
  )

  // The bytes as stored, always as a download: a reader's file is never shown as a page of the console's origin.
  api.get('/expert/:id/file', { config: desk }, async (request, reply) => {
    const file = await expert.openQuestionFile(ExpertQuestionParams.parse(request.params).id)
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', attachmentOf(file.name))
      .header('content-length', String(file.size))
      .header('cache-control', 'private, no-store')
      .send(file.stream)
  })

  api.post('/expert/:id/claim', { config: desk }, async (request) =>
    ok(
      await expert.claimQuestion(
        ExpertQuestionParams.parse(request.params).id,
        expertActorOf(request.consoleMember),
      ),
    ),
  )

  api.post('/expert/:id/release', { config: desk }, async (request) =>
    ok(
      await expert.releaseQuestion(
        ExpertQuestionParams.parse(request.params).id,
        expertActorOf(request.consoleMember),
      ),
    ),
  )

  api.post('/expert/:id/answer', { config: desk }, async (request) => {
    const { id } = ExpertQuestionParams.parse(request.params)
    const { answer } = AnswerExpertRequest.parse(request.body ?? {})
    return ok(await expert.answerQuestion(id, answer, expertActorOf(request.consoleMember)))
  })
}
