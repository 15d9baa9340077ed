/**
 * The parts of the newsroom's editor (article-editor.tsx) that edit the document: the article's choices from the
 * newsroom's options (key, kind, topic, market, author, cover, tags, menu groups, related stocks) and one language
 * version (title, summary, Markdown body with its live preview, search title and description).
 */

import { Card } from '#app/components/card.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import {
  type ArticleDocument,
  type ArticleVersionDocument,
  articleStocksMax,
  type NewsroomOptions,
  seoDescriptionMaxLength,
  seoTitleMaxLength,
} from '#contracts/console-rules.ts'
import type { Locale } from '#contracts/regions.ts'
import { SelectField, TextAreaField } from './console-ui.tsx'
import type { ArticleDraft } from './console-view.ts'
import { MarkdownPreviewPane } from './markdown-preview.tsx'
import { StockPicker } from './stock-picker.tsx'

function toggled(list: string[], key: string): string[] {
  return list.includes(key) ? list.filter((item) => item !== key) : [...list, key]
}

/**
 * The article's choices; kind, topic, market and author start on 'Choose…' and must be chosen (`fieldMessage` says
 * what a save refused, beside the field); `onCover` uploads a chosen cover image (the editor says how it went).
 */
export function ArticleChoicesCard({
  document,
  options,
  fieldMessage,
  onChange,
  onCover,
}: {
  document: ArticleDraft
  options: NewsroomOptions
  fieldMessage(field: string): string | undefined
  onChange(patch: Partial<ArticleDraft>): void
  onCover(file: File): void
}) {
  const { t, i18n } = useTranslation('console')
  const locale = (i18n.language === 'zh-Hant' ? 'zh-Hant' : 'en') as Locale
  const unchosen = (
    <option value="" disabled>
      {t('editor.choose')}
    </option>
  )
  return (
    <Card className="grid gap-3 md:grid-cols-3">
      <TextField
        label={t('editor.key')}
        value={document.key}
        onChange={(event) => onChange({ key: event.target.value })}
        hint={t('editor.keyHint')}
        error={fieldMessage('key')}
        required
      />
      <SelectField
        label={t('editor.kind')}
        value={document.kind}
        required
        error={fieldMessage('kind')}
        onChange={(event) => onChange({ kind: event.target.value as ArticleDocument['kind'] })}
      >
        {unchosen}
        {options.kinds.map((kind) => (
          <option key={kind} value={kind}>
            {t(`kinds.${kind}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('editor.topic')}
        value={document.topic}
        required
        error={fieldMessage('topic')}
        onChange={(event) => onChange({ topic: event.target.value })}
      >
        {unchosen}
        {options.topics.map((topic) => (
          <option key={topic.slug} value={topic.slug}>
            {topic.name[locale]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('editor.market')}
        value={document.market}
        required
        error={fieldMessage('market')}
        onChange={(event) => onChange({ market: event.target.value as ArticleDocument['market'] })}
      >
        {unchosen}
        {options.markets.map((market) => (
          <option key={market} value={market}>
            {t(`markets.${market}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('editor.author')}
        value={document.author}
        required
        error={fieldMessage('author')}
        onChange={(event) => onChange({ author: event.target.value })}
      >
        {unchosen}
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
              if (file) onCover(file)
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
                onChange={() => onChange({ tags: toggled(document.tags, tag.key) })}
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
                onChange={() => onChange({ menuGroups: toggled(document.menuGroups, group.key) })}
              />
              {group.name[locale]}
            </label>
          ))}
        </div>
      </fieldset>
      <RelatedStocksField stocks={document.stocks} onChange={(stocks) => onChange({ stocks })} />
    </Card>
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

export function VersionColumn({
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
