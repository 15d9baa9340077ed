/**
 * The classroom as analysts run it from the console: courses (kind, title and summary in both languages, position,
 * published) and their lessons (title, mark, video, length, notes per language, attachments, live start and join
 * link), in the order readers see them.
 *
 * Decides: a removed course keeps its row with `removed_at` (the start-up seed only fills an empty classroom, so a
 * removal holds) and leaves every list; a lesson is deleted outright (its notes and readers' progress with it); a
 * new lesson goes last; reordering names every lesson of the course once; a live start typed on the firm's clock
 * (`timeZone`) is stored as an instant. Every change writes one audit entry in its transaction.
 */
import type { CourseInput, LessonInput } from '#contracts/classroom.ts'
import {
  ClassroomErrorCode,
  type ConsoleClassroomCourse,
  type ConsoleClassroomCourseDetail,
  type ConsoleClassroomLesson,
  classroomAuditActions,
} from '#contracts/classroom-rules.ts'
import type { ConsoleActor } from '#contracts/console-rules.ts'
import type { Locale } from '#contracts/regions.ts'
import type { Clock } from '#server/clock.ts'
import { type Db, inTransaction } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import { instantOfFirmTime } from '#server/kernel/firm-time.ts'
import {
  type CourseRow,
  countLessonsByCourse,
  deleteLesson,
  insertCourse,
  insertLesson,
  type LessonRow,
  nextLessonPosition,
  replaceNotes,
  selectCourse,
  selectCourses,
  selectLesson,
  selectLessonsOfCourses,
  selectNotes,
  selectSlugsLike,
  updateCourse,
  updateLesson,
} from './classroom.repo.ts'

export interface ClassroomChangeRecord {
  actor: ConsoleActor | null
  action: string
  entity: string
  entityId: string
  before: unknown
  after: unknown
}

/** An address-safe name from a title (Latin letters and digits; else the fallback). */
function slugOf(text: string, fallback: string): string {
  const slug = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return slug || fallback
}

