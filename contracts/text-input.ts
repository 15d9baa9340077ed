/**
 * What text a reader may send, in any field of any request (API query, path, body; page paths and query strings):
 * printable text, with tab, line feed and carriage return for multi-line fields (the contact message). C0 and C1
 * control characters (NUL among them: PostgreSQL refuses it in text) and lone surrogates (not text at all) are
 * refused, never stripped: a silently changed search or message is worse than a clear 400.
 *
 * The rule lives here once; it is applied at the two doors, before any route or page runs: the API
 * (server/http/text-input.ts) and the page route checks (app/routing/route-rules.ts, hasUnacceptableText).
 */

/** C0 controls except \t \n \r, DEL, and C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const controlCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/

/** Whether a string is text a reader could have typed: no controls but tab and line breaks, no lone surrogates. */
export function isAcceptableText(value: string): boolean {
  return value.isWellFormed() && !controlCharacter.test(value)
}

interface Visit {
  value: unknown
  key: string
  parent: Visit | undefined
}

function pathOf(visit: Visit): string {
  const keys: string[] = []
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) keys.push(at.key)
  return keys.reverse().join('.')
}

/**
 * The path (`a.b.0`) of the first string, or object key, in a parsed query or JSON body that is not acceptable
 * text; `''` for the value itself, undefined when all of it is acceptable. Walks without recursion and builds a path
 * only for what it reports: a JSON body may nest as deep as its size allows.
 */
export function findUnacceptableText(value: unknown): string | undefined {
  // Parsed queries and JSON bodies have no cycles; nothing else is passed here.
  const pending: Visit[] = [{ value, key: '', parent: undefined }]
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const current = visit.value
    if (typeof current === 'string') {
      if (!isAcceptableText(current)) return pathOf(visit)
    } else if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++)
        pending.push({ value: current[i], key: String(i), parent: visit })
    } else if (typeof current === 'object' && current !== null && !ArrayBuffer.isView(current)) {
      for (const key in current) {
        if (!Object.hasOwn(current, key)) continue
        const child = { value: (current as Record<string, unknown>)[key], key, parent: visit }
        if (!isAcceptableText(key)) return pathOf(child)
        pending.push(child)
      }
    }
  }
  return undefined
}
