/**
 * The reader's expert-diagnosis calls (contracts/expert.ts): their questions, asking one, opening, withdrawing and
 * marking an answer seen, and the chat uploads a question may carry. Members only (a visitor 401); what a member
 * may do is the service's decision.
 */
import type { FastifyInstance } from 'fastify'
import { ok } from '#contracts/envelope.ts'
import { CommonErrorCode } from '#contracts/error-codes.ts'
import { AskExpertRequest, ExpertListQuery, ExpertQuestionParams } from '#contracts/expert.ts'
import { AppError } from '#server/http/app-error.ts'
import { requestLocale } from '#server/http/error-handler.ts'
import type { ExpertService } from './expert.service.ts'

export function registerExpertRoutes(api: FastifyInstance, expert: ExpertService): void {
  api.register(async (routes) => {
    routes.addHook('onRequest', async (request) => {
      if (!request.reader.memberId) throw new AppError('unauthenticated', CommonErrorCode.unauthenticated)
    })

    routes.get('/member/expert/questions', async (request) =>
      ok(await expert.listMyQuestions(request.reader, ExpertListQuery.parse(request.query ?? {}))),
    )

    routes.post('/member/expert/questions', async (request) => {
      const body = AskExpertRequest.parse(request.body ?? {})
      return ok(await expert.askQuestion(request.reader, body, requestLocale(request)))
    })

    routes.get('/member/expert/questions/:id', async (request) => {
      const { id } = ExpertQuestionParams.parse(request.params)
      return ok(await expert.openMyQuestion(request.reader, id))
    })

    routes.post('/member/expert/questions/:id/withdraw', async (request) => {
      const { id } = ExpertQuestionParams.parse(request.params)
      return ok(await expert.withdrawMyQuestion(request.reader, id))
    })

    routes.post('/member/expert/questions/:id/seen', async (request) => {
      const { id } = ExpertQuestionParams.parse(request.params)
      return ok(await expert.openMyQuestion(request.reader, id))
    })

    routes.get('/member/expert/files', async (request) => ok(await expert.listMyFileChoices(request.reader)))
  })
}
