/**
 * One lesson of a course in the console, added or edited in place: title in both languages, mark, video, length,
 * live start (typed on the firm's clock, `me.timeZone`) and join link, notes in Markdown per language with the
 * public page's preview, and attachments. A refused field shows its own message beside it.
 */
import { useState } from 'react'
import { Button } from '#app/components/button.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { LessonAccess } from '#contracts/benefits.ts'
import {
  type BothLanguages,
  type ConsoleClassroomLesson,
  type ConsoleLessonAttachment,
  classroomAttachmentsMax,
  classroomNotesMaxLength,
  wallClockOf,
} from '#contracts/classroom-rules.ts'
import type { ConsoleMe } from '#contracts/console-rules.ts'
import { type Locale, locales } from '#contracts/regions.ts'
import { ConsoleApiError, consoleApi } from './console-client.ts'
import {
  ConsoleError,
  ConsoleFieldMessage,
  SelectField,
  TextAreaField,
  useFieldMessages,
} from './console-ui.tsx'
import { MarkdownPreviewPane } from './markdown-preview.tsx'
import { useConsoleAction } from './use-console-action.ts'

const emptyText: BothLanguages = { en: '', 'zh-Hant': '' }

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

export function LessonForm({
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
  const action = useConsoleAction()
  const { error } = action
  const fieldError = useFieldMessages(error)
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

  const save = () =>
    action.run(async () => {
      const body = {
        ...form,
        videoUrl: form.videoUrl.trim() || null,
        durationMinutes: form.durationMinutes.trim() || null,
        liveStartsAt: form.liveStartsAt || null,
        liveJoinUrl: form.liveJoinUrl.trim() || null,
      }
      if (lesson) {
        await consoleApi.put<ConsoleClassroomLesson>(`/classroom/lessons/${lesson.id}`, body)
        onDone(t('console.lessonSaved'))
      } else {
        await consoleApi.post<ConsoleClassroomLesson>(`/classroom/courses/${courseId}/lessons`, body)
        onDone(t('console.lessonCreated'))
      }
    })

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
            <ConsoleFieldMessage message={fieldError(`notes.${locale}`)} />
            <MarkdownPreviewPane
              markdown={form.notes[locale]}
              label={t('console.previewOf', { language: language(locale) })}
            />
          </div>
        ))}
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold text-ink-800">{t('console.attachments')}</legend>
        <ConsoleFieldMessage message={fieldError('attachments')} />
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
        <Button type="submit" disabled={action.isBusy}>
          {t('console.saveLesson')}
        </Button>
        <Button variant="ghost" onClick={() => onDone()}>
          {t('console.cancel')}
        </Button>
      </div>
    </form>
  )
}
