/**
 * An opened lesson, drawn under its row: the video (an embedded player the server built, or a link), the live
 * class's join link within its window, the notes (Markdown rendered and sanitised on the server, in the article
 * body's styles), the attachments and, for members, "Mark as done". A lesson that does not open for the reader
 * (reached by its address) shows only the lock prompt: the server sent nothing else.
 */

import { __iconData as circleCheckShape } from 'lucide-react/icons/circle-check'
import { __iconData as externalLinkShape } from 'lucide-react/icons/external-link'
import { __iconData as paperclipShape } from 'lucide-react/icons/paperclip'
import { __iconData as videoShape } from 'lucide-react/icons/video'
import { useState } from 'react'
import { useRevalidator } from 'react-router'
import { ApiError, api, dataOf } from '#app/api/api-client.ts'
import { Button, buttonClassName } from '#app/components/button.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { LockPrompt } from '#app/features/member-area/lock-prompt.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { ClassroomLessonDetail, ClassroomProgress, LessonVideo } from '#contracts/classroom-rules.ts'

const CheckCircle2 = outlineIcon(circleCheckShape)
const ExternalLink = outlineIcon(externalLinkShape)
const Paperclip = outlineIcon(paperclipShape)
const Video = outlineIcon(videoShape)

export function LessonPanel({ detail, isMember }: { detail: ClassroomLessonDetail; isMember: boolean }) {
  const { t } = useTranslation('classroom')
  const { lesson, content } = detail
  const headingId = `lesson-${lesson.id}`
  return (
    <section
      aria-labelledby={headingId}
      className="mt-3 flex flex-col gap-4 rounded-card border border-ink-100 bg-ink-50 p-4"
      data-testid="lesson-panel"
    >
      <h3 id={headingId} className="text-lg font-semibold text-ink-950">
        {lesson.title}
      </h3>
      {!content || lesson.lock ? (
        lesson.lock ? (
          <LockPrompt reason={lesson.lock} what={t('lockWhat')} />
        ) : null
      ) : (
        <>
          {content.video ? <LessonVideoView video={content.video} title={lesson.title} /> : null}
          {lesson.live ? (
            <div className="text-sm text-ink-800">
              {content.joinUrl ? (
                <a
                  href={content.joinUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClassName('primary')}
                >
                  {t('live.join')}
                  <ExternalLink className="size-4" aria-hidden="true" />
                </a>
              ) : (
                <p>{lesson.live.state === 'past' ? t('live.ended') : t('live.joinLater')}</p>
              )}
            </div>
          ) : null}
          <div className="flex flex-col gap-2">
            <h4 className="text-sm font-semibold uppercase tracking-wide text-ink-700">{t('notes')}</h4>
            {content.notesHtml ? (
              <div
                className="prose-content"
                data-testid="lesson-notes"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitised on the server (server/text/render-markdown.ts)
                dangerouslySetInnerHTML={{ __html: content.notesHtml }}
              />
            ) : (
              <p className="text-sm text-ink-700">{t('noNotes')}</p>
            )}
          </div>
          {content.attachments.length > 0 ? (
            <div className="flex flex-col gap-2">
              <h4 className="text-sm font-semibold uppercase tracking-wide text-ink-700">
                {t('attachments')}
              </h4>
              <ul className="flex flex-col gap-1">
                {content.attachments.map((attachment) => (
                  <li key={`${attachment.url}-${attachment.name}`}>
                    <AttachmentLink name={attachment.name} url={attachment.url} />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {isMember ? <DoneToggle lessonId={lesson.id} isDone={lesson.isDone} /> : null}
        </>
      )}
    </section>
  )
}

function LessonVideoView({ video, title }: { video: LessonVideo; title: string }) {
  const { t } = useTranslation('classroom')
  if (video.kind === 'embed')
    return (
      <div className="aspect-video w-full overflow-hidden rounded-lg bg-ink-900">
        <iframe
          src={video.embedUrl}
          title={t('video.title', { title })}
          className="size-full"
          loading="lazy"
          allow="encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    )
  return (
    <a
      href={video.url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-700 underline underline-offset-2"
    >
      <Video className="size-4" aria-hidden="true" />
      {t('video.watch')}
      <span className="sr-only">({t('video.opensElsewhere')})</span>
    </a>
  )
}

function AttachmentLink({ name, url }: { name: string; url: string }) {
  const { t } = useTranslation('classroom')
  const className = 'inline-flex min-h-11 items-center gap-2 text-brand-700 underline underline-offset-2'
  if (url.startsWith('/'))
    return (
      <PageLink to={url} className={className}>
        <Paperclip className="size-4" aria-hidden="true" />
        {name}
      </PageLink>
    )
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={className}>
      <Paperclip className="size-4" aria-hidden="true" />
      {name}
      <span className="sr-only">({t('video.opensElsewhere')})</span>
    </a>
  )
}

/** "Mark as done" and back; the catalogue's ticks and progress bars follow once the page's data is read again. */
function DoneToggle({ lessonId, isDone }: { lessonId: string; isDone: boolean }) {
  const { t } = useTranslation(['classroom', 'errors'])
  const revalidator = useRevalidator()
  const [isBusy, setIsBusy] = useState(false)
  const [notice, setNotice] = useState('')
  const [failure, setFailure] = useState('')

  async function toggle() {
    setIsBusy(true)
    setFailure('')
    try {
      const answer = dataOf(
        await api.post<ClassroomProgress>('/classroom/progress', { lessonId, done: !isDone }),
      )
      setNotice(answer.lesson?.isDone ? t('markedDone') : t('markedNotDone'))
      await revalidator.revalidate()
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'INTERNAL_ERROR'
      setFailure(t(`errors:${code}`, { defaultValue: t('errors:INTERNAL_ERROR') }))
    } finally {
      setIsBusy(false)
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant={isDone ? 'secondary' : 'primary'} onClick={() => void toggle()} disabled={isBusy}>
        {isDone ? <CheckCircle2 className="size-4" aria-hidden="true" /> : null}
        {isDone ? t('markNotDone') : t('markDone')}
      </Button>
      <p role="status" className="text-sm text-[color-mix(in_srgb,var(--color-gain)_80%,black)]">
        {notice}
      </p>
      {failure ? (
        <p role="alert" className="text-sm text-loss">
          {failure}
        </p>
      ) : null}
    </div>
  )
}
