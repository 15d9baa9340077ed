/**
 * The live preview of a Markdown body: the server's renderer (the public page's, sanitised there) is asked again
 * once typing pauses, and the HTML is shown in the public article body's own styles (`prose-content`).
 */
import { useEffect, useState } from 'react'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { MarkdownPreview } from '#contracts/console-rules.ts'
import { consoleApi } from './console-client.ts'
import { ConsoleError } from './console-ui.tsx'

/** Long enough not to render every keystroke, short enough to feel live. */
export const previewDebounceMs = 400

/** The HTML the server renders `markdown` to, asked again once typing pauses; with the last failure. */
export function useMarkdownPreview(markdown: string): { html: string; error: unknown } {
  const [html, setHtml] = useState('')
  const [error, setError] = useState<unknown>(null)
  useEffect(() => {
    let isCurrent = true
    const timer = setTimeout(() => {
      consoleApi
        .post<MarkdownPreview>('/articles/preview', { markdown })
        .then((preview) => {
          if (!isCurrent) return
          setHtml(preview.html)
          setError(null)
        })
        .catch((failure: unknown) => {
          if (isCurrent) setError(failure)
        })
    }, previewDebounceMs)
    return () => {
      isCurrent = false
      clearTimeout(timer)
    }
  }, [markdown])
  return { html, error }
}

export function MarkdownPreviewPane({ markdown, label }: { markdown: string; label: string }) {
  const { t } = useTranslation('console')
  const { html, error } = useMarkdownPreview(markdown)
  return (
    <section aria-label={label} className="flex min-w-0 flex-col gap-1">
      <p className="text-sm font-medium text-ink-800">{t('editor.preview')}</p>
      <ConsoleError error={error} />
      <div
        className="prose-content min-h-24 rounded-lg border border-ink-100 bg-white p-4"
        data-testid="markdown-preview"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised by the public page's renderer on the server (server/text/render-markdown.ts)
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </section>
  )
}
