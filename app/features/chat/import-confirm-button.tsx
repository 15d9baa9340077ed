/**
 * The confirm button of an answer that previewed importing a holdings file into the reader's portfolio (issue 25):
 * the answer's Markdown writes it as a link `#import-portfolio/<file id>/<table>[/skip]` (markdown.tsx draws it
 * here). Only this click imports (`POST /ai/importToPortfolio`): every row or none, the result or the reason said
 * in place.
 */
import { useState } from 'react'
import { Link } from 'react-router'
import { ApiError, api, dataOf } from '#app/api/api-client.ts'
import { ensureCatalogs, ensureErrorMessages } from '#app/i18n/browser-catalogs.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { ImportResult } from '#contracts/portfolio-rules.ts'

const importLink = /^#import-portfolio\/([0-9a-f-]{36})\/(\d{1,3})(\/skip)?$/

/** The file, table and choice a confirm link names; null when the link is no confirm button. */
export function importConfirmOf(
  href: string,
): { fileId: string; table: number; skipRejected: boolean } | null {
  const match = importLink.exec(href)
  if (!match) return null
  return { fileId: match[1] as string, table: Number(match[2]), skipRejected: match[3] !== undefined }
}

export function ImportConfirmButton({ href, label }: { href: string; label: string }) {
  const { t } = useTranslation('chat')
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'busy' }
    | { kind: 'done'; result: ImportResult }
    | { kind: 'failed'; code: string }
  >({ kind: 'idle' })
  const request = importConfirmOf(href)
  if (!request) return <span>{label}</span>
  if (state.kind === 'done')
    return (
      <span role="status" className="font-medium text-ink-950" data-testid="chat-import-done">
        {t('import.done', { count: state.result.imported })}{' '}
        <Link to="/member/portfolio">{t('import.open')}</Link>
      </span>
    )
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <button
        type="button"
        data-testid="chat-import-confirm"
        disabled={state.kind === 'busy'}
        onClick={() => {
          setState({ kind: 'busy' })
          // The button's words come with the chat's page; elsewhere (an expert's answer drawn by the same renderer)
          // they are fetched with the click, before the outcome is said.
          const words = ensureCatalogs(['chat']).catch(() => undefined)
          api
            .post<ImportResult>('/ai/importToPortfolio', request)
            .then(async (response) => {
              await words
              setState({ kind: 'done', result: dataOf(response) })
            })
            .catch(async (error: unknown) => {
              await Promise.all([words, ensureErrorMessages().catch(() => undefined)])
              setState({ kind: 'failed', code: error instanceof ApiError ? error.code : 'INTERNAL_ERROR' })
            })
        }}
        className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {state.kind === 'busy' ? t('import.busy', { defaultValue: label }) : label}
      </button>
      {state.kind === 'failed' ? (
        <span role="alert" className="text-sm text-loss">
          {t([`errors:${state.code}`, 'errors:INTERNAL_ERROR'])}
        </span>
      ) : null}
    </span>
  )
}
