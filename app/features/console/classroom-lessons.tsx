/**
 * A course's lessons in the console, in the order members see them: moved up and down, edited in place, added and
 * deleted (after a confirmation). The form of one lesson is classroom-lesson-form.tsx.
 */

import { __iconData as arrowDownShape } from 'lucide-react/icons/arrow-down'
import { __iconData as arrowUpShape } from 'lucide-react/icons/arrow-up'
import { useState } from 'react'
import { Badge } from '#app/components/badge.tsx'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { ConsoleClassroomCourseDetail, ConsoleClassroomLesson } from '#contracts/classroom-rules.ts'
import type { ConsoleMe } from '#contracts/console-rules.ts'
import { LessonForm } from './classroom-lesson-form.tsx'
import { consoleApi } from './console-client.ts'
import { ConsoleConfirm, useConfirmation } from './console-lists.tsx'
import { ConsoleActionLines, useTextInConsoleLanguage } from './console-ui.tsx'
import { movedInList } from './site-view.ts'
import { useConsoleAction } from './use-console-action.ts'

const ArrowDown = outlineIcon(arrowDownShape)
const ArrowUp = outlineIcon(arrowUpShape)

export function LessonList({
  me,
  detail,
  onChanged,
}: {
  me: ConsoleMe
  detail: ConsoleClassroomCourseDetail
  onChanged(): void
}) {
  const { t } = useTranslation('classroom')
  const local = useTextInConsoleLanguage()
  const [editing, setEditing] = useState<string | null>(null)
  const deleting = useConfirmation<ConsoleClassroomLesson>()
  const action = useConsoleAction()
  const { course, lessons } = detail

  const move = (index: number, step: -1 | 1) =>
    action.run(async () => {
      const lessonIds = movedInList(
        lessons.map((lesson) => lesson.id),
        index,
        step,
      )
      await consoleApi.put<ConsoleClassroomLesson[]>(`/classroom/courses/${course.id}/lesson-order`, {
        lessonIds,
      })
      onChanged()
      return t('console.reordered')
    })

  const remove = (lesson: ConsoleClassroomLesson) =>
    action.run(async () => {
      await consoleApi.delete<{ deleted: true }>(`/classroom/lessons/${lesson.id}`)
      if (editing === lesson.id) setEditing(null)
      onChanged()
      return t('console.lessonDeleted')
    })

  const onDone = (message?: string) => {
    setEditing(null)
    if (message) action.setNotice(message)
    onChanged()
  }

  return (
    <section aria-labelledby="classroom-lessons" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="classroom-lessons" className="text-lg font-semibold text-ink-950">
          {t('console.lessons')}
        </h2>
        <Button variant="secondary" onClick={() => setEditing('new')} disabled={editing === 'new'}>
          {t('console.addLesson')}
        </Button>
      </div>
      <ConsoleActionLines action={action} />
      {editing === 'new' ? <LessonForm me={me} courseId={course.id} lesson={null} onDone={onDone} /> : null}
      {lessons.length === 0 ? <p className="text-sm text-ink-700">{t('console.noLessons')}</p> : null}
      <ol className="flex flex-col gap-2">
        {lessons.map((lesson, index) => (
          <li key={lesson.id} data-testid="classroom-lesson-row">
            <Card className="flex flex-col gap-3">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-ink-900">{local(lesson.title)}</span>
                <Badge tone={lesson.access === 'full' ? 'warn' : 'neutral'}>
                  {t(`marks.${lesson.access}`)}
                </Badge>
                <span className="ml-auto flex flex-wrap gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={index === 0}
                    aria-label={t('console.moveUp', { title: local(lesson.title) })}
                    onClick={() => void move(index, -1)}
                  >
                    <ArrowUp className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={index === lessons.length - 1}
                    aria-label={t('console.moveDown', { title: local(lesson.title) })}
                    onClick={() => void move(index, 1)}
                  >
                    <ArrowDown className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={t('console.editOf', { title: local(lesson.title) })}
                    onClick={() => setEditing(editing === lesson.id ? null : lesson.id)}
                  >
                    {t('console.edit')}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    aria-label={t('console.deleteLessonOf', { title: local(lesson.title) })}
                    onClick={() => deleting.ask(lesson)}
                  >
                    {t('console.deleteLesson')}
                  </Button>
                </span>
              </div>
              {editing === lesson.id ? (
                <LessonForm me={me} courseId={course.id} lesson={lesson} onDone={onDone} />
              ) : null}
            </Card>
          </li>
        ))}
      </ol>
      <ConsoleConfirm
        confirmation={deleting}
        title={t('console.deleteLesson')}
        descriptionOf={(lesson) => t('console.deleteLessonConfirm', { title: local(lesson.title) })}
        onConfirm={(lesson) => void remove(lesson)}
      />
    </section>
  )
}
