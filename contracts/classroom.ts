/**
 * Requests of the investment classroom's API (issue 15); the answers, limits and codes are in classroom-rules.ts
 * (the zod-free half the pages import).
 *
 *   Console (/api/console, analyst; every change writes one audit entry)
 *   GET    /classroom/courses                      → ConsoleClassroomCourse[] (by position; removed ones left out)
 *   POST   /classroom/courses                      CourseInput → ConsoleClassroomCourse
 *   GET    /classroom/courses/:id                  → ConsoleClassroomCourseDetail
 *   PUT    /classroom/courses/:id                  CourseInput → ConsoleClassroomCourse
 *   DELETE /classroom/courses/:id                  → { removed: true } (kept as removed: the seed never restores it)
 *   POST   /classroom/courses/:id/lessons          LessonInput → ConsoleClassroomLesson (appended)
 *   PUT    /classroom/courses/:id/lesson-order     LessonOrderRequest → ConsoleClassroomLesson[]
 *   PUT    /classroom/lessons/:id                  LessonInput → ConsoleClassroomLesson
 *   DELETE /classroom/lessons/:id                  → { deleted: true }
 * A live start is typed as `YYYY-MM-DDTHH:mm` on the firm's clock (ConsoleMe.timeZone).
 */
import { z } from 'zod'
import { courseKinds } from './benefits.ts'
import {
  ClassroomErrorCode,
  classroomAttachmentsMax,
  classroomDurationMaxMinutes,
  classroomNotesMaxLength,
  classroomPositionMax,
  classroomSummaryMaxLength,
  classroomTitleMaxLength,
  classroomUrlMaxLength,
} from './classroom-rules.ts'

export * from './classroom-rules.ts'

/** JSON bodies may send null or '' for a field left empty; read both as absent. */
const blankAsAbsent = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value

const Id = z.uuid()

/** A text required in both languages. */
const bothLanguages = (max: number, code: string) =>
  z.object({
    en: z.string(code).trim().min(1, code).max(max, code),
    'zh-Hant': z.string(code).trim().min(1, code).max(max, code),
  })

const httpsUrl = (code: string) =>
  z
    .string(code)
    .trim()
    .max(classroomUrlMaxLength, code)
    .refine((value) => isHttpsUrl(value), code)

function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\//i.test(value)) return false
  try {
    return new URL(value).protocol === 'https:'
  } catch {
    return false
  }
}

// ——— Readers ———

export const LessonQuery = z.object({ id: z.uuid(ClassroomErrorCode.lessonNotFound) })
export type LessonQuery = z.infer<typeof LessonQuery>

/** Marks one of the reader's own lessons done or not done; whose progress it is comes from the session only. */
export const ProgressRequest = z.strictObject({ lessonId: Id, done: z.boolean() })
export type ProgressRequest = z.infer<typeof ProgressRequest>

// ——— Console ———

export const CourseParams = z.object({ id: Id })
export const LessonParams = z.object({ id: Id })

export const CourseInput = z.object({
  kind: z.enum(courseKinds),
  title: bothLanguages(classroomTitleMaxLength, ClassroomErrorCode.titleRequired),
  summary: bothLanguages(classroomSummaryMaxLength, ClassroomErrorCode.summaryRequired),
  position: z.preprocess(
    blankAsAbsent,
    z.coerce
      .number(ClassroomErrorCode.positionInvalid)
      .int(ClassroomErrorCode.positionInvalid)
      .min(0, ClassroomErrorCode.positionInvalid)
      .max(classroomPositionMax, ClassroomErrorCode.positionInvalid)
      .default(0),
  ),
  published: z.boolean().default(true),
})
export type CourseInput = z.infer<typeof CourseInput>

const notesText = z.string().max(classroomNotesMaxLength, ClassroomErrorCode.notesTooLong).default('')

export const LessonAttachmentInput = z.object({
  name: bothLanguages(120, ClassroomErrorCode.attachmentNameRequired),
  url: z
    .string(ClassroomErrorCode.attachmentUrlInvalid)
    .trim()
    .max(classroomUrlMaxLength, ClassroomErrorCode.attachmentUrlInvalid)
    .refine(
      (value) => isHttpsUrl(value) || /^\/(?!\/)[^\s]*$/.test(value),
      ClassroomErrorCode.attachmentUrlInvalid,
    ),
})

export const LessonInput = z
  .object({
    title: bothLanguages(classroomTitleMaxLength, ClassroomErrorCode.titleRequired),
    access: z.enum(['partial', 'full']),
    videoUrl: z.preprocess(blankAsAbsent, httpsUrl(ClassroomErrorCode.videoUrlInvalid).optional()),
    durationMinutes: z.preprocess(
      blankAsAbsent,
      z.coerce
        .number(ClassroomErrorCode.durationInvalid)
        .int(ClassroomErrorCode.durationInvalid)
        .min(1, ClassroomErrorCode.durationInvalid)
        .max(classroomDurationMaxMinutes, ClassroomErrorCode.durationInvalid)
        .optional(),
    ),
    liveStartsAt: z.preprocess(
      blankAsAbsent,
      z
        .string(ClassroomErrorCode.liveTimeInvalid)
        .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, ClassroomErrorCode.liveTimeInvalid)
        .optional(),
    ),
    liveJoinUrl: z.preprocess(blankAsAbsent, httpsUrl(ClassroomErrorCode.joinUrlInvalid).optional()),
    notes: z.object({ en: notesText, 'zh-Hant': notesText }).default({ en: '', 'zh-Hant': '' }),
    attachments: z
      .array(LessonAttachmentInput)
      .max(classroomAttachmentsMax, ClassroomErrorCode.attachmentsTooMany)
      .default([]),
  })
  .superRefine((lesson, context) => {
    if (lesson.liveJoinUrl && !lesson.liveStartsAt)
      context.addIssue({
        code: 'custom',
        path: ['liveStartsAt'],
        message: ClassroomErrorCode.liveTimeMissing,
      })
  })
export type LessonInput = z.infer<typeof LessonInput>

export const LessonOrderRequest = z.object({
  lessonIds: z.array(Id).min(1, ClassroomErrorCode.lessonOrderInvalid).max(200),
})
export type LessonOrderRequest = z.infer<typeof LessonOrderRequest>
