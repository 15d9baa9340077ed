/**
 * Queries of the investment classroom: courses, lessons, their notes per language, and readers' progress.
 * Plain rows, no rules (who opens what is the service's, from contracts/benefits.ts).
 */
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Locale } from '#contracts/regions.ts'
import type { Db } from '#server/db/database.ts'
import {
  classroomCourses,
  classroomLessonNotes,
  classroomLessons,
  classroomProgress,
} from './classroom.sql.ts'

export type CourseRow = typeof classroomCourses.$inferSelect
export type LessonRow = typeof classroomLessons.$inferSelect
export type NewCourseRow = typeof classroomCourses.$inferInsert
export type NewLessonRow = typeof classroomLessons.$inferInsert

/** Courses not removed, by position; readers' lists pass `publishedOnly`. */
export function selectCourses(db: Db, { publishedOnly }: { publishedOnly: boolean }): Promise<CourseRow[]> {
  const notRemoved = isNull(classroomCourses.removedAt)
  return db
    .select()
    .from(classroomCourses)
    .where(publishedOnly ? and(notRemoved, eq(classroomCourses.published, true)) : notRemoved)
    .orderBy(asc(classroomCourses.position), asc(classroomCourses.createdAt), asc(classroomCourses.id))
}

/** A course not removed. */
export async function selectCourse(db: Db, id: string): Promise<CourseRow | undefined> {
  const rows = await db
    .select()
    .from(classroomCourses)
    .where(and(eq(classroomCourses.id, id), isNull(classroomCourses.removedAt)))
  return rows[0]
}

/** Whether the classroom has any course row at all, removed ones included (the seed's test). */
export async function hasAnyCourse(db: Db): Promise<boolean> {
  const rows = await db.select({ id: classroomCourses.id }).from(classroomCourses).limit(1)
  return rows.length > 0
}

export async function selectSlugsLike(db: Db, prefix: string): Promise<string[]> {
  const rows = await db
    .select({ slug: classroomCourses.slug })
    .from(classroomCourses)
    .where(sql`${classroomCourses.slug} like ${`${prefix}%`}`)
  return rows.map((row) => row.slug)
}

export async function insertCourse(db: Db, row: NewCourseRow): Promise<CourseRow> {
  const [inserted] = await db.insert(classroomCourses).values(row).returning()
  return inserted as CourseRow
}

export async function updateCourse(
  db: Db,
  id: string,
  change: Partial<NewCourseRow>,
): Promise<CourseRow | undefined> {
  const [updated] = await db
    .update(classroomCourses)
    .set(change)
    .where(and(eq(classroomCourses.id, id), isNull(classroomCourses.removedAt)))
    .returning()
  return updated
}

/** Lessons of these courses, in each course's order. */
export function selectLessonsOfCourses(db: Db, courseIds: readonly string[]): Promise<LessonRow[]> {
  if (courseIds.length === 0) return Promise.resolve([])
  return db
    .select()
    .from(classroomLessons)
    .where(inArray(classroomLessons.courseId, [...courseIds]))
    .orderBy(asc(classroomLessons.position), asc(classroomLessons.createdAt), asc(classroomLessons.id))
}

export async function selectLesson(db: Db, id: string): Promise<LessonRow | undefined> {
  const rows = await db.select().from(classroomLessons).where(eq(classroomLessons.id, id))
  return rows[0]
}

export async function countLessonsByCourse(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ courseId: classroomLessons.courseId, lessons: count() })
    .from(classroomLessons)
    .groupBy(classroomLessons.courseId)
  return new Map(rows.map((row) => [row.courseId, Number(row.lessons)]))
}

export async function nextLessonPosition(db: Db, courseId: string): Promise<number> {
  const rows = await db
    .select({ last: sql<number | null>`max(${classroomLessons.position})` })
    .from(classroomLessons)
    .where(eq(classroomLessons.courseId, courseId))
  const last = rows[0]?.last
  return last === null || last === undefined ? 0 : Number(last) + 1
}

export async function insertLesson(db: Db, row: NewLessonRow): Promise<LessonRow> {
  const [inserted] = await db.insert(classroomLessons).values(row).returning()
  return inserted as LessonRow
}

export async function updateLesson(
  db: Db,
  id: string,
  change: Partial<NewLessonRow>,
): Promise<LessonRow | undefined> {
  const [updated] = await db
    .update(classroomLessons)
    .set(change)
    .where(eq(classroomLessons.id, id))
    .returning()
  return updated
}

export async function deleteLesson(db: Db, id: string): Promise<void> {
  await db.delete(classroomLessons).where(eq(classroomLessons.id, id))
}

/** Notes of these lessons; in one language when `locale` is given. */
export async function selectNotes(
  db: Db,
  lessonIds: readonly string[],
  locale?: Locale,
): Promise<{ lessonId: string; locale: Locale; notes: string }[]> {
  if (lessonIds.length === 0) return []
  const ofLessons = inArray(classroomLessonNotes.lessonId, [...lessonIds])
  return db
    .select()
    .from(classroomLessonNotes)
    .where(locale ? and(ofLessons, eq(classroomLessonNotes.locale, locale)) : ofLessons)
}

/** Sets a lesson's notes per language; an empty text removes that language's row. */
export async function replaceNotes(db: Db, lessonId: string, notes: Record<Locale, string>): Promise<void> {
  await db.delete(classroomLessonNotes).where(eq(classroomLessonNotes.lessonId, lessonId))
  const rows = (Object.entries(notes) as [Locale, string][])
    .filter(([, text]) => text.trim() !== '')
    .map(([locale, text]) => ({ lessonId, locale, notes: text }))
  if (rows.length > 0) await db.insert(classroomLessonNotes).values(rows)
}

/** The lessons a member marked done. */
export async function selectDoneLessonIds(db: Db, memberId: string): Promise<Set<string>> {
  const rows = await db
    .select({ lessonId: classroomProgress.lessonId })
    .from(classroomProgress)
    .where(eq(classroomProgress.memberId, memberId))
  return new Set(rows.map((row) => row.lessonId))
}

export async function markLessonDone(db: Db, memberId: string, lessonId: string, at: Date): Promise<void> {
  await db.insert(classroomProgress).values({ memberId, lessonId, doneAt: at }).onConflictDoNothing()
}

export async function markLessonNotDone(db: Db, memberId: string, lessonId: string): Promise<void> {
  await db
    .delete(classroomProgress)
    .where(and(eq(classroomProgress.memberId, memberId), eq(classroomProgress.lessonId, lessonId)))
}
