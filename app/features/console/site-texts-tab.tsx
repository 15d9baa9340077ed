/**
 * Site texts (about us, services, history, policies…): the list of every text in both languages, and the editor of
 * one — title and Markdown body beside the live preview, rendered by the public pages' renderer, and below them the
 * structured parts its page draws (site-text-parts.tsx), all saved together. A save names the version it was made
 * on; when someone saved meanwhile the API refuses it (409) and the editor offers their version.
 */
import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '#app/components/button.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import type { ConsoleMe } from '#contracts/console-rules.ts'
import {
  type EditableSiteText,
  type EditableSiteTextKey,
  SiteAdminErrorCode,
  type SiteTextSummary,
  siteTextBodyMaxLength,
  siteTextPublicPaths,
  siteTextTitleMaxLength,
} from '#contracts/console-site-rules.ts'
import type { Locale } from '#contracts/regions.ts'
import { ConsoleApiError, consoleApi, fieldCodesOf } from './console-client.ts'
import { ConsoleTable } from './console-lists.tsx'
import {
  ConsoleError,
  ConsoleLoading,
  ConsoleNotice,
  formatFirmTime,
  TextAreaField,
  useFieldMessages,
} from './console-ui.tsx'
import { MarkdownPreviewPane } from './markdown-preview.tsx'
import { type PartErrors, SiteTextPartsForm } from './site-text-parts.tsx'
import { sitePathOf } from './site-view.ts'
import { useConsoleAction } from './use-console-action.ts'
import { useConsoleData } from './use-console-data.ts'

