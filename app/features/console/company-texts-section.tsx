/**
 * /console/company-texts: the firm's texts about companies, which stock pages show. The list shows the companies
 * that have a text, or those of the universe that have none yet (filters in the address); any company can be
 * found by name or code. The editor takes both languages side by side, each with a live preview drawn by the stock
 * page's own component, so the analyst sees what readers will; an empty language shows nothing on its site.
 */
import { useState } from 'react'
import { Badge } from '#app/components/badge.tsx'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { CompanyTextPanel } from '#app/features/stocks/company-text.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import { type CompanyText, type ConsoleMe, companyTextMaxLength } from '#contracts/console-rules.ts'
import { type Locale, locales, type Market } from '#contracts/regions.ts'
import { companyTextFiltersOf, companyTextRoom, deskSearchOf } from './analyst-desk-view.ts'
import { consoleApi } from './console-client.ts'
import {
  ConsoleFilterForm,
  ConsoleList,
  ConsoleListHeader,
  MarketSelectField,
  useConsoleListQuery,
} from './console-lists.tsx'
import {
  ConsoleError,
  ConsoleLoading,
  ConsoleNotice,
  formatFirmTime,
  SelectField,
  TextAreaField,
} from './console-ui.tsx'
import { useMarkdownPreview } from './markdown-preview.tsx'
import { StockPicker } from './stock-picker.tsx'
import { useConsoleAction } from './use-console-action.ts'
import { useConsoleData } from './use-console-data.ts'

export function CompanyTextsSection({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('console')
  const { displayLocale } = useRootData()
  const { filters, search } = useConsoleListQuery(
    '/console/company-texts',
    companyTextFiltersOf,
    deskSearchOf,
  )
  const loaded = useConsoleData(
    () =>
      consoleApi.get<CompanyText[]>('/company-texts', {
        has: filters.has === 'without' ? 'without' : null,
        market: filters.market,
        q: filters.q,
      }),
    search,
  )
  const [open, setOpen] = useState<{ market: Market; code: string } | null>(null)
  const nameOf = (company: Pick<CompanyText, 'nameEn' | 'nameZh'>) =>
    displayLocale === 'zh-TW' ? company.nameZh : company.nameEn

  return (
    <div className="flex flex-col gap-4">
      <ConsoleListHeader title={t('companyTexts.title')} />
      <ConsoleFilterForm
        action="/console/company-texts"
        label={t('companyTexts.filters')}
        columns="md:grid-cols-4"
        applyLabel={t('articles.apply')}
        isBusy={loaded.isLoading}
      >
        <SelectField label={t('companyTexts.has')} name="has" defaultValue={filters.has}>
          <option value="with">{t('companyTexts.withText')}</option>
          <option value="without">{t('companyTexts.withoutText')}</option>
        </SelectField>
        <MarketSelectField label={t('editor.market')} defaultValue={filters.market ?? ''} />
        <TextField label={t('companyTexts.search')} name="q" type="search" defaultValue={filters.q} />
      </ConsoleFilterForm>
      <div className="max-w-md">
        <StockPicker
          label={t('companyTexts.open')}
          onPick={(stock) => setOpen({ market: stock.market, code: stock.code })}
        />
      </div>

      {open ? (
        <CompanyTextEditor
          key={`${open.market}:${open.code}`}
          company={open}
          me={me}
          onClose={() => setOpen(null)}
          onSaved={() => loaded.reload()}
        />
      ) : null}

      <ConsoleList
        list={loaded}
        rows={loaded.data ?? undefined}
        emptyText={t('companyTexts.empty')}
        columns={[t('picks.stock'), t('companyTexts.languages'), t('articles.colUpdated')]}
        actionsLabel={t('picks.actions')}
        renderRow={(company) => (
          <tr
            key={`${company.market}:${company.code}`}
            className="border-b border-ink-50"
            data-testid="company-text-row"
          >
            <th scope="row" className="py-2 pr-3 text-start font-normal">
              <span className="block font-medium text-ink-900">{nameOf(company)}</span>
              <span className="block text-xs text-ink-700">
                {company.code} · {t(`markets.${company.market}`)}
              </span>
            </th>
            <td className="py-2 pr-3">
              <span className="flex flex-wrap gap-1">
                {locales
                  .filter((locale) => company.texts[locale])
                  .map((locale) => (
                    <Badge key={locale} tone="gain">
                      {t(`languages.${locale}`)}
                    </Badge>
                  ))}
                {locales.every((locale) => !company.texts[locale]) ? (
                  <Badge>{t('companyTexts.none')}</Badge>
                ) : null}
              </span>
            </td>
            <td className="py-2 pr-3 text-ink-700">
              {company.updatedAt ? formatFirmTime(company.updatedAt, me.timeZone, displayLocale) : '—'}
            </td>
            <td className="py-2 pr-3">
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setOpen({ market: company.market, code: company.code })}
                aria-label={t('companyTexts.editOf', { name: nameOf(company) })}
              >
                {company.updatedAt ? t('picks.edit') : t('companyTexts.write')}
              </Button>
            </td>
          </tr>
        )}
      />
    </div>
  )
}

