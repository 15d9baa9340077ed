/**
 * The front matter of a seed article file: a strict subset of YAML that is enough for flat fields.
 *
 *   ---
 *   key: nvidia-data-center-cycle
 *   title: "A title: with a colon, quoted as a JSON string"
 *   tags: nvidia, ai
 *   ---
 *   Markdown body…
 *
 * One `name: value` per line, names unique, no nesting. Blank lines are ignored because the project's Markdown
 * formatter (Biome) puts one after the opening line, reading it as a thematic break. A value wrapped in double quotes is read as
 * a JSON string; any other value is taken as written. Lists (tags, stocks) are comma-separated values, split by
 * the schema in seed-corpus.ts, not here. Anything else is an error naming the file and line, so a typo in a
 * seed file fails loudly instead of producing an article with a missing field.
 */

export class SeedFrontMatterError extends Error {
  override name = 'SeedFrontMatterError'
}

export interface ParsedSeedFile {
  fields: Record<string, string>
  body: string
}

const fieldLinePattern = /^(?<name>[A-Za-z][A-Za-z0-9]*):(?: (?<value>.*))?$/

function readValue(raw: string, location: string): string {
  const value = raw.trim()
  if (!value.startsWith('"')) return value
  if (!value.endsWith('"') || value.length < 2)
    throw new SeedFrontMatterError(`${location}: unterminated quoted value`)
  try {
    const parsed: unknown = JSON.parse(value)
    if (typeof parsed === 'string') return parsed
  } catch {
    // Reported below with the location, which JSON.parse's own message lacks.
  }
  throw new SeedFrontMatterError(`${location}: quoted value is not a valid JSON string`)
}

/** Splits a seed file into its front-matter fields and its Markdown body (trimmed; may be empty). */
export function parseSeedFile(source: string, filePath: string): ParsedSeedFile {
  const lines = source
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
  if (lines[0] !== '---')
    throw new SeedFrontMatterError(`${filePath}:1: a seed file must start with a '---' line`)
  const closing = lines.indexOf('---', 1)
  if (closing === -1)
    throw new SeedFrontMatterError(`${filePath}: the front matter has no closing '---' line`)
  const fields: Record<string, string> = {}
  for (let index = 1; index < closing; index += 1) {
    const location = `${filePath}:${index + 1}`
    if (lines[index]!.trim() === '') continue
    const match = fieldLinePattern.exec(lines[index]!)
    if (!match?.groups)
      throw new SeedFrontMatterError(`${location}: expected 'name: value', got '${lines[index]}'`)
    const name = match.groups.name!
    if (Object.hasOwn(fields, name)) throw new SeedFrontMatterError(`${location}: duplicate field '${name}'`)
    const value = readValue(match.groups.value ?? '', location)
    if (value.length === 0) throw new SeedFrontMatterError(`${location}: field '${name}' is empty`)
    fields[name] = value
  }
  return {
    fields,
    body: lines
      .slice(closing + 1)
      .join('\n')
      .trim(),
  }
}
