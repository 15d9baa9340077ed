/**
 * /console/classroom (analysts): the member classroom's courses and lessons (issue 15). The list shows every course
 * that is not removed; `?id=<course>` opens one (`?id=new` a new one) with its lessons below it, each edited in
 * place: title in both languages, mark, video, length, live start (typed on the firm's clock, `me.timeZone`) and
 * join link, notes in Markdown per language with the public page's preview, and attachments. The server checks
 * every field; a refused one shows its own message beside it.
 */
import { ArrowDown, ArrowUp } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { Badge } from '#app/components/badge.tsx'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { Checkbox } from '#app/components/checkbox.tsx'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { type CourseKind, courseKinds, type LessonAccess } from '#contracts/benefits.ts'
import {
  type BothLanguages,
  type ConsoleClassroomCourse,
  type ConsoleClassroomCourseDetail,
  type ConsoleClassroomLesson,
  type ConsoleLessonAttachment,
  classroomAttachmentsMax,
  classroomNotesMaxLength,
  wallClockOf,
} from '#contracts/classroom-rules.ts'
import type { ConsoleMe } from '#contracts/console-rules.ts'
import { type Locale, locales } from '#contracts/regions.ts'
import { ConsoleApiError, consoleApi } from './console-client.ts'
import { ConsoleListState, ConsoleTable } from './console-lists.tsx'
import {
  ConsoleError,
  ConsoleLoading,
  ConsoleNotice,
  SelectField,
  TextAreaField,
  useTextInConsoleLanguage,
} from './console-ui.tsx'
import { MarkdownPreviewPane } from './markdown-preview.tsx'
import { useConsoleData } from './use-console-data.ts'

const sectionPath = '/console/classroom'
const emptyText: BothLanguages = { en: '', 'zh-Hant': '' }

/** A text in the console's language. */

/** The message of the field a refusal names (`title.en`, `attachments.0.url`…), if it names that one. */
function useFieldErrors(error: unknown) {
  const { t } = useTranslation('errors')
  const fields = error instanceof ConsoleApiError ? error.fields : []
  return (field: string): string | undefined => {
    const found = fields.find((entry) => entry.field === field)
    return found ? t(found.code, { defaultValue: t('VALIDATION_FAILED') }) : undefined
  }
}

function FieldMessage({ message }: { message: string | undefined }) {
  if (!message) return null
  return (
    <p role="alert" className="text-sm text-loss">
      {message}
    </p>
  )
}

export function ClassroomSection({ me }: { me: ConsoleMe }) {
  const [search] = useSearchParams()
  const id = search.get('id')
  if (id === 'new') return <CourseEditor me={me} courseId={null} />
  if (id) return <CourseEditor key={id} me={me} courseId={id} />
  return <CourseList />
}

function CourseList() {
  const { t } = useTranslation('classroom')
  const local = useTextInConsoleLanguage()
  const courses = useConsoleData(
    () => consoleApi.get<ConsoleClassroomCourse[]>('/classroom/courses'),
    'classroom-courses',
  )
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink-950">{t('console.title')}</h1>
        <Link
          to={`${sectionPath}?id=new`}
          className="inline-flex h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t('console.newCourse')}
        </Link>
      </div>
      <p className="max-w-3xl text-sm text-ink-800">{t('console.intro')}</p>
      <ConsoleListState
        error={courses.error}
        isLoading={courses.isLoading}
        data={courses.data}
        isEmpty={courses.data?.length === 0}
        emptyText={t('console.empty')}
      />
      {courses.data && courses.data.length > 0 ? (
        <ConsoleTable
          columns={[
            t('console.colCourse'),
            t('console.colKind'),
            t('console.colLessons'),
            t('console.colPosition'),
            t('console.colState'),
          ]}
          actionsLabel={t('console.actions')}
        >
          {courses.data.map((course) => (
            <tr key={course.id} className="border-b border-ink-50" data-testid="classroom-course-row">
              <th scope="row" className="py-2 pr-3 text-start font-normal">
                <span className="block font-medium text-ink-900">{local(course.title)}</span>
                {course.isSample ? <Badge tone="warn">{t('console.sample')}</Badge> : null}
              </th>
              <td className="py-2 pr-3 text-ink-800">{t(`kinds.${course.kind}`)}</td>
              <td className="py-2 pr-3 tabular-nums">{course.lessonCount}</td>
              <td className="py-2 pr-3 tabular-nums">{course.position}</td>
              <td className="py-2 pr-3">
                <Badge tone={course.published ? 'gain' : 'neutral'}>
                  {t(course.published ? 'console.published' : 'console.unpublished')}
                </Badge>
              </td>
              <td className="py-2 pr-3">
                <Link
                  to={`${sectionPath}?id=${course.id}`}
                  className="font-medium text-brand-700 underline underline-offset-2"
                  aria-label={t('console.editOf', { title: local(course.title) })}
                >
                  {t('console.edit')}
                </Link>
              </td>
            </tr>
          ))}
        </ConsoleTable>
      ) : null}
    </div>
  )
}

