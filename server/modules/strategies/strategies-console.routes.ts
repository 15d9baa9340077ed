/**
 * The analysts' strategies calls under /api/console (contracts/strategies-rules.ts): strategies and their
 * rebalances. Analysts (and admins) only; every change writes an audit entry (the service, in its transaction).
 */
import type { FastifyInstance } from 'fastify'
import { analystDeskRoles } from '#contracts/console-rules.ts'
import { ok } from '#contracts/envelope.ts'
import { RebalanceInput, StrategyIdParams, StrategyInput } from '#contracts/strategies.ts'
import { actorOf } from '#server/kernel/console-staff.ts'
import type { StrategiesService } from './strategies.service.ts'

const desk = { consoleRoles: analystDeskRoles }

export function registerStrategiesConsoleRoutes(api: FastifyInstance, service: StrategiesService): void {
  api.get('/strategies', { config: desk }, async () => ok(await service.listForConsole()))

  api.post('/strategies', { config: desk }, async (request) =>
    ok(await service.createStrategy(StrategyInput.parse(request.body ?? {}), actorOf(request.consoleMember))),
  )

  api.get('/strategies/:id', { config: desk }, async (request) =>
    ok(await service.getForConsole(StrategyIdParams.parse(request.params).id)),
  )

  api.put('/strategies/:id', { config: desk }, async (request) => {
    const { id } = StrategyIdParams.parse(request.params)
    const input = StrategyInput.parse(request.body ?? {})
    return ok(await service.updateStrategy(id, input, actorOf(request.consoleMember)))
  })

  api.delete('/strategies/:id', { config: desk }, async (request) =>
    ok(
      await service.removeStrategy(StrategyIdParams.parse(request.params).id, actorOf(request.consoleMember)),
    ),
  )

  api.post('/strategies/:id/rebalances', { config: desk }, async (request) => {
    const { id } = StrategyIdParams.parse(request.params)
    const input = RebalanceInput.parse(request.body ?? {})
    return ok(await service.addRebalance(id, input, actorOf(request.consoleMember)))
  })
}
