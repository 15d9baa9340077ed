/**
 * The members part of the console (contracts/console-members.ts): members by phone, their plan and sessions, and
 * the newsletter sign-ups with their CSV export. Support staff (admin passes); routes parse, call, answer.
 */
import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import {
  EndPlanRequest,
  EndSessionsRequest,
  GrantPlanRequest,
  MemberIdParams,
  MemberLookupQuery,
  memberCareRoles,
  NewsletterFilters,
  NewsletterQuery,
  newsletterExportPath,
  SignupIdParams,
} from '#contracts/console-members.ts'
import { ok } from '#contracts/envelope.ts'
import { actorOf } from '#server/kernel/console-staff.ts'
import type { ConsoleMembersService } from './console-members.service.ts'

const support = { consoleRoles: memberCareRoles }

export function registerConsoleMembersRoutes(api: FastifyInstance, members: ConsoleMembersService): void {
  api.get('/members', { config: support }, async (request) =>
    ok(await members.findMemberByPhone(MemberLookupQuery.parse(request.query ?? {}).phone)),
  )

  api.get('/members/:id', { config: support }, async (request) =>
    ok(await members.getMember(MemberIdParams.parse(request.params).id)),
  )

  api.post('/members/:id/plan', { config: support }, async (request) =>
    ok(
      await members.grantPlan(
        MemberIdParams.parse(request.params).id,
        GrantPlanRequest.parse(request.body ?? {}),
        actorOf(request.consoleMember),
      ),
    ),
  )

  api.post('/members/:id/plan/end', { config: support }, async (request) =>
    ok(
      await members.endPlan(
        MemberIdParams.parse(request.params).id,
        EndPlanRequest.parse(request.body ?? {}),
        actorOf(request.consoleMember),
      ),
    ),
  )

  api.post('/members/:id/sessions/end', { config: support }, async (request) =>
    ok(
      await members.endSessions(
        MemberIdParams.parse(request.params).id,
        EndSessionsRequest.parse(request.body ?? {}),
        actorOf(request.consoleMember),
      ),
    ),
  )

  api.get('/newsletter', { config: support }, async (request) =>
    ok(await members.listSignups(NewsletterQuery.parse(request.query ?? {}))),
  )

  api.get(newsletterExportPath, { config: support }, async (request, reply) => {
    const filters = NewsletterFilters.parse(request.query ?? {})
    const day = new Date().toISOString().slice(0, 10)
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="newsletter-signups-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(members.exportSignups(filters)))
  })

  api.delete('/newsletter/:id', { config: support }, async (request) =>
    ok(await members.removeSignup(SignupIdParams.parse(request.params).id, actorOf(request.consoleMember))),
  )
}
