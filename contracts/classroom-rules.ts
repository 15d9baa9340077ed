/**
 * The investment classroom's answer shapes, limits and error codes (issue 15) — the zod-free half the pages import
 * (ADR 0011); requests are parsed by contracts/classroom.ts. Who opens which lesson is contracts/benefits.ts's
 * (`lessonOpens`, `lockReasonFor`); these shapes only carry its verdict.
 *
 *   Readers (/api/portal)
 *   GET  /classroom/catalogue              → ClassroomCatalogue (every published course and lesson, each with
 *                                            whether it opens for the reader or the lock; no lesson content)
 *   GET  /classroom/lesson?id=             → ClassroomLessonDetail (`content` only when it opens; 404
 *                                            CLASSROOM_LESSON_NOT_FOUND)
 *   GET  /classroom/progress               members → ClassroomProgress (401 UNAUTHENTICATED for visitors)
 *   POST /classroom/progress               members, ProgressRequest → ClassroomProgress (403
 *                                            CLASSROOM_LESSON_LOCKED for a lesson that does not open for them)
 *
 *   Console (/api/console, analyst): see contracts/classroom.ts.
 */
import type { ClassAccess, CourseKind, LessonAccess, LockReason } from './benefits.ts'
import type { Locale } from './regions.ts'

export type BothLanguages = Record<Locale, string>

/** Minutes before a live class starts that its join link is given out, and hours after the start it stays. */
export const liveJoinOpensMinutesBefore = 30
export const liveJoinClosesHoursAfter = 3

/** Where a live class stands for the reader: before its join window, within it, or over. */
export type LiveState = 'upcoming' | 'open' | 'past'

/** A live class's schedule as every reader sees it (the join link is content: ClassroomLessonContent). */
export interface LiveSchedule {
  /** ISO instant; the page shows it in the region's time zone. */
  startsAt: string
  state: LiveState
}

/** A lesson's row in the catalogue: what every reader sees of it. */
export interface ClassroomLessonSummary {
  id: string
  courseId: string
  title: string
  /** The lesson's mark: `partial` opens to partial and full access, `full` to full access only. */
  access: LessonAccess
  opens: boolean
  /** Why it is locked and the one step that opens it; null when it opens. */
  lock: LockReason | null
  durationMinutes: number | null
  live: LiveSchedule | null
  /** Marked done by the reader (always false for visitors). */
  isDone: boolean
}

export interface ClassroomCourseSummary {
  id: string
  kind: CourseKind
  title: string
  summary: string
  isSample: boolean
  /** The reader's access to the course's kind (contracts/benefits.ts). */
  access: ClassAccess
  lessons: ClassroomLessonSummary[]
  /** Lessons done out of those that open for the reader; null for visitors. */
  progress: { done: number; total: number } | null
}

export interface ClassroomCatalogue {
  isMember: boolean
  courses: ClassroomCourseSummary[]
}

/** A video as the page shows it: an embedded player (a privacy-enhanced URL built by the server) or a link. */
export type LessonVideo =
  | { kind: 'embed'; provider: 'youtube' | 'vimeo'; embedUrl: string; url: string }
  | { kind: 'link'; url: string }

export interface LessonAttachmentLink {
  name: string
  url: string
}

/** What only a reader the lesson opens for receives. */
export interface ClassroomLessonContent {
  video: LessonVideo | null
  /** The notes in the reader's language, rendered from Markdown and sanitised on the server; '' when none. */
  notesHtml: string
  attachments: LessonAttachmentLink[]
  /** A live class's join link: only within its join window. */
  joinUrl: string | null
}

export interface ClassroomLessonDetail {
  lesson: ClassroomLessonSummary
  course: { id: string; kind: CourseKind; title: string; isSample: boolean }
  content: ClassroomLessonContent | null
}

export interface ClassroomCourseProgress {
  courseId: string
  done: number
  total: number
}

export interface ClassroomProgress {
  courses: ClassroomCourseProgress[]
  /** The lesson just marked, on a POST. */
  lesson?: { id: string; isDone: boolean }
}

// ——— Console (analyst) ———

export interface ConsoleClassroomCourse {
  id: string
  slug: string
  kind: CourseKind
  title: BothLanguages
  summary: BothLanguages
  position: number
  published: boolean
  isSample: boolean
  lessonCount: number
  updatedAt: string
}

