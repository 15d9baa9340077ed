/**
 * The investment classroom as readers meet it (issue 15): the catalogue, one lesson, and a member's progress.
 *
 * Decides: readers see published courses that are not removed, in order, with every lesson's title, mark and
 * schedule; whether a lesson opens and why not come from contracts/benefits.ts only (`benefitReaderOf`,
 * `lessonOpens`, `lockReasonFor`). A lesson's content (video, notes, attachments, join link) leaves the server only
 * for a reader it opens for, and a live class's join link only from `liveJoinOpensMinutesBefore` before its start
 * until `liveJoinClosesHoursAfter` after. Progress is the session's member's own, on lessons that open for them.
 * Leaves to others: Markdown rendering (server/text/render-markdown.ts), how a video is embedded
 * (classroom-video.ts), and every word of the page.
 */
import {
  benefitReaderOf,
  benefitsOf,
  type CourseKind,
  lessonOpens,
  lockReasonFor,
} from '#contracts/benefits.ts'
import type { ProgressRequest } from '#contracts/classroom.ts'
import {
  type ClassroomCatalogue,
  type ClassroomCourseSummary,
  ClassroomErrorCode,
  type ClassroomLessonContent,
  type ClassroomLessonDetail,
  type ClassroomLessonSummary,
  type ClassroomProgress,
  type LiveSchedule,
  liveJoinClosesHoursAfter,
  liveJoinOpensMinutesBefore,
} from '#contracts/classroom-rules.ts'
import { CommonErrorCode } from '#contracts/envelope.ts'
import type { Locale } from '#contracts/regions.ts'
import type { Clock } from '#server/clock.ts'
import type { LocalizedText } from '#server/db/columns.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import { isLoggedIn, type Reader } from '#server/kernel/reader.ts'
import { demoteHeadings, renderMarkdown } from '#server/text/render-markdown.ts'
import {
  type CourseRow,
  type LessonRow,
  markLessonDone,
  markLessonNotDone,
  selectCourse,
  selectCourses,
  selectDoneLessonIds,
  selectLesson,
  selectLessonsOfCourses,
  selectNotes,
} from './classroom.repo.ts'
import { lessonVideoOf } from './classroom-video.ts'

const minute = 60_000

/** A text in the reader's language, else the English one (the console requires both; old rows may lack one). */
export function textIn(text: LocalizedText, locale: Locale): string {
  return text[locale] || text.en || ''
}

/** Where a live class stands at `now`: before, within or after its join window. */
export function liveStateAt(startsAt: Date, now: Date) {
  const opensAt = startsAt.getTime() - liveJoinOpensMinutesBefore * minute
  const closesAt = startsAt.getTime() + liveJoinClosesHoursAfter * 60 * minute
  if (now.getTime() < opensAt) return 'upcoming' as const
  if (now.getTime() <= closesAt) return 'open' as const
  return 'past' as const
}

