import { describe, expect, it } from 'vitest'
import { dropComments, stripTypes } from './strip-server-types.ts'

/** Line and column of the first match. */
function placeOf(source: string, pattern: RegExp): [number, number] {
  const lines = source.split('\n')
  const line = lines.findIndex((text) => pattern.test(text))
  return [line, lines[line]!.search(pattern)]
}

describe('dropComments', () => {
  it('takes out line, block and doc comments, keeping every line and the column of every token', () => {
    const source = [
      '/**',
      ' * A doc comment — with an em dash.',
      ' */',
      'export function twice(value) { // why, not what',
      '  /* inline */ return value * 2',
      '}',
      'const a = 1 /* spans',
      '   lines */ + 2',
      '',
    ].join('\n')
    const kept = dropComments(source)
    expect(kept).not.toMatch(/\/\*|\/\/|—/)
    expect(kept.split('\n')).toHaveLength(source.split('\n').length)
    expect(kept).toBe(
      [
        '',
        '',
        '',
        'export function twice(value) {',
        '               return value * 2',
        '}',
        'const a = 1',
        '            + 2',
        '',
      ].join('\n'),
    )
  })

  it('leaves what only looks like a comment: in strings, templates and regular expressions', () => {
    const source = [
      "const url = 'https://example.com/a' // the site",
      'const note = `a /* not a comment */ b`',
      'const slashes = /\\/\\/+/g',
      'const multi = `line one   ',
      '  // still the template   ',
      '`',
    ].join('\n')
    const kept = dropComments(source)
    expect(kept).toBe(
      [
        "const url = 'https://example.com/a'",
        'const note = `a /* not a comment */ b`',
        'const slashes = /\\/\\/+/g',
        'const multi = `line one   ',
        '  // still the template   ',
        '`',
      ].join('\n'),
    )
  })

  it('keeps what the code does after types are stripped', async () => {
    const typescript = [
      '// Adds a tax.',
      'export function withTax(price: number, /* rate */ rate: number = 0.1): number {',
      '  return price * (1 + rate) // rounded by the caller',
      '}',
    ].join('\n')
    const stripped = stripTypes(typescript)
    const javascript = dropComments(stripped)
    for (const token of [/withTax/, /\brate\s*=/, /return price/, /^}/]) {
      expect(placeOf(javascript, token)).toEqual(placeOf(stripped, token))
    }
    const module = await import(`data:text/javascript,${encodeURIComponent(javascript)}`)
    expect(module.withTax(100)).toBeCloseTo(110)
    expect(module.withTax(100, 0.2)).toBeCloseTo(120)
  })
})