function CompanyTextEditor({
  company,
  me,
  onClose,
  onSaved,
}: {
  company: { market: Market; code: string }
  me: ConsoleMe
  onClose(): void
  onSaved(): void
}) {
  const { t } = useTranslation('console')
  const { displayLocale } = useRootData()
  const path = `/company-texts/${company.market}/${encodeURIComponent(company.code)}`
  const loaded = useConsoleData(() => consoleApi.get<CompanyText>(path), path)
  const [texts, setTexts] = useState<Record<Locale, string> | null>(null)
  const [saved, setSaved] = useState<CompanyText | null>(null)
  const action = useConsoleAction()
  const current = saved ?? loaded.data
  const shown = texts ?? current?.texts ?? null

  const save = () =>
    action.run(async () => {
      if (!shown) return
      const answer = await consoleApi.put<CompanyText>(path, { texts: shown })
      setSaved(answer)
      setTexts(answer.texts)
      onSaved()
      return t('companyTexts.saved')
    })

  return (
    <Card className="flex flex-col gap-4" data-testid="company-text-editor">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-ink-950">
            {current
              ? t('companyTexts.editorTitle', {
                  name: displayLocale === 'zh-TW' ? current.nameZh : current.nameEn,
                  code: current.code,
                })
              : company.code}
          </h2>
          {current?.updatedAt ? (
            <p className="text-sm text-ink-700">
              {t('companyTexts.lastSaved', {
                time: formatFirmTime(current.updatedAt, me.timeZone, displayLocale),
                phone: current.updatedBy?.phone ?? '—',
              })}
            </p>
          ) : null}
        </div>
        <div className="flex gap-2">
          <Button onClick={() => void save()} disabled={action.isBusy || !shown}>
            {t('editor.save')}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            {t('companyTexts.close')}
          </Button>
        </div>
      </div>
      <ConsoleNotice notice={action.notice} />
      <ConsoleError error={action.error ?? loaded.error} />
      {loaded.isLoading && !current ? <ConsoleLoading /> : null}
      {shown ? (
        <div className="grid gap-4 xl:grid-cols-2">
          {locales.map((locale) => (
            <CompanyTextColumn
              key={locale}
              locale={locale}
              markdown={shown[locale]}
              timeZone={me.timeZone}
              updatedAt={current?.updatedAt ?? null}
              onChange={(markdown) => setTexts({ ...shown, [locale]: markdown })}
            />
          ))}
        </div>
      ) : null}
    </Card>
  )
}

function CompanyTextColumn({
  locale,
  markdown,
  timeZone,
  updatedAt,
  onChange,
}: {
  locale: Locale
  markdown: string
  timeZone: string
  updatedAt: string | null
  onChange(markdown: string): void
}) {
  const { t } = useTranslation('console')
  const { displayLocale } = useRootData()
  const language = t(`languages.${locale}`)
  const { html, error } = useMarkdownPreview(markdown)
  return (
    <div className="flex flex-col gap-3" data-testid={`company-text-${locale}`}>
      <TextAreaField
        label={t('companyTexts.text', { language })}
        rows={10}
        maxLength={companyTextMaxLength}
        value={markdown}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="text-xs text-ink-500">{t('companyTexts.room', { count: companyTextRoom(markdown) })}</p>
      <section aria-label={t('editor.previewOf', { language })} className="flex flex-col gap-1">
        <p className="text-sm font-medium text-ink-800">{t('editor.preview')}</p>
        <ConsoleError error={error} />
        {markdown.trim() ? (
          // The stock page's own panel (its heading and byline in the console's language: the browser holds one).
          <div lang={locale} data-testid="company-text-preview">
            <CompanyTextPanel
              text={{ html, updatedAt: updatedAt ?? new Date().toISOString() }}
              displayLocale={displayLocale}
              timeZone={timeZone}
            />
          </div>
        ) : (
          <p className="text-sm text-ink-700">{t('companyTexts.emptyLanguage')}</p>
        )}
      </section>
    </div>
  )
}
