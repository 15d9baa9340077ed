import { cloneElement, type ReactElement, type ReactNode } from 'react'
import type { TFunction } from './i18n.ts'

/** `<name>text</name>` and `<name/>` in a message, in order. */
const tag = /<(\w+)>(.*?)<\/\1>|<(\w+)\s*\/>/gs

/**
 * A message with markup in it: each `<name>…</name>` becomes the element `components[name]` with the tag's text as
 * its children (a link inside a sentence keeps the sentence whole in the catalog).
 */
export function Trans({
  t,
  i18nKey,
  values,
  components,
}: {
  t: TFunction
  i18nKey: string
  values?: Record<string, unknown>
  components: Record<string, ReactElement>
}) {
  const message = t(i18nKey, values)
  const parts: ReactNode[] = []
  let last = 0
  for (const match of message.matchAll(tag)) {
    if (match.index > last) parts.push(message.slice(last, match.index))
    const name = (match[1] ?? match[3]) as string
    const element = components[name]
    const text = match[2]
    if (!element) parts.push(text ?? '')
    else if (text === undefined) parts.push(cloneElement(element, { key: parts.length }))
    else parts.push(cloneElement(element, { key: parts.length }, text))
    last = match.index + match[0].length
  }
  if (last < message.length) parts.push(message.slice(last))
  return <>{parts}</>
}