function BackLink() {
  const { t } = useTranslation('classroom')
  return (
    <Link to={sectionPath} className="text-sm font-medium text-brand-700 underline underline-offset-2">
      {t('console.back')}
    </Link>
  )
}

function CourseEditor({ me, courseId }: { me: ConsoleMe; courseId: string | null }) {
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
  const [error, setError] = useState<unknown>(null)
  const [notice, setNotice] = useState('')
  const [isBusy, setIsBusy] = useState(false)
  const [isRemoving, setIsRemoving] = useState(false)
  const fieldError = useFieldErrors(error)

  async function save() {
    setError(null)
    setNotice('')
    setIsBusy(true)
    try {
      if (course) {
        await consoleApi.put<ConsoleClassroomCourse>(`/classroom/courses/${course.id}`, form)
        setNotice(t('console.courseSaved'))
        onSaved()
      } else {
        const created = await consoleApi.post<ConsoleClassroomCourse>('/classroom/courses', form)
        setSearch({ id: created.id })
      }
    } catch (failure) {
      setError(failure)
    } finally {
      setIsBusy(false)
    }
  }

  async function remove() {
    if (!course) return
    setError(null)
    try {
      await consoleApi.delete<{ removed: true }>(`/classroom/courses/${course.id}`)
      setSearch({})
    } catch (failure) {
      setError(failure)
    }
  }

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
        <ConsoleNotice notice={notice} />
        <ConsoleError error={error} />
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
            error={fieldError('position')}
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
                error={fieldError(`title.${locale}`)}
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
              <FieldMessage message={fieldError(`summary.${locale}`)} />
            </div>
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={isBusy}>
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
          onConfirm={() => void remove()}
        />
      ) : null}
    </Card>
  )
}

function LessonList({
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
  const [deleting, setDeleting] = useState<ConsoleClassroomLesson | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [notice, setNotice] = useState('')
  const { course, lessons } = detail

  async function move(index: number, step: -1 | 1) {
    const order = lessons.map((lesson) => lesson.id)
    const [moved] = order.splice(index, 1)
    if (!moved) return
    order.splice(index + step, 0, moved)
    setError(null)
    try {
      await consoleApi.put<ConsoleClassroomLesson[]>(`/classroom/courses/${course.id}/lesson-order`, {
        lessonIds: order,
      })
      setNotice(t('console.reordered'))
      onChanged()
    } catch (failure) {
      setError(failure)
    }
  }

  async function remove(lesson: ConsoleClassroomLesson) {
    setError(null)
    try {
      await consoleApi.delete<{ deleted: true }>(`/classroom/lessons/${lesson.id}`)
      setNotice(t('console.lessonDeleted'))
      if (editing === lesson.id) setEditing(null)
      onChanged()
    } catch (failure) {
      setError(failure)
    }
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
      <ConsoleNotice notice={notice} />
      <ConsoleError error={error} />
      {editing === 'new' ? (
        <LessonForm
          me={me}
          courseId={course.id}
          lesson={null}
          onDone={(message) => {
            setEditing(null)
            if (message) setNotice(message)
            onChanged()
          }}
        />
      ) : null}
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
                    onClick={() => setDeleting(lesson)}
                  >
                    {t('console.deleteLesson')}
                  </Button>
                </span>
              </div>
              {editing === lesson.id ? (
                <LessonForm
                  me={me}
                  courseId={course.id}
                  lesson={lesson}
                  onDone={(message) => {
                    setEditing(null)
                    if (message) setNotice(message)
                    onChanged()
                  }}
                />
              ) : null}
            </Card>
          </li>
        ))}
      </ol>
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setDeleting(null)
        }}
        title={t('console.deleteLesson')}
        description={deleting ? t('console.deleteLessonConfirm', { title: local(deleting.title) }) : ''}
        confirmLabel={t('console.deleteLesson')}
        isDanger
        onConfirm={() => {
          if (deleting) void remove(deleting)
          setDeleting(null)
        }}
      />
    </section>
  )
}

