/**
 * The API's one check of reader text (contracts/text-input.ts), before any route: a control character or a lone
 * surrogate anywhere in the path parameters, the query or a parsed body is a 400 INVALID_CHARACTERS naming the
 * field. Routes and services never see such text, so no contract has to remember the rule and no query sends a NUL
 * to PostgreSQL (which refuses it with an error). Headers are left to Node's parser, which refuses controls itself.
 */
import type { FastifyInstance } from 'fastify'
import { CommonErrorCode } from '#contracts/envelope.ts'
import { findUnacceptableText } from '#contracts/text-input.ts'
import { AppError } from './app-error.ts'

export function registerTextInputCheck(api: FastifyInstance): void {
  // preValidation: after the body is parsed, before the handler.
  api.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findUnacceptableText(part)
      if (field !== undefined) {
        throw new AppError('invalid', CommonErrorCode.invalidCharacters, {
          fields: [{ field, code: CommonErrorCode.invalidCharacters }],
        })
      }
    }
  })
}
