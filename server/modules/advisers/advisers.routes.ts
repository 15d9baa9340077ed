/**
 * The reader's call of the one-to-one adviser (contracts/advisers.ts): their adviser, pending, or the lock. Logged-in
 * members only (a visitor: 401); what a member sees is the service's to decide.
 */
import type { FastifyInstance } from 'fastify'
import { CommonErrorCode, ok } from '#contracts/envelope.ts'
import { AppError } from '#server/http/app-error.ts'
import { requestLocale } from '#server/http/error-handler.ts'
import { isLoggedIn } from '#server/kernel/reader.ts'
import type { AdvisersService } from './advisers.service.ts'

export function registerAdvisersRoutes(
  api: FastifyInstance,
  advisers: Pick<AdvisersService, 'findMyAdviser'>,
): void {
  api.get('/member/adviser', async (request) => {
    if (!isLoggedIn(request.reader)) throw new AppError('unauthenticated', CommonErrorCode.unauthenticated)
    return ok(await advisers.findMyAdviser(request.reader, requestLocale(request)))
  })
}
