/**
 * The newsroom's editor: both language versions side by side (a version can be left out), each with a live
 * preview; the article's choices from the options; cover upload; saving with the revision it was opened at (a
 * newer save by someone else is shown and can be loaded — never overwritten); state actions as articleStateMoves
 * allows them, each confirmed; a preview link; the related stocks, chosen from our universe.
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { TextField } from '#app/components/text-field.tsx'
import {
  type ArticleDocument,
  type ArticleStateAction,
  type ArticleVersionDocument,
  articleStocksMax,
  ConsoleErrorCode,
  type CoverImage,
  type EditorArticle,
  type NewsroomOptions,
  type PreviewLink,
  seoDescriptionMaxLength,
  seoTitleMaxLength,
} from '#contracts/console-rules.ts'
import type { Locale } from '#contracts/regions.ts'
import { ArticleRevisions } from './article-revisions.tsx'
import { ConsoleApiError, consoleApi } from './console-client.ts'
import { ConsoleError, ConsoleNotice, formatFirmTime, SelectField, TextAreaField } from './console-ui.tsx'
import { allowedStateActions, documentInputOf, documentOf, emptyVersion } from './console-view.ts'
import { MarkdownPreviewPane } from './markdown-preview.tsx'
import { StockPicker } from './stock-picker.tsx'

const editorLocales: Locale[] = ['en', 'zh-Hant']

function newDocument(options: NewsroomOptions): ArticleDocument {
  return {
    key: '',
    kind: options.kinds[0] ?? 'news',
    topic: options.topics[0]?.slug ?? '',
    market: options.markets[0] ?? 'us',
    author: options.authors[0]?.key ?? '',
    tags: [],
    stocks: [],
    menuGroups: [],
    coverUrl: '',
    coverImage: null,
    versions: { en: emptyVersion(), 'zh-Hant': emptyVersion() },
  }
}

function toggled(list: string[], key: string): string[] {
  return list.includes(key) ? list.filter((item) => item !== key) : [...list, key]
}

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
  const { t, i18n } = useTranslation('console')
  const locale = (i18n.language === 'zh-Hant' ? 'zh-Hant' : 'en') as Locale
  const navigate = useNavigate()
  const [article, setArticle] = useState(initial)
  const [document, setDocument] = useState<ArticleDocument>(
    initial ? documentOf(initial) : newDocument(options),
  )
  const [error, setError] = useState<unknown>(null)
  const [notice, setNotice] = useState('')
  const [stale, setStale] = useState<EditorArticle | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  const [pendingAction, setPendingAction] = useState<ArticleStateAction | null>(null)
  const [publishAt, setPublishAt] = useState('')
  const [previewLink, setPreviewLink] = useState<PreviewLink | null>(null)
  const [revisionsVersion, setRevisionsVersion] = useState(0)

  const update = (patch: Partial<ArticleDocument>) => setDocument((current) => ({ ...current, ...patch }))
  const updateVersion = (target: Locale, patch: Partial<ArticleVersionDocument> | null) =>
    setDocument((current) => {
      const version = current.versions[target]
      const next = patch === null ? null : { ...(version ?? emptyVersion()), ...patch }
      return { ...current, versions: { ...current.versions, [target]: next } }
    })

  /** Runs a call; a stale answer keeps the newer article aside for the editor to load. */
  async function run(call: () => Promise<void>) {
    setIsBusy(true)
    setError(null)
    setNotice('')
    try {
      await call()
    } catch (failure) {
      if (
        failure instanceof ConsoleApiError &&
        failure.code === ConsoleErrorCode.articleStale &&
        failure.current
      ) {
        setStale(failure.current)
      }
      setError(failure)
    } finally {
      setIsBusy(false)
    }
  }

  const save = () =>
    run(async () => {
      const input = documentInputOf(document)
      if (!article) {
        const created = await consoleApi.post<EditorArticle>('/articles', input)
        navigate(`/console/articles/${created.id}`, { replace: true })
        return
      }
      const saved = await consoleApi.put<EditorArticle>(`/articles/${article.id}`, {
        revision: article.revision,
        document: input,
      })
      setArticle(saved)
      setDocument(documentOf(saved))
      setNotice(t('editor.saved'))
      setRevisionsVersion((value) => value + 1)
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
      setNotice(t('editor.stateChanged', { state: t(`states.${changed.state}`) }))
      setRevisionsVersion((value) => value + 1)
    })

  const loadTheirs = () => {
    if (!stale) return
    setArticle(stale)
    setDocument(documentOf(stale))
    setStale(null)
    setError(null)
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

      <ConsoleNotice notice={notice} />
      <ConsoleError error={error} />
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
          {editorLocales.map((target) => (
            <a
              key={target}
              href={previewLink.urls[target]}
              className="mr-3 text-brand-700 underline"
              target="_blank"
              rel="noreferrer"
            >
              {t(`languages.${target}`)}
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
        description={pendingAction ? t(`confirm.${pendingAction}`, { time: publishAt, timeZone }) : ''}
        confirmLabel={pendingAction ? t(`actions.${pendingAction}`) : ''}
        isDanger={pendingAction === 'delete' || pendingAction === 'take_down'}
        onConfirm={() => {
          if (pendingAction) void changeState(pendingAction)
          setPendingAction(null)
        }}
      />

      <Card className="grid gap-3 md:grid-cols-3">
        <TextField
          label={t('editor.key')}
          value={document.key}
          onChange={(event) => update({ key: event.target.value })}
          hint={t('editor.keyHint')}
          required
        />
        <SelectField
          label={t('editor.kind')}
          value={document.kind}
          onChange={(event) => update({ kind: event.target.value as ArticleDocument['kind'] })}
        >
          {options.kinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kinds.${kind}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('editor.topic')}
          value={document.topic}
          onChange={(event) => update({ topic: event.target.value })}
        >
          {options.topics.map((topic) => (
            <option key={topic.slug} value={topic.slug}>
              {topic.name[locale]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('editor.market')}
          value={document.market}
          onChange={(event) => update({ market: event.target.value as ArticleDocument['market'] })}
        >
          {options.markets.map((market) => (
            <option key={market} value={market}>
              {market.toUpperCase()}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('editor.author')}
          value={document.author}
          onChange={(event) => update({ author: event.target.value })}
        >
          {options.authors.map((author) => (
            <option key={author.key} value={author.key}>
              {author.name[locale]}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-col gap-1">
          <label className="text-sm font-medium text-ink-800">
            {t('editor.cover')}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="mt-1 block text-sm"
              onChange={(event) => {
                const file = event.target.files?.[0]
                if (file) void uploadCover(file)
              }}
            />
          </label>
          {document.coverUrl || document.coverImage ? (
            <img
              src={document.coverImage?.fallbackUrl ?? document.coverUrl}
              alt={t('editor.coverThumbnail')}
              className="h-20 w-36 rounded border border-ink-100 object-cover"
            />
          ) : null}
        </div>
        <fieldset className="md:col-span-3">
          <legend className="text-sm font-medium text-ink-800">{t('editor.tags')}</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {options.tags.map((tag) => (
              <label key={tag.key} className="flex items-center gap-1 text-sm">
                <input
                  type="checkbox"
                  checked={document.tags.includes(tag.key)}
                  onChange={() => update({ tags: toggled(document.tags, tag.key) })}
                />
                {tag.text[locale]}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="md:col-span-3">
          <legend className="text-sm font-medium text-ink-800">{t('editor.menuGroups')}</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {options.menuGroups.map((group) => (
              <label key={group.key} className="flex items-center gap-1 text-sm">
                <input
                  type="checkbox"
                  checked={document.menuGroups.includes(group.key)}
                  onChange={() => update({ menuGroups: toggled(document.menuGroups, group.key) })}
                />
                {group.name[locale]}
              </label>
            ))}
          </div>
        </fieldset>
        <RelatedStocksField stocks={document.stocks} onChange={(stocks) => update({ stocks })} />
      </Card>

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
            setArticle(restored)
            setDocument(documentOf(restored))
            setRevisionsVersion((value) => value + 1)
          }}
          onStale={(current) => setStale(current)}
        />
      ) : null}
    </div>
  )
}

/** The stocks the article discusses (the public page links each to its diagnosis), in the order chosen. */
function RelatedStocksField({
  stocks,
  onChange,
}: {
  stocks: ArticleDocument['stocks']
  onChange(stocks: ArticleDocument['stocks']): void
}) {
  const { t } = useTranslation('console')
  return (
    <fieldset className="flex flex-col gap-2 md:col-span-3" data-testid="related-stocks-field">
      <legend className="text-sm font-medium text-ink-800">{t('editor.stocks')}</legend>
      {stocks.length === 0 ? <p className="text-sm text-ink-700">{t('editor.noStocks')}</p> : null}
      <ul className="flex flex-wrap gap-2">
        {stocks.map((stock) => (
          <li
            key={`${stock.market}:${stock.code}`}
            className="flex items-center gap-1 rounded-full border border-ink-300 py-0.5 ps-3 pe-1 text-sm"
            data-testid="related-stock"
          >
            <span className="font-semibold text-ink-900">{stock.code}</span>
            <span className="text-ink-700">{t(`markets.${stock.market}`)}</span>
            <button
              type="button"
              className="rounded-full px-2 text-ink-700 hover:bg-ink-100 hover:text-loss"
              aria-label={t('editor.removeStock', { code: stock.code })}
              onClick={() => onChange(stocks.filter((other) => other !== stock))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {stocks.length < articleStocksMax ? (
        <div className="max-w-md">
          <StockPicker
            label={t('editor.addStock')}
            onPick={(picked) => {
              if (stocks.some((stock) => stock.market === picked.market && stock.code === picked.code)) return
              onChange([...stocks, { market: picked.market, code: picked.code }])
            }}
          />
        </div>
      ) : null}
    </fieldset>
  )
}

function VersionColumn({
  locale,
  version,
  onChange,
}: {
  locale: Locale
  version: ArticleVersionDocument | null
  onChange(patch: Partial<ArticleVersionDocument> | null): void
}) {
  const { t } = useTranslation('console')
  const language = t(`languages.${locale}`)
  return (
    <Card className="flex flex-col gap-3" data-testid={`version-${locale}`}>
      <label className="flex items-center gap-2 text-base font-semibold text-ink-900">
        <input
          type="checkbox"
          checked={version !== null}
          onChange={(event) => onChange(event.target.checked ? {} : null)}
        />
        {t('editor.versionOf', { language })}
      </label>
      {version ? (
        <>
          <TextField
            label={t('editor.titleField', { language })}
            value={version.title}
            onChange={(event) => onChange({ title: event.target.value })}
          />
          <TextAreaField
            label={t('editor.summary', { language })}
            rows={2}
            value={version.summary}
            onChange={(event) => onChange({ summary: event.target.value })}
          />
          <TextAreaField
            label={t('editor.body', { language })}
            rows={14}
            value={version.bodyMarkdown}
            onChange={(event) => onChange({ bodyMarkdown: event.target.value })}
          />
          <MarkdownPreviewPane markdown={version.bodyMarkdown} label={t('editor.previewOf', { language })} />
          <TextField
            label={t('editor.seoTitle', { language })}
            maxLength={seoTitleMaxLength}
            value={version.seoTitle}
            onChange={(event) => onChange({ seoTitle: event.target.value })}
          />
          <TextAreaField
            label={t('editor.seoDescription', { language })}
            rows={2}
            maxLength={seoDescriptionMaxLength}
            value={version.seoDescription}
            onChange={(event) => onChange({ seoDescription: event.target.value })}
          />
        </>
      ) : (
        <p className="text-sm text-ink-700">{t('editor.versionMissing')}</p>
      )}
    </Card>
  )
}
