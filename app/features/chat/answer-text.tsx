/**
 * An answer's text, drawn as Markdown by its renderer (markdown.tsx), which the page's first paint does not carry.
 * Until the renderer has arrived, a chat answer is held (a quiet placeholder, never the raw `**` and `|---|`): the
 * chat page fetches the renderer when idle and when the reader starts writing, so a reader rarely sees the hold. An
 * answer drawn on the server (the expert desk) shows as plain text with its line breaks until then.
 */

import { useEffect } from 'react'
import { onDemand, useOnDemand } from '#app/components/on-demand.ts'

const markdown = onDemand(() => import('./markdown.tsx'))

export const preloadMarkdown = markdown.preload

export function AnswerText({
  text,
  heldLabel,
}: {
  text: string
  /**
   * Given, the answer is held until the renderer arrives, behind a placeholder read out as this; without it, the
   * plain text shows meanwhile.
   */
  heldLabel?: string
}) {
  const module = useOnDemand(markdown)
  useEffect(() => markdown.preload(), [])
  if (module) return <module.Markdown text={text} />
  if (heldLabel !== undefined) return <AnswerHeld label={heldLabel} />
  return <p className="whitespace-pre-wrap">{text}</p>
}

function AnswerHeld({ label }: { label: string }) {
  return (
    <p className="flex flex-col gap-2" data-testid="chat-answer-held">
      <span className="sr-only">{label}</span>
      <span aria-hidden="true" className="h-3 w-4/5 animate-pulse rounded bg-ink-100" />
      <span aria-hidden="true" className="h-3 w-3/5 animate-pulse rounded bg-ink-100" />
    </p>
  )
}