export function SiteTextsTab({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation(['console', 'console-site'], { nsMode: 'fallback' })
  const { displayLocale } = useRootData()
  const texts = useConsoleData(() => consoleApi.get<SiteTextSummary[]>('/site/texts'), 'site-texts')
  return (
    <section aria-label={t('site.tabNames.texts')} className="flex flex-col gap-3">
      <p className="text-sm text-ink-700">{t('site.texts.intro')}</p>
      <ConsoleError error={texts.error} />
      {texts.isLoading && !texts.data ? <ConsoleLoading /> : null}
      <ConsoleTable
        columns={[
          t('site.texts.page'),
          t('site.texts.language'),
          t('site.texts.titleColumn'),
          t('site.texts.updatedAt'),
        ]}
      >
        {(texts.data ?? []).map((text) => (
          <tr
            key={`${text.key}:${text.locale}`}
            className="border-b border-ink-50"
            data-testid="site-text-row"
          >
            <td className="py-2 pr-3">
              <Link
                to={sitePathOf({ tab: 'texts', text: { key: text.key, locale: text.locale } })}
                className="font-medium text-brand-700 hover:underline"
                aria-label={t('site.texts.editOf', {
                  name: t(`site.textNames.${text.key}`),
                  language: t(`languages.${text.locale}`),
                })}
              >
                {t(`site.textNames.${text.key}`)}
              </Link>
            </td>
            <td className="py-2 pr-3">{t(`languages.${text.locale}`)}</td>
            <td className="py-2 pr-3">{text.title}</td>
            <td className="py-2 pr-3 text-ink-600">
              {formatFirmTime(text.updatedAt, me.timeZone, displayLocale)}
            </td>
          </tr>
        ))}
      </ConsoleTable>
    </section>
  )
}

export function SiteTextEditor({
  text,
  me,
}: {
  text: { key: EditableSiteTextKey; locale: Locale }
  me: ConsoleMe
}) {
  const { t } = useTranslation(['console', 'console-site'], { nsMode: 'fallback' })
  const { publicConfig, displayLocale } = useRootData()
  const loaded = useConsoleData(
    () => consoleApi.get<EditableSiteText>(`/site/texts/${text.key}/${text.locale}`),
    `site-text:${text.key}:${text.locale}`,
  )
  const [draft, setDraft] = useState<EditableSiteText | null>(null)
  const [theirs, setTheirs] = useState<EditableSiteText | null>(null)
  const action = useConsoleAction()
  const fieldMessage = useFieldMessages(action.error)
  const form = draft ?? loaded.data
  const name = t(`site.textNames.${text.key}`)
  const language = t(`languages.${text.locale}`)
  const publicPath = siteTextPublicPaths[text.key]
  const publicUrl = publicPath
    ? `${publicConfig.siteOrigins[text.locale === 'zh-Hant' ? 'hant' : 'en']}${publicPath}`
    : null

  function save() {
    if (!form) return
    setTheirs(null)
    void action.run(async () => {
      try {
        setDraft(
          await consoleApi.put<EditableSiteText>(`/site/texts/${text.key}/${text.locale}`, {
            title: form.title,
            bodyMarkdown: form.bodyMarkdown,
            data: form.data,
            updatedAt: form.updatedAt,
          }),
        )
        return t('site.texts.saved')
      } catch (failure) {
        // Someone saved meanwhile: their version is offered instead of an error.
        if (
          failure instanceof ConsoleApiError &&
          failure.code === SiteAdminErrorCode.siteTextStale &&
          failure.current
        ) {
          setTheirs(failure.current as unknown as EditableSiteText)
          return
        }
        throw failure
      }
    })
  }

  return (
    <section aria-label={t('site.texts.editorOf', { name, language })} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold text-ink-950">{t('site.texts.editorOf', { name, language })}</h2>
        <div className="flex flex-wrap gap-3 text-sm">
          <Link to={sitePathOf({ tab: 'texts', text: null })} className="text-brand-700 hover:underline">
            {t('site.texts.back')}
          </Link>
          {publicUrl ? (
            <a href={publicUrl} target="_blank" rel="noreferrer" className="text-brand-700 hover:underline">
              {t('site.texts.viewPublic')}
            </a>
          ) : null}
        </div>
      </div>
      <ConsoleError error={loaded.error ?? action.error} />
      {theirs ? (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-lg border border-loss px-3 py-2 text-sm text-ink-900"
        >
          <p>
            {t('site.texts.staleBody', {
              time: formatFirmTime(theirs.updatedAt, me.timeZone, displayLocale),
            })}
          </p>
          <div>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                setDraft(theirs)
                setTheirs(null)
              }}
            >
              {t('site.texts.loadTheirs')}
            </Button>
          </div>
        </div>
      ) : null}
      <ConsoleNotice notice={action.notice} isBoxed />
      {!form ? (
        loaded.isLoading ? (
          <ConsoleLoading />
        ) : null
      ) : (
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            save()
          }}
        >
          <TextField
            label={t('site.texts.titleField', { language })}
            value={form.title}
            maxLength={siteTextTitleMaxLength}
            required
            error={fieldMessage('title')}
            onChange={(event) => setDraft({ ...form, title: event.target.value })}
          />
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <TextAreaField
              label={t('site.texts.body', { language })}
              value={form.bodyMarkdown}
              rows={20}
              maxLength={siteTextBodyMaxLength}
              onChange={(event) => setDraft({ ...form, bodyMarkdown: event.target.value })}
            />
            <MarkdownPreviewPane markdown={form.bodyMarkdown} label={t('editor.previewOf', { language })} />
          </div>
          <SiteTextPartsForm
            data={form.data}
            language={language}
            errors={partErrorsOf(fieldCodesOf(action.error), fieldMessage)}
            onChange={(data) => setDraft({ ...form, data })}
          />
          <p className="text-xs text-ink-500">
            {t('site.texts.lastSaved', { time: formatFirmTime(form.updatedAt, me.timeZone, displayLocale) })}
          </p>
          <div>
            <Button type="submit" disabled={action.isBusy}>
              {t('site.texts.save')}
            </Button>
          </div>
        </form>
      )}
    </section>
  )
}

/** The refusals under `data.` by their path within it (`milestones.2.title`), as the parts' form names them. */
function partErrorsOf(
  refused: Readonly<Record<string, string>>,
  messageOf: (field: string) => string | undefined,
): PartErrors {
  const prefix = 'data.'
  return new Map(
    Object.keys(refused)
      .filter((field) => field.startsWith(prefix))
      .map((field) => [field.slice(prefix.length), messageOf(field) ?? ''] as const),
  )
}
