/**
 * The readers' strategies API (contracts/strategies-rules.ts): parse with the contract, call the service with the
 * reader of the request, answer in the envelope. What a reader sees is the service's (contracts/benefits.ts).
 */
import type { FastifyInstance } from 'fastify'
import { ok } from '#contracts/envelope.ts'
import { StrategySlugParams } from '#contracts/strategies.ts'
import { requestLocale } from '#server/http/error-handler.ts'
import type { StrategiesService } from './strategies.service.ts'

export function registerStrategiesRoutes(api: FastifyInstance, strategies: StrategiesService): void {
  api.get('/strategies', async (request) =>
    ok(await strategies.listForReader(request.reader, requestLocale(request))),
  )
  api.get('/strategies/:slug', async (request) => {
    const { slug } = StrategySlugParams.parse(request.params)
    return ok(await strategies.detailForReader(slug, request.reader, requestLocale(request)))
  })
}
