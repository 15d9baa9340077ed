/**
 * The classroom's reader API (contracts/classroom-rules.ts): parse, call the service, answer the envelope. Who opens
 * what is the service's. Marking progress is a member's write, limited per client address like other writes.
 */
import type { FastifyInstance } from 'fastify'
import { LessonQuery, ProgressRequest } from '#contracts/classroom.ts'
import { ok } from '#contracts/envelope.ts'
import { requestLocale } from '#server/http/error-handler.ts'
import type { ClassroomService } from './classroom.service.ts'

/** A reader ticks a lesson now and then; a minute's worth of clicks is far below this. */
export const progressWritesPerMinute = 60

export function registerClassroomRoutes(api: FastifyInstance, classroom: ClassroomService): void {
  api.get('/classroom/catalogue', async (request) =>
    ok(await classroom.getCatalogue(request.reader, requestLocale(request))),
  )

  api.get('/classroom/lesson', async (request) => {
    const { id } = LessonQuery.parse(request.query ?? {})
    return ok(await classroom.getLesson(id, request.reader, requestLocale(request)))
  })

  api.get('/classroom/progress', async (request) => ok(await classroom.listProgress(request.reader)))

  api.post(
    '/classroom/progress',
    { config: { rateLimit: { max: progressWritesPerMinute, timeWindow: '1 minute' } } },
    async (request) =>
      ok(await classroom.setProgress(ProgressRequest.parse(request.body ?? {}), request.reader)),
  )
}
