/**
 * The analysts' desk calls (contracts/console.ts): monthly picks and company texts. Analysts (and admins) only.
 */
import type { FastifyInstance } from 'fastify'
import {
  CompanyTextListQuery,
  CompanyTextParams,
  PickInput,
  PickParams,
  PicksQuery,
  SaveCompanyTextRequest,
  UpdatePickRequest,
} from '#contracts/console.ts'
import { analystDeskRoles } from '#contracts/console-rules.ts'
import { ok } from '#contracts/envelope.ts'
import { actorOf } from '#server/kernel/console-staff.ts'
import type { AnalystDeskService } from '#server/modules/stocks/analyst-desk.service.ts'

const desk = { consoleRoles: analystDeskRoles }

export function registerAnalystDeskRoutes(api: FastifyInstance, service: AnalystDeskService): void {
  api.get('/picks', { config: desk }, async (request) =>
    ok(await service.listPicks(PicksQuery.parse(request.query ?? {}))),
  )

  api.post('/picks', { config: desk }, async (request) =>
    ok(await service.createPick(PickInput.parse(request.body ?? {}), actorOf(request.consoleMember))),
  )

  api.put('/picks/:month/:market/:code', { config: desk }, async (request) => {
    const params = PickParams.parse(request.params)
    const change = UpdatePickRequest.parse(request.body ?? {})
    return ok(await service.updatePick(params, change, actorOf(request.consoleMember)))
  })

  api.delete('/picks/:month/:market/:code', { config: desk }, async (request) =>
    ok(await service.deletePick(PickParams.parse(request.params), actorOf(request.consoleMember))),
  )

  api.get('/company-texts', { config: desk }, async (request) =>
    ok(await service.listCompanyTexts(CompanyTextListQuery.parse(request.query ?? {}))),
  )

  api.get('/company-texts/:market/:code', { config: desk }, async (request) =>
    ok(await service.getCompanyText(CompanyTextParams.parse(request.params))),
  )

  api.put('/company-texts/:market/:code', { config: desk }, async (request) => {
    const params = CompanyTextParams.parse(request.params)
    const { texts } = SaveCompanyTextRequest.parse(request.body ?? {})
    return ok(await service.saveCompanyText(params, texts, actorOf(request.consoleMember)))
  })
}
