/**
 * A classroom course in the console (`?id=<course>`, `?id=new`): its kind, position, whether it is published, and
 * its title and summary in both languages, saved or removed here; its lessons below (classroom-lessons.tsx).
 */
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Badge } from '#app/components/badge.tsx'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { Checkbox } from '#app/components/checkbox.tsx'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { type CourseKind, courseKinds } from '#contracts/benefits.ts'
import type {
  BothLanguages,
  ConsoleClassroomCourse,
  ConsoleClassroomCourseDetail,
} from '#contracts/classroom-rules.ts'
import type { ConsoleMe } from '#contracts/console-rules.ts'
import { type Locale, locales } from '#contracts/regions.ts'
import { LessonList } from './classroom-lessons.tsx'
import { consoleApi } from './console-client.ts'
import {
  ConsoleActionLines,
  ConsoleError,
  ConsoleFieldMessage,
  ConsoleLoading,
  SelectField,
  TextAreaField,
  useFieldMessages,
  useTextInConsoleLanguage,
} from './console-ui.tsx'
import { useConsoleAction } from './use-console-action.ts'
import { useConsoleData } from './use-console-data.ts'

export const classroomPath = '/console/classroom'
const emptyText: BothLanguages = { en: '', 'zh-Hant': '' }

function BackLink() {
  const { t } = useTranslation('classroom')
  return (
    <Link to={classroomPath} className="text-sm font-medium text-brand-700 underline underline-offset-2">
      {t('console.back')}
    </Link>
  )
}

export function CourseEditor({ me, courseId }: { me: ConsoleMe; courseId: string | null }) {
  const { t } = useTranslation('classroom')
  const local = useTextInConsoleLanguage()
  const detail = useConsoleData<ConsoleClassroomCourseDetail | null>(
    () =>
      courseId
        ? consoleApi.get<ConsoleClassroomCourseDetail>(`/classroom/courses/${courseId}`)
        : Promise.resolve(null),
    courseId ?? 'new',
  )
  if (courseId && detail.isLoading && !detail.data) return <ConsoleLoading />
  if (courseId && !detail.data)
    return (
      <div className="flex flex-col gap-4">
        <BackLink />
        <ConsoleError error={detail.error} />
      </div>
    )
  const course = detail.data?.course ?? null
  return (
    <div className="flex flex-col gap-6">
      <BackLink />
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold text-ink-950">
          {course ? t('console.courseTitle', { title: local(course.title) }) : t('console.newCourseTitle')}
        </h1>
        {course?.isSample ? <Badge tone="warn">{t('console.sample')}</Badge> : null}
      </div>
      <CourseForm key={course?.updatedAt ?? 'new'} course={course} onSaved={detail.reload} />
      {detail.data ? <LessonList me={me} detail={detail.data} onChanged={detail.reload} /> : null}
    </div>
  )
}

interface CourseFormState {
  kind: CourseKind
  title: BothLanguages
  summary: BothLanguages
  position: string
  published: boolean
}

function CourseForm({ course, onSaved }: { course: ConsoleClassroomCourse | null; onSaved(): void }) {
  const { t } = useTranslation(['classroom', 'console'])
  const [, setSearch] = useSearchParams()
  const [form, setForm] = useState<CourseFormState>(() => ({
    kind: course?.kind ?? 'deepDive',
    title: course?.title ?? emptyText,
    summary: course?.summary ?? emptyText,
    position: String(course?.position ?? 0),
    published: course?.published ?? true,
  }))
  const [isRemoving, setIsRemoving] = useState(false)
  const action = useConsoleAction()
  const fieldMessage = useFieldMessages(action.error)

  const save = () =>
    action.run(async () => {
      if (!course) {
        const created = await consoleApi.post<ConsoleClassroomCourse>('/classroom/courses', form)
        setSearch({ id: created.id })
        return
      }
      await consoleApi.put<ConsoleClassroomCourse>(`/classroom/courses/${course.id}`, form)
      onSaved()
      return t('console.courseSaved')
    })

  const remove = (removed: ConsoleClassroomCourse) =>
    action.run(async () => {
      await consoleApi.delete<{ removed: true }>(`/classroom/courses/${removed.id}`)
      setSearch({})
    })

  const language = (locale: Locale) => t(`console:languages.${locale}`)
  return (
    <Card>
      <form
        aria-label={
          course ? t('console.courseTitle', { title: course.title.en }) : t('console.newCourseTitle')
        }
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <ConsoleActionLines action={action} />
        <div className="grid gap-4 md:grid-cols-3">
          <SelectField
            label={t('console.kind')}
            value={form.kind}
            onChange={(event) => setForm({ ...form, kind: event.target.value as CourseKind })}
          >
            {courseKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('console.position')}
            type="number"
            inputMode="numeric"
            min={0}
            max={999}
            value={form.position}
            error={fieldMessage('position')}
            onChange={(event) => setForm({ ...form, position: event.target.value })}
          />
          <Checkbox
            className="self-end pb-2"
            label={t('console.isPublished')}
            checked={form.published}
            onChange={(event) => setForm({ ...form, published: event.target.checked })}
          />
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          {locales.map((locale) => (
            <div key={locale} className="flex flex-col gap-3">
              <TextField
                label={t('console.titleIn', { language: language(locale) })}
                value={form.title[locale]}
                maxLength={160}
                error={fieldMessage(`title.${locale}`)}
                onChange={(event) =>
                  setForm({ ...form, title: { ...form.title, [locale]: event.target.value } })
                }
              />
              <TextAreaField
                label={t('console.summaryIn', { language: language(locale) })}
                rows={3}
                maxLength={600}
                value={form.summary[locale]}
                onChange={(event) =>
                  setForm({ ...form, summary: { ...form.summary, [locale]: event.target.value } })
                }
              />
              <ConsoleFieldMessage message={fieldMessage(`summary.${locale}`)} />
            </div>
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={action.isBusy}>
            {t('console.saveCourse')}
          </Button>
          {course ? (
            <Button variant="danger" onClick={() => setIsRemoving(true)}>
              {t('console.removeCourse')}
            </Button>
          ) : null}
        </div>
      </form>
      {course ? (
        <ConfirmDialog
          isOpen={isRemoving}
          onOpenChange={setIsRemoving}
          title={t('console.removeCourse')}
          description={t('console.removeCourseConfirm', { title: course.title.en })}
          confirmLabel={t('console.removeCourse')}
          isDanger
          onConfirm={() => void remove(course)}
        />
      ) : null}
    </Card>
  )
}
