/**
 * The console's advisers calls (contracts/advisers.ts): the advisers support keeps and the members assigned to
 * them. Support (admin passes); routes parse, call, answer; the advisers service decides and writes the audit.
 */
import type { FastifyInstance } from 'fastify'
import {
  AdviserActiveRequest,
  AdviserIdParams,
  AdviserInput,
  AssignAdviserRequest,
  AssignmentParams,
  adviserCareRoles,
} from '#contracts/advisers.ts'
import { MemberLookupQuery } from '#contracts/console-members.ts'
import { ok } from '#contracts/envelope.ts'
import { actorOf } from '#server/kernel/console-staff.ts'
import type { AdvisersService } from '#server/modules/advisers/advisers.service.ts'

const support = { consoleRoles: adviserCareRoles }

export function registerAdvisersConsoleRoutes(api: FastifyInstance, advisers: AdvisersService): void {
  api.get('/advisers', { config: support }, async () => ok(await advisers.listAdvisers()))

  api.post('/advisers', { config: support }, async (request) =>
    ok(await advisers.createAdviser(AdviserInput.parse(request.body ?? {}), actorOf(request.consoleMember))),
  )

  api.get('/advisers/:id', { config: support }, async (request) =>
    ok(await advisers.getAdviser(AdviserIdParams.parse(request.params).id)),
  )

  api.put('/advisers/:id', { config: support }, async (request) => {
    const { id } = AdviserIdParams.parse(request.params)
    const input = AdviserInput.parse(request.body ?? {})
    return ok(await advisers.updateAdviser(id, input, actorOf(request.consoleMember)))
  })

  api.post('/advisers/:id/active', { config: support }, async (request) => {
    const { id } = AdviserIdParams.parse(request.params)
    const { active } = AdviserActiveRequest.parse(request.body ?? {})
    return ok(await advisers.setAdviserActive(id, active, actorOf(request.consoleMember)))
  })

  api.get('/adviser-assignments', { config: support }, async (request) =>
    ok(await advisers.findAssignmentByPhone(MemberLookupQuery.parse(request.query ?? {}).phone)),
  )

  api.get('/adviser-assignments/:memberId', { config: support }, async (request) =>
    ok(await advisers.getAssignment(AssignmentParams.parse(request.params).memberId)),
  )

  api.put('/adviser-assignments/:memberId', { config: support }, async (request) => {
    const { memberId } = AssignmentParams.parse(request.params)
    const { adviserId } = AssignAdviserRequest.parse(request.body ?? {})
    return ok(await advisers.assignAdviser(memberId, adviserId, actorOf(request.consoleMember)))
  })

  api.delete('/adviser-assignments/:memberId', { config: support }, async (request) =>
    ok(
      await advisers.unassignAdviser(
        AssignmentParams.parse(request.params).memberId,
        actorOf(request.consoleMember),
      ),
    ),
  )
}
