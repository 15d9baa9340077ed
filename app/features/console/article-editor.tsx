/**
 * The newsroom's editor: both language versions side by side (a version can be left out), each with a live
 * preview; the article's choices from the options; cover upload; saving with the revision it was opened at (a
 * newer save by someone else is shown and can be loaded — never overwritten); state actions as articleStateMoves
 * allows them, each confirmed; a preview link; the related stocks, chosen from our universe. Nothing typed is lost:
 * the form is kept in this browser as it is typed and offered back on the next visit (article-draft-storage.ts), and
 * leaving with unsaved changes asks first (a reload or a closed tab through the browser's own prompt, a link in the
 * site through its confirm dialog).
 */
import { useEffect, useRef, useState } from 'react'
import { useBlocker, useNavigate } from 'react-router'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import {
  type ArticleStateAction,
  type ArticleVersionDocument,
  ConsoleErrorCode,
  type CoverImage,
  type EditorArticle,
  type NewsroomOptions,
  type PreviewLink,
} from '#contracts/console-rules.ts'
import type { Locale } from '#contracts/regions.ts'
import {
  browserDraftStorage,
  discardArticleDraft,
  keepArticleDraft,
  readArticleDraft,
  type StoredArticleDraft,
} from './article-draft-storage.ts'
import { ArticleChoicesCard, VersionColumn } from './article-editor-fields.tsx'
import { ArticleRevisions } from './article-revisions.tsx'
import { ConsoleApiError, consoleApi } from './console-client.ts'
import { ConsoleActionLines, formatFirmTime, useFieldMessages } from './console-ui.tsx'
import {
  type ArticleDraft,
  allowedStateActions,
  documentInputOf,
  documentOf,
  emptyVersion,
  isDraftChanged,
  newArticleDraft,
  wallClockText,
} from './console-view.ts'
import { type ActionCall, useConsoleAction } from './use-console-action.ts'

const editorLocales: Locale[] = ['en', 'zh-Hant']

/** How long typing pauses before the form is kept in the browser (a reload or a closed tab keeps it at once). */
const keepDraftDelayMs = 300

