/**
 * The classroom's catalogue as the page draws it (issue 15): each course with its kind, the reader's access and
 * progress, and its lessons — a lesson that opens is a link to itself (`?lesson=`, drawn open in place under its
 * row), one that does not carries the compact lock prompt. What opens was decided on the server
 * (contracts/benefits.ts through the classroom service); the page only shows the verdict.
 */
import { clsx } from 'clsx'
import { __iconData as circleShape } from 'lucide-react/icons/circle'
import { __iconData as circleCheckShape } from 'lucide-react/icons/circle-check'
import { Link } from 'react-router'
import { Badge } from '#app/components/badge.tsx'
import { Card } from '#app/components/card.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { LockPrompt, SampleBadge } from '#app/features/member-area/lock-prompt.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type {
  ClassroomCourseSummary,
  ClassroomLessonDetail,
  ClassroomLessonSummary,
} from '#contracts/classroom-rules.ts'
import { LiveLine } from './classroom-live.tsx'
import { LessonPanel } from './lesson-panel.tsx'

const CheckCircle2 = outlineIcon(circleCheckShape)
const Circle = outlineIcon(circleShape)

export const classroomPath = '/member/investment'

export function lessonHref(lessonId: string): string {
  return `${classroomPath}?lesson=${encodeURIComponent(lessonId)}`
}

export function CourseCard({
  course,
  openLesson,
  isMember,
}: {
  course: ClassroomCourseSummary
  /** The lesson open on the page, drawn under its row when it belongs to this course. */
  openLesson: ClassroomLessonDetail | null
  isMember: boolean
}) {
  const { t } = useTranslation('classroom')
  const headingId = `course-${course.id}`
  return (
    <Card className="flex flex-col gap-4" data-testid="classroom-course">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="brand">{t(`kinds.${course.kind}`)}</Badge>
          <Badge tone={course.access === 'none' ? 'neutral' : 'gain'}>
            {t('access.yours', { access: t(`access.${course.access}`) })}
          </Badge>
          {course.isSample ? <SampleBadge /> : null}
        </div>
        <h2 id={headingId} className="text-xl font-semibold text-ink-950">
          {course.title}
        </h2>
        <p className="text-sm text-ink-800">{course.summary}</p>
        {course.progress && course.progress.total > 0 ? (
          <CourseProgress title={course.title} done={course.progress.done} total={course.progress.total} />
        ) : null}
      </header>
      <ol
        aria-labelledby={headingId}
        className="flex flex-col divide-y divide-ink-100 border-t border-ink-100"
      >
        {course.lessons.map((lesson) => (
          <li key={lesson.id} className="py-3" data-testid="classroom-lesson">
            <LessonRow lesson={lesson} isOpen={openLesson?.lesson.id === lesson.id} />
            {openLesson?.lesson.id === lesson.id ? (
              <LessonPanel detail={openLesson} isMember={isMember} />
            ) : null}
          </li>
        ))}
      </ol>
    </Card>
  )
}

function CourseProgress({ title, done, total }: { title: string; done: number; total: number }) {
  const { t } = useTranslation('classroom')
  const percent = Math.round((done / total) * 100)
  return (
    <div className="flex flex-col gap-1" data-testid="course-progress">
      <div
        role="progressbar"
        aria-label={t('progressLabel', { course: title })}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={t('progress', { done, total })}
        className="h-2 w-full overflow-hidden rounded-full bg-ink-100"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-ink-700">{t('progress', { done, total })}</p>
    </div>
  )
}

function LessonRow({ lesson, isOpen }: { lesson: ClassroomLessonSummary; isOpen: boolean }) {
  const { t } = useTranslation('classroom')
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {lesson.opens ? (
          lesson.isDone ? (
            <CheckCircle2 className="size-4 shrink-0 text-gain" aria-label={t('done')} role="img" />
          ) : (
            <Circle className="size-4 shrink-0 text-ink-300" aria-hidden="true" />
          )
        ) : null}
        {lesson.opens ? (
          <Link
            to={isOpen ? classroomPath : lessonHref(lesson.id)}
            preventScrollReset
            aria-expanded={isOpen}
            className={clsx(
              'min-h-11 content-center font-medium underline-offset-2 hover:underline',
              isOpen ? 'text-brand-700' : 'text-ink-950',
            )}
          >
            {lesson.title}
          </Link>
        ) : (
          <span className="min-h-11 content-center font-medium text-ink-800">{lesson.title}</span>
        )}
        <span title={t(`marks.${lesson.access}Explained`)}>
          <Badge tone={lesson.access === 'full' ? 'warn' : 'neutral'}>{t(`marks.${lesson.access}`)}</Badge>
        </span>
        {lesson.durationMinutes ? (
          <span className="text-xs text-ink-700">{t('minutes', { count: lesson.durationMinutes })}</span>
        ) : null}
      </div>
      {lesson.live ? <LiveLine live={lesson.live} /> : null}
      {lesson.lock ? <LockPrompt reason={lesson.lock} what={t('lockWhat')} compact /> : null}
    </div>
  )
}
