import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import type { CourseKind, LessonAccess } from '#contracts/benefits.ts'
import type { Locale } from '#contracts/regions.ts'
import { createdAt, type LocalizedText, localizedText, updatedAt } from '#server/db/columns.ts'
import { members } from '#server/modules/accounts/accounts.sql.ts'

/** A file or page a lesson hands out: a name in both languages and where it is (https or a site path). */
export interface LessonAttachment {
  name: LocalizedText
  url: string
}

/**
 * The investment classroom (issue 15): courses of one kind (deep-dive report, options class, live class,
 * mentorship) holding ordered lessons. Which readers open a lesson is decided by contracts/benefits.ts from the
 * course's kind and the lesson's mark. `is_sample`: seeded sample content, labelled as such on the page.
 * Removing a course keeps its row (`removed_at`) so the start-up seed does not bring it back.
 */
export const classroomCourses = pgTable(
  'classroom_courses',
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull().unique(),
    kind: text().$type<CourseKind>().notNull(),
    title: localizedText().notNull(),
    summary: localizedText().notNull(),
    position: integer().notNull().default(0),
    published: boolean().notNull().default(true),
    isSample: boolean().notNull().default(false),
    removedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('classroom_courses_kind', sql`${table.kind} in ('deepDive', 'options', 'live', 'mentorship')`),
    index('classroom_courses_position_idx').on(table.position),
  ],
)

/**
 * One lesson: a video (a link or an embeddable player URL), notes in Markdown per language (classroom_lesson_notes),
 * attachments, and for a live class its start time and the join link (given only to readers the lesson opens for).
 */
export const classroomLessons = pgTable(
  'classroom_lessons',
  {
    id: uuid().primaryKey().defaultRandom(),
    courseId: uuid()
      .notNull()
      .references(() => classroomCourses.id, { onDelete: 'cascade' }),
    slug: text().notNull(),
    position: integer().notNull().default(0),
    title: localizedText().notNull(),
    access: text().$type<LessonAccess>().notNull(),
    videoUrl: text(),
    durationMinutes: integer(),
    liveStartsAt: timestamp({ withTimezone: true }),
    liveJoinUrl: text(),
    attachments: jsonb().$type<LessonAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('classroom_lessons_slug').on(table.courseId, table.slug),
    check('classroom_lessons_access', sql`${table.access} in ('partial', 'full')`),
    index('classroom_lessons_course_idx').on(table.courseId, table.position),
    index('classroom_lessons_live_idx').on(table.liveStartsAt),
  ],
)

/** A lesson's notes (Markdown) in one language; a language without a row has none. */
export const classroomLessonNotes = pgTable(
  'classroom_lesson_notes',
  {
    lessonId: uuid()
      .notNull()
      .references(() => classroomLessons.id, { onDelete: 'cascade' }),
    locale: text().$type<Locale>().notNull(),
    notes: text().notNull(),
  },
  (table) => [primaryKey({ columns: [table.lessonId, table.locale] })],
)

/** A reader's progress: one row per lesson they marked done. */
export const classroomProgress = pgTable(
  'classroom_progress',
  {
    memberId: uuid()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    lessonId: uuid()
      .notNull()
      .references(() => classroomLessons.id, { onDelete: 'cascade' }),
    doneAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.lessonId] })],
)