export function createClassroomDeskService({
  db,
  clock,
  timeZone,
  recordChange,
}: {
  db: Db
  clock: Clock
  /** The firm's time zone, in which live starts are typed. */
  timeZone: string
  recordChange: (record: ClassroomChangeRecord, db: Db) => Promise<void>
}) {
  function toCourse(row: CourseRow, lessonCount: number): ConsoleClassroomCourse {
    return {
      id: row.id,
      slug: row.slug,
      kind: row.kind,
      title: row.title,
      summary: row.summary,
      position: row.position,
      published: row.published,
      isSample: row.isSample,
      lessonCount,
      updatedAt: row.updatedAt.toISOString(),
    }
  }

  async function toLessons(inDb: Db, rows: readonly LessonRow[]): Promise<ConsoleClassroomLesson[]> {
    const notes = await selectNotes(
      inDb,
      rows.map((row) => row.id),
    )
    return rows.map((row) => {
      const noteOf = (locale: Locale) =>
        notes.find((note) => note.lessonId === row.id && note.locale === locale)?.notes ?? ''
      return {
        id: row.id,
        courseId: row.courseId,
        position: row.position,
        title: row.title,
        access: row.access,
        videoUrl: row.videoUrl,
        durationMinutes: row.durationMinutes,
        liveStartsAt: row.liveStartsAt?.toISOString() ?? null,
        liveJoinUrl: row.liveJoinUrl,
        attachments: row.attachments,
        notes: { en: noteOf('en'), 'zh-Hant': noteOf('zh-Hant') },
        updatedAt: row.updatedAt.toISOString(),
      }
    })
  }

  async function courseOf(inDb: Db, id: string): Promise<CourseRow> {
    const course = await selectCourse(inDb, id)
    if (!course) throw new AppError('not_found', ClassroomErrorCode.courseNotFound)
    return course
  }

  async function lessonOf(inDb: Db, id: string): Promise<LessonRow> {
    const lesson = await selectLesson(inDb, id)
    // A lesson of a removed course is gone with it.
    if (!lesson || !(await selectCourse(inDb, lesson.courseId)))
      throw new AppError('not_found', ClassroomErrorCode.lessonNotFound)
    return lesson
  }

  async function lessonCountOf(inDb: Db, courseId: string): Promise<number> {
    return (await countLessonsByCourse(inDb)).get(courseId) ?? 0
  }

  async function listCourses(): Promise<ConsoleClassroomCourse[]> {
    const [rows, counts] = await Promise.all([
      selectCourses(db, { publishedOnly: false }),
      countLessonsByCourse(db),
    ])
    return rows.map((row) => toCourse(row, counts.get(row.id) ?? 0))
  }

  async function getCourse(id: string): Promise<ConsoleClassroomCourseDetail> {
    const course = await courseOf(db, id)
    const lessons = await toLessons(db, await selectLessonsOfCourses(db, [id]))
    return { course: toCourse(course, lessons.length), lessons }
  }

  async function uniqueSlug(inDb: Db, title: string): Promise<string> {
    const base = slugOf(title, 'course')
    const taken = new Set(await selectSlugsLike(inDb, base))
    if (!taken.has(base)) return base
    let suffix = 2
    while (taken.has(`${base}-${suffix}`)) suffix += 1
    return `${base}-${suffix}`
  }

  async function createCourse(
    input: CourseInput,
    actor: ConsoleActor | null,
  ): Promise<ConsoleClassroomCourse> {
    return inTransaction(db, async (tx) => {
      const row = await insertCourse(tx, {
        slug: await uniqueSlug(tx, input.title.en),
        kind: input.kind,
        title: input.title,
        summary: input.summary,
        position: input.position,
        published: input.published,
      })
      const after = toCourse(row, 0)
      await recordChange(
        {
          actor,
          action: classroomAuditActions.courseCreate,
          entity: 'classroom_course',
          entityId: row.id,
          before: null,
          after,
        },
        tx,
      )
      return after
    })
  }

  async function saveCourse(
    id: string,
    input: CourseInput,
    actor: ConsoleActor | null,
  ): Promise<ConsoleClassroomCourse> {
    return inTransaction(db, async (tx) => {
      const current = await courseOf(tx, id)
      const lessonCount = await lessonCountOf(tx, id)
      const updated = await updateCourse(tx, id, {
        kind: input.kind,
        title: input.title,
        summary: input.summary,
        position: input.position,
        published: input.published,
        updatedAt: clock.now(),
      })
      const after = toCourse(updated as CourseRow, lessonCount)
      await recordChange(
        {
          actor,
          action: classroomAuditActions.courseUpdate,
          entity: 'classroom_course',
          entityId: id,
          before: toCourse(current, lessonCount),
          after,
        },
        tx,
      )
      return after
    })
  }

  async function removeCourse(id: string, actor: ConsoleActor | null): Promise<{ removed: true }> {
    return inTransaction(db, async (tx) => {
      const current = await courseOf(tx, id)
      const lessonCount = await lessonCountOf(tx, id)
      await updateCourse(tx, id, { removedAt: clock.now(), updatedAt: clock.now() })
      await recordChange(
        {
          actor,
          action: classroomAuditActions.courseRemove,
          entity: 'classroom_course',
          entityId: id,
          before: toCourse(current, lessonCount),
          after: null,
        },
        tx,
      )
      return { removed: true as const }
    })
  }

  /** The row fields of a lesson as typed; a live start on the firm's clock becomes an instant. */
  function lessonFieldsOf(input: LessonInput) {
    const liveStartsAt = input.liveStartsAt ? instantOfFirmTime(input.liveStartsAt, timeZone) : undefined
    if (input.liveStartsAt && !liveStartsAt)
      throw new AppError('invalid', ClassroomErrorCode.liveTimeInvalid, {
        fields: [{ field: 'liveStartsAt', code: ClassroomErrorCode.liveTimeInvalid }],
      })
    return {
      title: input.title,
      access: input.access,
      videoUrl: input.videoUrl ?? null,
      durationMinutes: input.durationMinutes ?? null,
      liveStartsAt: liveStartsAt ?? null,
      liveJoinUrl: input.liveJoinUrl ?? null,
      attachments: input.attachments.map((attachment) => ({ name: attachment.name, url: attachment.url })),
    }
  }

  async function createLesson(
    courseId: string,
    input: LessonInput,
    actor: ConsoleActor | null,
  ): Promise<ConsoleClassroomLesson> {
    const fields = lessonFieldsOf(input)
    return inTransaction(db, async (tx) => {
      await courseOf(tx, courseId)
      const row = await insertLesson(tx, {
        courseId,
        slug: `lesson-${crypto.randomUUID().slice(0, 8)}`,
        position: await nextLessonPosition(tx, courseId),
        ...fields,
      })
      await replaceNotes(tx, row.id, input.notes)
      const [after] = await toLessons(tx, [row])
      await recordChange(
        {
          actor,
          action: classroomAuditActions.lessonCreate,
          entity: 'classroom_lesson',
          entityId: row.id,
          before: null,
          after,
        },
        tx,
      )
      return after as ConsoleClassroomLesson
    })
  }

  async function saveLesson(
    id: string,
    input: LessonInput,
    actor: ConsoleActor | null,
  ): Promise<ConsoleClassroomLesson> {
    const fields = lessonFieldsOf(input)
    return inTransaction(db, async (tx) => {
      const current = await lessonOf(tx, id)
      const [before] = await toLessons(tx, [current])
      const updated = await updateLesson(tx, id, { ...fields, updatedAt: clock.now() })
      await replaceNotes(tx, id, input.notes)
      const [after] = await toLessons(tx, [updated as LessonRow])
      await recordChange(
        {
          actor,
          action: classroomAuditActions.lessonUpdate,
          entity: 'classroom_lesson',
          entityId: id,
          before,
          after,
        },
        tx,
      )
      return after as ConsoleClassroomLesson
    })
  }

  async function removeLesson(id: string, actor: ConsoleActor | null): Promise<{ deleted: true }> {
    return inTransaction(db, async (tx) => {
      const current = await lessonOf(tx, id)
      const [before] = await toLessons(tx, [current])
      await deleteLesson(tx, id)
      await recordChange(
        {
          actor,
          action: classroomAuditActions.lessonDelete,
          entity: 'classroom_lesson',
          entityId: id,
          before,
          after: null,
        },
        tx,
      )
      return { deleted: true as const }
    })
  }

  async function reorderLessons(
    courseId: string,
    lessonIds: readonly string[],
    actor: ConsoleActor | null,
  ): Promise<ConsoleClassroomLesson[]> {
    return inTransaction(db, async (tx) => {
      await courseOf(tx, courseId)
      const current = await selectLessonsOfCourses(tx, [courseId])
      const known = new Set(current.map((lesson) => lesson.id))
      const isEveryLessonOnce =
        lessonIds.length === current.length &&
        new Set(lessonIds).size === lessonIds.length &&
        lessonIds.every((id) => known.has(id))
      if (!isEveryLessonOnce)
        throw new AppError('invalid', ClassroomErrorCode.lessonOrderInvalid, {
          fields: [{ field: 'lessonIds', code: ClassroomErrorCode.lessonOrderInvalid }],
        })
      for (const [position, id] of lessonIds.entries()) await updateLesson(tx, id, { position })
      await recordChange(
        {
          actor,
          action: classroomAuditActions.lessonReorder,
          entity: 'classroom_course',
          entityId: courseId,
          before: current.map((lesson) => lesson.id),
          after: [...lessonIds],
        },
        tx,
      )
      return toLessons(tx, await selectLessonsOfCourses(tx, [courseId]))
    })
  }

  return {
    listCourses,
    getCourse,
    createCourse,
    saveCourse,
    removeCourse,
    createLesson,
    saveLesson,
    removeLesson,
    reorderLessons,
  }
}

export type ClassroomDeskService = ReturnType<typeof createClassroomDeskService>