export function createClassroomService({ db, clock }: { db: Db; clock: Clock }) {
  function accessOf(reader: Reader, kind: CourseKind) {
    return benefitsOf(benefitReaderOf(reader)).classroom[kind]
  }

  function liveOf(lesson: LessonRow): LiveSchedule | null {
    if (!lesson.liveStartsAt) return null
    return {
      startsAt: lesson.liveStartsAt.toISOString(),
      state: liveStateAt(lesson.liveStartsAt, clock.now()),
    }
  }

  function summaryOf(
    lesson: LessonRow,
    kind: CourseKind,
    reader: Reader,
    locale: Locale,
    done: ReadonlySet<string>,
  ): ClassroomLessonSummary {
    const lock = lockReasonFor(benefitReaderOf(reader), (benefits) =>
      lessonOpens(benefits.classroom[kind], lesson.access),
    )
    return {
      id: lesson.id,
      courseId: lesson.courseId,
      title: textIn(lesson.title, locale),
      access: lesson.access,
      opens: lock === null,
      lock,
      durationMinutes: lesson.durationMinutes,
      live: liveOf(lesson),
      isDone: done.has(lesson.id),
    }
  }

  async function doneOf(reader: Reader): Promise<Set<string>> {
    return isLoggedIn(reader) ? selectDoneLessonIds(db, reader.memberId) : new Set()
  }

  function progressOf(lessons: readonly ClassroomLessonSummary[]) {
    const open = lessons.filter((lesson) => lesson.opens)
    return { done: open.filter((lesson) => lesson.isDone).length, total: open.length }
  }

  async function getCatalogue(reader: Reader, locale: Locale): Promise<ClassroomCatalogue> {
    const [courses, done] = await Promise.all([selectCourses(db, { publishedOnly: true }), doneOf(reader)])
    const lessons = await selectLessonsOfCourses(
      db,
      courses.map((course) => course.id),
    )
    return {
      isMember: isLoggedIn(reader),
      courses: courses.map((course): ClassroomCourseSummary => {
        const rows = lessons
          .filter((lesson) => lesson.courseId === course.id)
          .map((lesson) => summaryOf(lesson, course.kind, reader, locale, done))
        return {
          id: course.id,
          kind: course.kind,
          title: textIn(course.title, locale),
          summary: textIn(course.summary, locale),
          isSample: course.isSample,
          access: accessOf(reader, course.kind),
          lessons: rows,
          progress: isLoggedIn(reader) ? progressOf(rows) : null,
        }
      }),
    }
  }

  /** A lesson of a published course that is not removed, with its course; 404 otherwise. */
  async function findReadableLesson(id: string): Promise<{ lesson: LessonRow; course: CourseRow }> {
    const lesson = await selectLesson(db, id)
    const course = lesson ? await selectCourse(db, lesson.courseId) : undefined
    if (!lesson || !course?.published) throw new AppError('not_found', ClassroomErrorCode.lessonNotFound)
    return { lesson, course }
  }

  async function contentOf(lesson: LessonRow, locale: Locale): Promise<ClassroomLessonContent> {
    const notes = await selectNotes(db, [lesson.id])
    const text = notes.find((row) => row.locale === locale) ?? notes.find((row) => row.locale === 'en')
    const live = liveOf(lesson)
    return {
      video: lessonVideoOf(lesson.videoUrl),
      // Under the lesson's title (h3) in the lesson panel.
      notesHtml: text ? demoteHeadings(renderMarkdown(text.notes), 4) : '',
      attachments: lesson.attachments.map((attachment) => ({
        name: textIn(attachment.name, locale),
        url: attachment.url,
      })),
      joinUrl: live?.state === 'open' ? lesson.liveJoinUrl : null,
    }
  }

  async function getLesson(id: string, reader: Reader, locale: Locale): Promise<ClassroomLessonDetail> {
    const { lesson, course } = await findReadableLesson(id)
    const summary = summaryOf(lesson, course.kind, reader, locale, await doneOf(reader))
    return {
      lesson: summary,
      course: {
        id: course.id,
        kind: course.kind,
        title: textIn(course.title, locale),
        isSample: course.isSample,
      },
      content: summary.opens ? await contentOf(lesson, locale) : null,
    }
  }

  async function listProgress(reader: Reader): Promise<ClassroomProgress> {
    if (!isLoggedIn(reader)) throw new AppError('unauthenticated', CommonErrorCode.unauthenticated)
    const catalogue = await getCatalogue(reader, 'en')
    return {
      courses: catalogue.courses.map((course) => ({
        courseId: course.id,
        ...(course.progress ?? { done: 0, total: 0 }),
      })),
    }
  }

  async function setProgress(request: ProgressRequest, reader: Reader): Promise<ClassroomProgress> {
    if (!isLoggedIn(reader)) throw new AppError('unauthenticated', CommonErrorCode.unauthenticated)
    const { lesson, course } = await findReadableLesson(request.lessonId)
    if (!lessonOpens(accessOf(reader, course.kind), lesson.access))
      throw new AppError('forbidden', ClassroomErrorCode.lessonLocked)
    if (request.done) await markLessonDone(db, reader.memberId, lesson.id, clock.now())
    else await markLessonNotDone(db, reader.memberId, lesson.id)
    return { ...(await listProgress(reader)), lesson: { id: lesson.id, isDone: request.done } }
  }

  return { getCatalogue, getLesson, listProgress, setProgress }
}

export type ClassroomService = ReturnType<typeof createClassroomService>