export function ArticleEditor({
  options,
  initial,
  timeZone,
  displayLocale,
}: {
  options: NewsroomOptions
  initial: EditorArticle | null
  timeZone: string
  displayLocale: string
}) {
  const { t } = useTranslation('console')
  const { locale } = useRootData()
  const navigate = useNavigate()
  const [article, setArticle] = useState(initial)
  const articleId = initial?.id ?? null
  /** What the server has (or the empty form of a new article): the form differs from it = unsaved changes. */
  const [savedDocument, setSavedDocument] = useState<ArticleDraft>(() =>
    initial ? documentOf(initial) : newArticleDraft(),
  )
  const [document, setDocument] = useState<ArticleDraft>(savedDocument)
  // The editor is drawn in the browser only (its data is fetched there), so the storage is read at once.
  const [keptDraft, setKeptDraft] = useState<StoredArticleDraft | null>(() => {
    const storage = browserDraftStorage()
    const kept = storage ? readArticleDraft(storage, articleId) : null
    return kept && isDraftChanged(kept.document, savedDocument) ? kept : null
  })
  const isChanged = isDraftChanged(document, savedDocument)
  // Named apart from the state actions (publish, take down…) this editor also runs.
  const calls = useConsoleAction()
  const { isBusy } = calls
  const [stale, setStale] = useState<EditorArticle | null>(null)
  const [pendingAction, setPendingAction] = useState<ArticleStateAction | null>(null)
  const [publishAt, setPublishAt] = useState('')
  const [previewLink, setPreviewLink] = useState<PreviewLink | null>(null)
  const [revisionsVersion, setRevisionsVersion] = useState(0)

  const fieldMessage = useFieldMessages(calls.error)

  // Kept as typed; while the kept draft is on offer, it is left as it is (the form has not taken it yet).
  useEffect(() => {
    const storage = browserDraftStorage()
    if (!storage || keptDraft) return
    if (!isChanged) {
      discardArticleDraft(storage, articleId)
      return
    }
    const timer = window.setTimeout(
      () =>
        keepArticleDraft(storage, articleId, {
          savedAt: new Date().toISOString(),
          revision: article?.revision ?? null,
          document,
        }),
      keepDraftDelayMs,
    )
    return () => window.clearTimeout(timer)
  }, [document, isChanged, keptDraft, articleId, article?.revision])

  // A reload or a closed tab: the browser's own prompt, and the form kept without waiting for the pause.
  useEffect(() => {
    if (!isChanged || keptDraft) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      const storage = browserDraftStorage()
      if (storage)
        keepArticleDraft(storage, articleId, {
          savedAt: new Date().toISOString(),
          revision: article?.revision ?? null,
          document,
        })
      event.preventDefault()
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [document, isChanged, keptDraft, articleId, article?.revision])

  // A link in the site: the site's confirm dialog. Read through refs: the blocker is asked before the next render.
  const isChangedRef = useRef(isChanged)
  isChangedRef.current = isChanged
  const isLeavingSavedRef = useRef(false)
  const isProceedingRef = useRef(false)
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isChangedRef.current &&
      !isLeavingSavedRef.current &&
      currentLocation.pathname !== nextLocation.pathname,
  )

  const showSaved = (saved: EditorArticle) => {
    const savedForm = documentOf(saved)
    setArticle(saved)
    setSavedDocument(savedForm)
    setDocument(savedForm)
  }

  const restoreKeptDraft = () => {
    if (keptDraft) setDocument(keptDraft.document)
    setKeptDraft(null)
  }

  const discardKeptDraft = () => {
    const storage = browserDraftStorage()
    if (storage) discardArticleDraft(storage, articleId)
    setKeptDraft(null)
  }

  const update = (patch: Partial<ArticleDraft>) => setDocument((current) => ({ ...current, ...patch }))
  const updateVersion = (target: Locale, patch: Partial<ArticleVersionDocument> | null) =>
    setDocument((current) => {
      const version = current.versions[target]
      const next = patch === null ? null : { ...(version ?? emptyVersion()), ...patch }
      return { ...current, versions: { ...current.versions, [target]: next } }
    })

  /** Runs a call; a stale answer keeps the newer article aside for the editor to load. */
  const run = (call: ActionCall) =>
    calls.run(async () => {
      try {
        return await call()
      } catch (failure) {
        if (
          failure instanceof ConsoleApiError &&
          failure.code === ConsoleErrorCode.articleStale &&
          failure.current
        )
          setStale(failure.current)
        throw failure
      }
    })

  const save = () =>
    run(async () => {
      const input = documentInputOf(document)
      if (!article) {
        const created = await consoleApi.post<EditorArticle>('/articles', input)
        const storage = browserDraftStorage()
        if (storage) discardArticleDraft(storage, null)
        isLeavingSavedRef.current = true
        navigate(`/console/articles/${created.id}`, { replace: true })
        return
      }
      const saved = await consoleApi.put<EditorArticle>(`/articles/${article.id}`, {
        revision: article.revision,
        document: input,
      })
      showSaved(saved)
      setRevisionsVersion((value) => value + 1)
      return t('editor.saved')
    })

  const changeState = (action: ArticleStateAction) =>
    run(async () => {
      if (!article) return
      const changed = await consoleApi.post<EditorArticle>(`/articles/${article.id}/state`, {
        revision: article.revision,
        action,
        ...(action === 'schedule' ? { publishAt } : {}),
      })
      setArticle(changed)
      setRevisionsVersion((value) => value + 1)
      return t('editor.stateChanged', { state: t(`states.${changed.state}`) })
    })

  const loadTheirs = () => {
    if (!stale) return
    showSaved(stale)
    setStale(null)
    calls.setError(null)
  }

  const uploadCover = (file: File) =>
    run(async () => {
      const form = new FormData()
      form.append('file', file)
      const cover = await consoleApi.post<CoverImage>('/covers', form)
      update({ coverImage: cover, coverUrl: cover.fallbackUrl })
    })

  const makePreviewLink = () =>
    run(async () => {
      if (!article) return
      setPreviewLink(await consoleApi.post<PreviewLink>(`/articles/${article.id}/preview-link`, {}))
    })

  const actions = article ? allowedStateActions(article.state) : []

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-ink-950">
            {article ? t('editor.editTitle') : t('editor.newTitle')}
          </h1>
          {article ? (
            <p className="text-sm text-ink-700" data-testid="article-state">
              {t(`states.${article.state}`)} · {t('editor.revision', { number: article.revision })}
              {article.scheduledAt
                ? ` · ${t('editor.scheduledFor', { time: formatFirmTime(article.scheduledAt, timeZone, displayLocale) })}`
                : ''}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {article ? (
            <Button variant="secondary" onClick={makePreviewLink} disabled={isBusy}>
              {t('editor.previewLink')}
            </Button>
          ) : null}
          <Button onClick={save} disabled={isBusy || article?.state === 'deleted'}>
            {t('editor.save')}
          </Button>
        </div>
      </div>

      <ConsoleActionLines action={calls} />
      {keptDraft ? (
        <Card
          className="flex flex-wrap items-center justify-between gap-3 border-warn"
          data-testid="kept-draft-offer"
        >
          <div className="flex min-w-0 flex-col gap-1 text-sm text-ink-900">
            <p>
              {t('editor.draftOffer', { time: formatFirmTime(keptDraft.savedAt, timeZone, displayLocale) })}
            </p>
            {article && keptDraft.revision !== null && keptDraft.revision !== article.revision ? (
              <p className="text-ink-700">
                {t('editor.draftOfferOlder', { kept: keptDraft.revision, latest: article.revision })}
              </p>
            ) : null}
          </div>
          <div className="flex gap-2">
            <Button onClick={restoreKeptDraft}>{t('editor.draftRestore')}</Button>
            <Button variant="secondary" onClick={discardKeptDraft}>
              {t('editor.draftDiscard')}
            </Button>
          </div>
        </Card>
      ) : null}
      {stale ? (
        <Card
          className="flex flex-wrap items-center justify-between gap-3 border-warn"
          data-testid="stale-warning"
        >
          <p className="text-sm text-ink-900">
            {t('editor.staleBody', { phone: stale.updatedBy?.phone ?? '—', revision: stale.revision })}
          </p>
          <Button variant="secondary" onClick={loadTheirs}>
            {t('editor.loadTheirs')}
          </Button>
        </Card>
      ) : null}
      {previewLink ? (
        <p className="text-sm text-ink-800">
          {t('editor.previewLinkReady', {
            time: formatFirmTime(previewLink.expiresAt, timeZone, displayLocale),
          })}{' '}
          {[locale, ...editorLocales.filter((other) => other !== locale)].map((target) => (
            <a
              key={target}
              href={previewLink.urls[target]}
              className="mr-3 text-brand-700 underline"
              target="_blank"
              rel="noreferrer"
              data-testid="preview-link"
            >
              {t('editor.previewOpen', { language: t(`languages.${target}`) })}
            </a>
          ))}
        </p>
      ) : null}

      {article && actions.length > 0 ? (
        <Card className="flex flex-wrap items-end gap-3">
          <p className="w-full text-sm font-semibold text-ink-800">{t('editor.stateActions')}</p>
          {actions.includes('schedule') ? (
            <TextField
              label={t('editor.publishAt', { timeZone })}
              type="datetime-local"
              value={publishAt}
              onChange={(event) => setPublishAt(event.target.value)}
            />
          ) : null}
          {actions.map((action) => (
            <Button
              key={action}
              variant={action === 'delete' || action === 'take_down' ? 'danger' : 'secondary'}
              disabled={isBusy || (action === 'schedule' && !publishAt)}
              onClick={() => setPendingAction(action)}
            >
              {t(`actions.${action}`)}
            </Button>
          ))}
        </Card>
      ) : null}
      <ConfirmDialog
        isOpen={pendingAction !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setPendingAction(null)
        }}
        title={pendingAction ? t(`actions.${pendingAction}`) : ''}
        description={
          pendingAction
            ? t(`confirm.${pendingAction}`, { time: wallClockText(publishAt, displayLocale), timeZone })
            : ''
        }
        confirmLabel={pendingAction ? t(`actions.${pendingAction}`) : ''}
        isDanger={pendingAction === 'delete' || pendingAction === 'take_down'}
        onConfirm={() => {
          if (pendingAction) void changeState(pendingAction)
          setPendingAction(null)
        }}
      />

      <ConfirmDialog
        isOpen={blocker.state === 'blocked'}
        onOpenChange={(isOpen) => {
          if (!isOpen && !isProceedingRef.current) blocker.reset?.()
        }}
        title={t('editor.leaveTitle')}
        description={t('editor.leaveBody')}
        confirmLabel={t('editor.leave')}
        isDanger
        onConfirm={() => {
          isProceedingRef.current = true
          blocker.proceed?.()
        }}
      />

      <ArticleChoicesCard
        document={document}
        options={options}
        fieldMessage={fieldMessage}
        onChange={update}
        onCover={(file) => void uploadCover(file)}
      />

      <div className="grid gap-4 xl:grid-cols-2">
        {editorLocales.map((target) => (
          <VersionColumn
            key={target}
            locale={target}
            version={document.versions[target]}
            onChange={(patch) => updateVersion(target, patch)}
          />
        ))}
      </div>

      {article ? (
        <ArticleRevisions
          key={revisionsVersion}
          article={article}
          timeZone={timeZone}
          displayLocale={displayLocale}
          onRestored={(restored) => {
            showSaved(restored)
            setRevisionsVersion((value) => value + 1)
          }}
          onStale={(current) => setStale(current)}
        />
      ) : null}
    </div>
  )
}
