/**
 * The classroom's console calls (contracts/classroom.ts): courses and their lessons. Analysts (and admins) only;
 * the service writes the audit entry of every change.
 */
import type { FastifyInstance } from 'fastify'
import {
  CourseInput,
  CourseParams,
  LessonInput,
  LessonOrderRequest,
  LessonParams,
} from '#contracts/classroom.ts'
import { analystDeskRoles } from '#contracts/console-rules.ts'
import { ok } from '#contracts/envelope.ts'
import { actorOf } from '#server/kernel/console-staff.ts'
import type { ClassroomDeskService } from '#server/modules/classroom/classroom-desk.service.ts'

const desk = { consoleRoles: analystDeskRoles }

export function registerClassroomDeskRoutes(api: FastifyInstance, service: ClassroomDeskService): void {
  api.get('/classroom/courses', { config: desk }, async () => ok(await service.listCourses()))

  api.post('/classroom/courses', { config: desk }, async (request) =>
    ok(await service.createCourse(CourseInput.parse(request.body ?? {}), actorOf(request.consoleMember))),
  )

  api.get('/classroom/courses/:id', { config: desk }, async (request) =>
    ok(await service.getCourse(CourseParams.parse(request.params).id)),
  )

  api.put('/classroom/courses/:id', { config: desk }, async (request) => {
    const { id } = CourseParams.parse(request.params)
    const input = CourseInput.parse(request.body ?? {})
    return ok(await service.saveCourse(id, input, actorOf(request.consoleMember)))
  })

  api.delete('/classroom/courses/:id', { config: desk }, async (request) =>
    ok(await service.removeCourse(CourseParams.parse(request.params).id, actorOf(request.consoleMember))),
  )

  api.post('/classroom/courses/:id/lessons', { config: desk }, async (request) => {
    const { id } = CourseParams.parse(request.params)
    const input = LessonInput.parse(request.body ?? {})
    return ok(await service.createLesson(id, input, actorOf(request.consoleMember)))
  })

  api.put('/classroom/courses/:id/lesson-order', { config: desk }, async (request) => {
    const { id } = CourseParams.parse(request.params)
    const { lessonIds } = LessonOrderRequest.parse(request.body ?? {})
    return ok(await service.reorderLessons(id, lessonIds, actorOf(request.consoleMember)))
  })

  api.put('/classroom/lessons/:id', { config: desk }, async (request) => {
    const { id } = LessonParams.parse(request.params)
    const input = LessonInput.parse(request.body ?? {})
    return ok(await service.saveLesson(id, input, actorOf(request.consoleMember)))
  })

  api.delete('/classroom/lessons/:id', { config: desk }, async (request) =>
    ok(await service.removeLesson(LessonParams.parse(request.params).id, actorOf(request.consoleMember))),
  )
}
