/**
 * Sample classroom content for a fresh site (issue 15: "a living member area"), in both languages and marked
 * `is_sample` so the page labels it. Inserted only when the classroom has no course row at all — removed courses
 * keep theirs — so an operator's deletions and edits hold across restarts. Live classes are dated from `now`: one
 * a week ahead, one two weeks back. Join links point at example.com: the firm puts in its own.
 */
import type { Db } from '#server/db/database.ts'
import { hasAnyCourse, insertCourse, insertLesson, replaceNotes } from './classroom.repo.ts'
import { sampleCourses } from './classroom-samples.ts'

const day = 24 * 60 * 60 * 1000

/** Inserts the sample courses unless the classroom has any course row (removed ones count). */
export async function insertSampleClassroomIfEmpty(db: Db, now: Date = new Date()): Promise<void> {
  if (await hasAnyCourse(db)) return
  // Live classes start at 12:00 UTC on their day.
  const noonOf = (days: number) => {
    const at = new Date(now.getTime() + days * day)
    at.setUTCHours(12, 0, 0, 0)
    return at
  }
  for (const [coursePosition, sample] of sampleCourses.entries()) {
    const course = await insertCourse(db, {
      slug: sample.slug,
      kind: sample.kind,
      title: sample.title,
      summary: sample.summary,
      position: coursePosition,
      published: true,
      isSample: true,
    })
    for (const [position, lesson] of sample.lessons.entries()) {
      const row = await insertLesson(db, {
        courseId: course.id,
        slug: lesson.slug,
        position,
        title: lesson.title,
        access: lesson.access,
        durationMinutes: lesson.durationMinutes,
        liveStartsAt: lesson.liveInDays === undefined ? null : noonOf(lesson.liveInDays),
        liveJoinUrl: lesson.liveJoinUrl ?? null,
        attachments: lesson.attachments ?? [],
      })
      await replaceNotes(db, row.id, lesson.notes)
    }
  }
}
