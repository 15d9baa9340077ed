/**
 * "How is this calculated?": a small button beside a figure that opens the methods behind it — each method's
 * formula in the reader's language, the figures of this stock it used, the as-of date and the published source.
 * The citations (title and source) come with the diagnosis; the formulas are the page's own summaries of
 * docs/analysis-methods.md, in the namespace of what the page shows on demand (`stock-details`), fetched when a
 * dialog first opens, with the dialog's code, rather than with the page (ADR 0011).
 */
import { createContext, useContext, useState } from 'react'
import { Dialog, preloadDialog } from '#app/components/dialog.tsx'
import { ensureCatalogs } from '#app/i18n/browser-catalogs.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { InputRow } from './check-values.ts'
import type { PageMethodCitation } from './page-diagnosis.ts'
import { ReportIcon } from './report-icons.tsx'

export type MethodCitation = PageMethodCitation

/** The formulas' words; a failed fetch opens the dialog without them (the citations still say where to read). */
function fetchFormulas(): Promise<void> {
  return ensureCatalogs(['stock-details']).catch(() => undefined)
}

function preloadMethods() {
  preloadDialog()
  void fetchFormulas()
}

const CitationsContext = createContext<ReadonlyMap<string, MethodCitation>>(new Map())

export function MethodCitationsProvider({
  citations,
  children,
}: {
  citations: readonly MethodCitation[]
  children: React.ReactNode
}) {
  return <CitationsContext value={new Map(citations.map((c) => [c.id, c]))}>{children}</CitationsContext>
}

export function MethodButton({
  methods,
  subject,
  asOfText,
  inputs,
}: {
  methods: readonly string[]
  /** What the methods explain, e.g. the score's name; part of the dialog's title. */
  subject: string
  /** The formatted date the figures describe. */
  asOfText: string | null
  inputs?: InputRow[]
}) {
  const { t, i18n } = useTranslation(['stocks', 'stock-diagnosis', 'stock-details'], { nsMode: 'fallback' })
  const citations = useContext(CitationsContext)
  const [isOpen, setIsOpen] = useState(false)
  const known = methods.map((id) => citations.get(id)).filter((c): c is MethodCitation => Boolean(c))
  if (known.length === 0) return null
  return (
    <>
      <button
        type="button"
        onClick={() => {
          preloadDialog()
          void fetchFormulas().then(() => setIsOpen(true))
        }}
        onPointerEnter={preloadMethods}
        onFocus={preloadMethods}
        className="inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        data-testid="method-button"
      >
        <ReportIcon name="book-open" className="size-4" />
        {/* The visible word starts the accessible name, which then says what the method is for. */}
        {t('methods.label')}
        <span className="sr-only">{t('methods.for', { subject })}</span>
      </button>
      <Dialog isOpen={isOpen} onOpenChange={setIsOpen} title={t('methods.title', { subject })} size="lg">
        <div className="flex flex-col gap-5 text-sm text-ink-800">
          {known.map((citation) => {
            const formulaKey = `stock-details:formulas.${citation.id}`
            const hasFormula = i18n.exists(formulaKey)
            return (
              <section key={citation.id} aria-label={citation.title} className="flex flex-col gap-1.5">
                <h3 className="font-semibold text-ink-950">{citation.title}</h3>
                {hasFormula ? <p className="whitespace-pre-line">{t(formulaKey)}</p> : null}
                <p className="text-xs text-ink-700">
                  <span className="font-medium">{t('methods.source')}</span> {citation.source}
                </p>
              </section>
            )
          })}
          {inputs && inputs.length > 0 ? (
            <section className="flex flex-col gap-1.5" aria-label={t('check.inputs')}>
              <h3 className="font-semibold text-ink-950">{t('check.inputs')}</h3>
              <InputList rows={inputs} />
            </section>
          ) : null}
          {asOfText ? <p className="text-xs text-ink-700">{t('methods.asOf', { date: asOfText })}</p> : null}
          <p className="text-xs text-ink-700">{t('methods.document')}</p>
        </div>
      </Dialog>
    </>
  )
}

export function InputList({ rows }: { rows: InputRow[] }) {
  return (
    <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm">
      {rows.map((row) => (
        <div key={row.key} className="contents">
          <dt className="text-ink-700">{row.label}</dt>
          <dd className="text-end font-medium text-ink-900 tabular-nums">{row.value}</dd>
        </div>
      ))}
    </dl>
  )
}
