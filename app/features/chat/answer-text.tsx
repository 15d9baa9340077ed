/**
 * An answer's text: Markdown once its renderer (markdown.tsx) has arrived, plain text with its line breaks until
 * then. The renderer is fetched when the first answer is shown, so the page's first paint does not carry it.
 */

import { useEffect } from 'react'
import { onDemand, useOnDemand } from '#app/components/on-demand.ts'

const markdown = onDemand(() => import('./markdown.tsx'))

export const preloadMarkdown = markdown.preload

export function AnswerText({ text }: { text: string }) {
  const module = useOnDemand(markdown)
  useEffect(() => markdown.preload(), [])
  if (!module) return <p className="whitespace-pre-wrap">{text}</p>
  return <module.Markdown text={text} />
}
