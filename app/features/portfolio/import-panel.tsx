/**
 * The CSV import, inside its dialog (loaded when the dialog first opens): the reader chooses a file (read in the
 * browser) or pastes it, previews it, may change which column is which and preview again, sees every rejected row
 * with its line and reason, and imports — everything, or the accepted rows when they chose to skip the rejected
 * ones. The server reads, checks and saves (all rows in one transaction or none); this only shows what it says.
 */
import { type ChangeEvent, useId, useState } from 'react'
import { ApiError } from '#app/api/api-client.ts'
import { Button } from '#app/components/button.tsx'
import { Checkbox } from '#app/components/checkbox.tsx'
import { type DisplayLocale, formatCount, formatDate } from '#app/features/stocks/stock-format.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import {
  type ImportField,
  type ImportMapping,
  type ImportPreview,
  importFields,
  portfolioLimits,
  requiredImportFields,
} from '#contracts/portfolio-rules.ts'
import { importCsv, previewImport } from './portfolio-api.ts'
import { money } from './portfolio-figures.tsx'

export function ImportPanel({
  locale,
  transactionLimit,
  onImported,
}: {
  locale: DisplayLocale
  /** Transactions the reader's plan keeps: the number the "portfolio is full" message says. */
  transactionLimit: number
  onImported(count: number): void
}) {
  const { t, i18n } = useTranslation(['portfolio', 'errors'])
  const fileId = useId()
  const textId = useId()
  const [text, setText] = useState('')
  const [preview, setPreview] = useState<ImportPreview | null>(null)
  const [mapping, setMapping] = useState<ImportMapping | null>(null)
  const [skipRejected, setSkipRejected] = useState(false)
  const [failure, setFailure] = useState('')
  const [isBusy, setIsBusy] = useState(false)

  const errorText = (error: unknown) => {
    const code = error instanceof ApiError ? error.code : 'INTERNAL_ERROR'
    return t(i18n.exists(`errors:${code}`) ? `errors:${code}` : 'errors:INTERNAL_ERROR', {
      max: formatCount(transactionLimit, locale),
    })
  }

  async function runPreview(chosen: ImportMapping | undefined) {
    setFailure('')
    setIsBusy(true)
    try {
      const answer = await previewImport(text, chosen)
      setPreview(answer)
      setMapping(answer.mapping)
    } catch (error) {
      setFailure(errorText(error))
    } finally {
      setIsBusy(false)
    }
  }

  async function runImport() {
    if (!mapping) return
    setFailure('')
    setIsBusy(true)
    try {
      const result = await importCsv(text, mapping, skipRejected)
      onImported(result.imported)
    } catch (error) {
      setFailure(errorText(error))
    } finally {
      setIsBusy(false)
    }
  }

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    if (!file) return
    setText(await file.text())
    setPreview(null)
  }

  function chooseColumn(field: ImportField, value: string) {
    if (!mapping) return
    const next = { ...mapping, [field]: value === '' ? null : Number(value) }
    setMapping(next)
    void runPreview(next)
  }

  const required = new Set<ImportField>(requiredImportFields)
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink-800">{t('portfolio:import.intro')}</p>
      <div className="flex flex-col gap-1">
        <label htmlFor={fileId} className="text-sm font-medium text-ink-800">
          {t('portfolio:import.file')}
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv,text/plain"
          onChange={(event) => void readFile(event)}
          className="text-sm"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={textId} className="text-sm font-medium text-ink-800">
          {t('portfolio:import.text')}
        </label>
        <textarea
          id={textId}
          rows={4}
          maxLength={portfolioLimits.importTextMax}
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setPreview(null)
          }}
          className="w-full rounded-lg border border-ink-300 bg-white px-3 py-2 font-mono text-xs text-ink-900"
        />
      </div>
      <div>
        <Button
          variant="secondary"
          onClick={() => void runPreview(undefined)}
          isLoading={isBusy && !preview}
          disabled={!text.trim()}
        >
          {t('portfolio:import.preview')}
        </Button>
      </div>
      {failure ? (
        <p role="alert" className="rounded-lg border border-loss px-3 py-2 text-sm text-loss">
          {failure}
        </p>
      ) : null}
      {preview && mapping ? (
        <div className="flex flex-col gap-4" data-testid="import-preview">
          <p className="text-sm font-medium text-ink-900" data-testid="import-layout">
            {t('portfolio:import.layout', { layout: t(`portfolio:import.layouts.${preview.layout}`) })}
          </p>
          <fieldset className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            <legend className="mb-1 text-sm font-semibold text-ink-950">
              {t('portfolio:import.mapping')}
            </legend>
            {importFields.map((field) => (
              <label key={field} className="flex flex-col gap-1 text-xs font-medium text-ink-800">
                {t(`portfolio:import.fields.${field}`)}{' '}
                {required.has(field) ? t('portfolio:import.required') : ''}
                <select
                  value={mapping[field] ?? ''}
                  onChange={(event) => chooseColumn(field, event.target.value)}
                  className="h-9 rounded-lg border border-ink-300 bg-white px-2 text-sm text-ink-900"
                >
                  <option value="">{t('portfolio:import.none')}</option>
                  {preview.columns.map((column, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a header may repeat a name; its position is its identity
                    <option key={index} value={index}>
                      {column || `#${index + 1}`}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </fieldset>
          <section aria-labelledby="import-accepted" className="flex flex-col gap-1">
            <h3 id="import-accepted" className="font-semibold text-ink-950">
              {t('portfolio:import.acceptedTitle')}
            </h3>
            <p className="text-sm text-ink-900" data-testid="import-accepted-count">
              {t('portfolio:import.acceptedCount', { count: preview.acceptedCount, total: preview.rowCount })}
            </p>
            {preview.accepted.length > 0 ? (
              <ul className="flex flex-col gap-0.5 text-xs text-ink-800">
                {preview.accepted.map((row) => (
                  <li key={row.line}>
                    {t('portfolio:import.line', { line: row.line })}: {formatDate(row.tradeDate, locale)} ·{' '}
                    {t(`portfolio:kinds.${row.kind}`)} · {row.name} ({row.code}) ·{' '}
                    {row.kind === 'dividend'
                      ? money(row.amount, row.currency, locale)
                      : `${row.quantity} × ${money(row.price, row.currency, locale)}`}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
          {preview.rejected.length > 0 ? (
            <section aria-labelledby="import-rejected" className="flex flex-col gap-1">
              <h3 id="import-rejected" className="font-semibold text-loss">
                {t('portfolio:import.rejectedTitle')}
              </h3>
              <p className="text-sm text-ink-900">
                {t('portfolio:import.rejectedCount', { count: preview.rejected.length })}
              </p>
              <ul
                className="flex max-h-48 flex-col gap-0.5 overflow-y-auto text-xs text-ink-900"
                data-testid="import-rejected"
              >
                {preview.rejected.map((row) => (
                  <li key={`${row.line}-${row.code}`}>
                    {t('portfolio:import.rejectedRow', { line: row.line, reason: row.message })}
                  </li>
                ))}
              </ul>
              <Checkbox
                label={t('portfolio:import.skip')}
                checked={skipRejected}
                onChange={(event) => setSkipRejected(event.target.checked)}
              />
            </section>
          ) : null}
          <div>
            <Button
              onClick={() => void runImport()}
              isLoading={isBusy}
              disabled={preview.acceptedCount === 0 || (preview.rejected.length > 0 && !skipRejected)}
            >
              {t('portfolio:import.submit', { count: preview.acceptedCount })}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  )
}