export interface ConsoleLessonAttachment {
  name: BothLanguages
  url: string
}

export interface ConsoleClassroomLesson {
  id: string
  courseId: string
  position: number
  title: BothLanguages
  access: LessonAccess
  videoUrl: string | null
  durationMinutes: number | null
  /** ISO instant; the form shows it on the firm's clock (ConsoleMe.timeZone). */
  liveStartsAt: string | null
  liveJoinUrl: string | null
  attachments: ConsoleLessonAttachment[]
  notes: BothLanguages
  updatedAt: string
}

export interface ConsoleClassroomCourseDetail {
  course: ConsoleClassroomCourse
  lessons: ConsoleClassroomLesson[]
}

export const classroomTitleMaxLength = 160
export const classroomSummaryMaxLength = 600
export const classroomNotesMaxLength = 20_000
export const classroomUrlMaxLength = 500
export const classroomAttachmentsMax = 10
export const classroomPositionMax = 999
export const classroomDurationMaxMinutes = 600

/** The audit log's actions of the classroom (entity `classroom_course` or `classroom_lesson`). */
export const classroomAuditActions = {
  courseCreate: 'classroom_course.create',
  courseUpdate: 'classroom_course.update',
  courseRemove: 'classroom_course.remove',
  lessonCreate: 'classroom_lesson.create',
  lessonUpdate: 'classroom_lesson.update',
  lessonDelete: 'classroom_lesson.delete',
  lessonReorder: 'classroom_lesson.reorder',
} as const

export const ClassroomErrorCode = {
  /** 404 — 'This lesson was not found.' */
  lessonNotFound: 'CLASSROOM_LESSON_NOT_FOUND',
  /** 403 — 'Your plan does not open this lesson.' */
  lessonLocked: 'CLASSROOM_LESSON_LOCKED',
  /** 404 — 'This course was not found.' */
  courseNotFound: 'CLASSROOM_COURSE_NOT_FOUND',
  /** 400 — 'Write the title in both languages.' */
  titleRequired: 'CLASSROOM_TITLE_REQUIRED',
  /** 400 — 'Write the summary in both languages (at most 600 characters).' */
  summaryRequired: 'CLASSROOM_SUMMARY_REQUIRED',
  /** 400 — 'Enter a position from 0 to 999.' */
  positionInvalid: 'CLASSROOM_POSITION_INVALID',
  /** 400 — 'Enter a video address that starts with https://.' */
  videoUrlInvalid: 'CLASSROOM_VIDEO_URL_INVALID',
  /** 400 — 'Enter the length in whole minutes, from 1 to 600.' */
  durationInvalid: 'CLASSROOM_DURATION_INVALID',
  /** 400 — 'Enter the start as a date and time.' */
  liveTimeInvalid: 'CLASSROOM_LIVE_TIME_INVALID',
  /** 400 — 'A join link needs a start time.' */
  liveTimeMissing: 'CLASSROOM_LIVE_TIME_MISSING',
  /** 400 — 'Enter a join link that starts with https://.' */
  joinUrlInvalid: 'CLASSROOM_JOIN_URL_INVALID',
  /** 400 — 'Notes may be at most 20,000 characters per language.' */
  notesTooLong: 'CLASSROOM_NOTES_TOO_LONG',
  /** 400 — 'Name the attachment in both languages.' */
  attachmentNameRequired: 'CLASSROOM_ATTACHMENT_NAME_REQUIRED',
  /** 400 — 'Enter an attachment address that starts with https:// or /.' */
  attachmentUrlInvalid: 'CLASSROOM_ATTACHMENT_URL_INVALID',
  /** 400 — 'A lesson may have at most 10 attachments.' */
  attachmentsTooMany: 'CLASSROOM_ATTACHMENTS_TOO_MANY',
  /** 400 — 'List every lesson of the course once.' */
  lessonOrderInvalid: 'CLASSROOM_LESSON_ORDER_INVALID',
} as const
export type ClassroomErrorCode = (typeof ClassroomErrorCode)[keyof typeof ClassroomErrorCode]

/** An instant as `YYYY-MM-DDTHH:mm` on a zone's wall clock (a datetime-local field's value). */
export function wallClockOf(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso))
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00'
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`
}