interface LessonFormState {
  title: BothLanguages
  access: LessonAccess
  videoUrl: string
  durationMinutes: string
  liveStartsAt: string
  liveJoinUrl: string
  notes: BothLanguages
  attachments: ConsoleLessonAttachment[]
}

function LessonForm({
  me,
  courseId,
  lesson,
  onDone,
}: {
  me: ConsoleMe
  courseId: string
  lesson: ConsoleClassroomLesson | null
  /** Closes the form; with the notice to show after a save. */
  onDone(message?: string): void
}) {
  const { t } = useTranslation(['classroom', 'console'])
  const [form, setForm] = useState<LessonFormState>(() => ({
    title: lesson?.title ?? emptyText,
    access: lesson?.access ?? 'partial',
    videoUrl: lesson?.videoUrl ?? '',
    durationMinutes: lesson?.durationMinutes ? String(lesson.durationMinutes) : '',
    liveStartsAt: lesson?.liveStartsAt ? wallClockOf(lesson.liveStartsAt, me.timeZone) : '',
    liveJoinUrl: lesson?.liveJoinUrl ?? '',
    notes: lesson?.notes ?? emptyText,
    attachments: lesson?.attachments ?? [],
  }))
  const [error, setError] = useState<unknown>(null)
  const [isBusy, setIsBusy] = useState(false)
  const fieldError = useFieldErrors(error)
  const language = (locale: Locale) => t(`console:languages.${locale}`)
  const formTitle = lesson
    ? t('console.lessonTitleOf', { title: lesson.title.en })
    : t('console.newLessonTitle')

  function setAttachment(index: number, change: Partial<ConsoleLessonAttachment>) {
    setForm((current) => ({
      ...current,
      attachments: current.attachments.map((attachment, i) =>
        i === index ? { ...attachment, ...change } : attachment,
      ),
    }))
  }

  async function save() {
    setError(null)
    setIsBusy(true)
    const body = {
      ...form,
      videoUrl: form.videoUrl.trim() || null,
      durationMinutes: form.durationMinutes.trim() || null,
      liveStartsAt: form.liveStartsAt || null,
      liveJoinUrl: form.liveJoinUrl.trim() || null,
    }
    try {
      if (lesson) {
        await consoleApi.put<ConsoleClassroomLesson>(`/classroom/lessons/${lesson.id}`, body)
        onDone(t('console.lessonSaved'))
      } else {
        await consoleApi.post<ConsoleClassroomLesson>(`/classroom/courses/${courseId}/lessons`, body)
        onDone(t('console.lessonCreated'))
      }
    } catch (failure) {
      setError(failure)
    } finally {
      setIsBusy(false)
    }
  }

  return (
    <form
      aria-label={formTitle}
      className="flex flex-col gap-4 rounded-lg border border-ink-100 p-4"
      data-testid="classroom-lesson-form"
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <h3 className="font-semibold text-ink-950">{formTitle}</h3>
      {error instanceof ConsoleApiError && error.fields.length > 0 ? (
        <p role="alert" className="text-sm text-loss">
          {t('console.fixFields')}
        </p>
      ) : (
        <ConsoleError error={error} />
      )}
      <div className="grid gap-4 md:grid-cols-2">
        {locales.map((locale) => (
          <TextField
            key={locale}
            label={t('console.titleIn', { language: language(locale) })}
            value={form.title[locale]}
            maxLength={160}
            error={fieldError(`title.${locale}`)}
            onChange={(event) => setForm({ ...form, title: { ...form.title, [locale]: event.target.value } })}
          />
        ))}
        <SelectField
          label={t('console.mark')}
          value={form.access}
          onChange={(event) => setForm({ ...form, access: event.target.value as LessonAccess })}
        >
          <option value="partial">{t('console.markPartial')}</option>
          <option value="full">{t('console.markFull')}</option>
        </SelectField>
        <TextField
          label={t('console.duration')}
          type="number"
          inputMode="numeric"
          min={1}
          max={600}
          value={form.durationMinutes}
          error={fieldError('durationMinutes')}
          onChange={(event) => setForm({ ...form, durationMinutes: event.target.value })}
        />
        <TextField
          label={t('console.videoUrl')}
          type="url"
          value={form.videoUrl}
          error={fieldError('videoUrl')}
          onChange={(event) => setForm({ ...form, videoUrl: event.target.value })}
        />
        <TextField
          label={t('console.liveStartsAt', { timeZone: me.timeZone })}
          type="datetime-local"
          value={form.liveStartsAt}
          error={fieldError('liveStartsAt')}
          onChange={(event) => setForm({ ...form, liveStartsAt: event.target.value })}
        />
        <TextField
          label={t('console.liveJoinUrl')}
          type="url"
          className="md:col-span-2"
          value={form.liveJoinUrl}
          error={fieldError('liveJoinUrl')}
          onChange={(event) => setForm({ ...form, liveJoinUrl: event.target.value })}
        />
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        {locales.map((locale) => (
          <div key={locale} className="flex flex-col gap-2">
            <TextAreaField
              label={t('console.notesIn', { language: language(locale) })}
              rows={8}
              maxLength={classroomNotesMaxLength}
              value={form.notes[locale]}
              onChange={(event) =>
                setForm({ ...form, notes: { ...form.notes, [locale]: event.target.value } })
              }
            />
            <FieldMessage message={fieldError(`notes.${locale}`)} />
            <MarkdownPreviewPane
              markdown={form.notes[locale]}
              label={t('console.previewOf', { language: language(locale) })}
            />
          </div>
        ))}
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold text-ink-800">{t('console.attachments')}</legend>
        <FieldMessage message={fieldError('attachments')} />
        {form.attachments.map((attachment, index) => (
          <fieldset
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own until saved; removing one re-keys the rest, which holds no state
            key={index}
            className="grid gap-2 md:grid-cols-[1fr_1fr_1.5fr_auto] md:items-start"
          >
            <legend className="sr-only">{t('console.attachmentNumber', { number: index + 1 })}</legend>
            {locales.map((locale) => (
              <TextField
                key={locale}
                label={t('console.attachmentNameIn', { language: language(locale) })}
                value={attachment.name[locale]}
                error={fieldError(`attachments.${index}.name.${locale}`)}
                onChange={(event) =>
                  setAttachment(index, { name: { ...attachment.name, [locale]: event.target.value } })
                }
              />
            ))}
            <TextField
              label={t('console.attachmentUrl')}
              value={attachment.url}
              error={fieldError(`attachments.${index}.url`)}
              onChange={(event) => setAttachment(index, { url: event.target.value })}
            />
            <Button
              variant="ghost"
              className="md:mt-6"
              aria-label={t('console.removeAttachment', { number: index + 1 })}
              onClick={() =>
                setForm({ ...form, attachments: form.attachments.filter((_, i) => i !== index) })
              }
            >
              ×
            </Button>
          </fieldset>
        ))}
        <div>
          <Button
            variant="secondary"
            size="sm"
            disabled={form.attachments.length >= classroomAttachmentsMax}
            onClick={() =>
              setForm({ ...form, attachments: [...form.attachments, { name: emptyText, url: '' }] })
            }
          >
            {t('console.addAttachment')}
          </Button>
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isBusy}>
          {t('console.saveLesson')}
        </Button>
        <Button variant="ghost" onClick={() => onDone()}>
          {t('console.cancel')}
        </Button>
      </div>
    </form>
  )
}
