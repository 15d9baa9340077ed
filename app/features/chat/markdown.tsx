/**
 * The Markdown of an answer, drawn as React elements (never as HTML, so nothing in an answer can inject markup):
 * paragraphs, headings, lists, tables (for figures), quotes, code, emphasis and links. Links go only to http(s)
 * addresses or site paths (chat-format.ts). Text that is still being streamed is drawn as far as it goes: an
 * unfinished table shows as a line of text until its separator row arrives, an unclosed `**` as it is.
 * Loaded on demand by answer-text.tsx, so pages that show no answer do not carry it.
 */
import type { ReactNode } from 'react'
import { isExternalHref, safeHref } from './chat-format.ts'

type Align = 'left' | 'center' | 'right' | null

export type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'list'; ordered: boolean; start: number; items: string[] }
  | { kind: 'table'; header: string[]; align: Align[]; rows: string[][] }
  | { kind: 'quote'; lines: string[] }
  | { kind: 'code'; text: string }
  | { kind: 'rule' }

const headingPattern = /^(#{1,6})\s+(.*)$/
const rulePattern = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/
const listPattern = /^\s{0,3}([-*+]|(\d{1,9})[.)])\s+(.*)$/
const fencePattern = /^\s{0,3}(```|~~~)/
const separatorPattern = /^\s*\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?\s*$/

function splitRow(line: string): string[] {
  let row = line.trim()
  if (row.startsWith('|')) row = row.slice(1)
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1)
  return row.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'))
}

function alignOf(cell: string): Align {
  const left = cell.startsWith(':')
  const right = cell.endsWith(':')
  return left && right ? 'center' : right ? 'right' : left ? 'left' : null
}

function isTableStart(lines: string[], index: number): boolean {
  const line = lines[index] ?? ''
  const next = lines[index + 1] ?? ''
  return line.includes('|') && next.includes('-') && separatorPattern.test(next)
}

function startsBlock(lines: string[], index: number): boolean {
  const line = lines[index] ?? ''
  return (
    headingPattern.test(line) ||
    rulePattern.test(line) ||
    listPattern.test(line) ||
    fencePattern.test(line) ||
    line.trimStart().startsWith('>') ||
    isTableStart(lines, index)
  )
}

export function parseBlocks(text: string): Block[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  const blocks: Block[] = []
  let i = 0
  while (i < lines.length) {
    const line = lines[i] ?? ''
    if (line.trim() === '') {
      i++
      continue
    }
    const fence = fencePattern.exec(line)
    if (fence) {
      const body: string[] = []
      i++
      while (i < lines.length && !(lines[i] ?? '').trimStart().startsWith(fence[1] ?? '```'))
        body.push(lines[i++] ?? '')
      i++
      blocks.push({ kind: 'code', text: body.join('\n') })
      continue
    }
    const heading = headingPattern.exec(line)
    if (heading) {
      blocks.push({ kind: 'heading', level: heading[1]?.length ?? 1, text: heading[2] ?? '' })
      i++
      continue
    }
    if (rulePattern.test(line)) {
      blocks.push({ kind: 'rule' })
      i++
      continue
    }
    if (isTableStart(lines, i)) {
      const header = splitRow(line)
      const align = splitRow(lines[i + 1] ?? '').map(alignOf)
      const rows: string[][] = []
      i += 2
      while (i < lines.length && (lines[i] ?? '').includes('|') && (lines[i] ?? '').trim() !== '') {
        rows.push(splitRow(lines[i] ?? ''))
        i++
      }
      blocks.push({ kind: 'table', header, align, rows })
      continue
    }
    if (line.trimStart().startsWith('>')) {
      const quoted: string[] = []
      while (i < lines.length && (lines[i] ?? '').trimStart().startsWith('>'))
        quoted.push((lines[i++] ?? '').trimStart().replace(/^>\s?/, ''))
      blocks.push({ kind: 'quote', lines: quoted })
      continue
    }
    const item = listPattern.exec(line)
    if (item) {
      const ordered = item[2] !== undefined
      const items: string[] = []
      const start = ordered ? Number(item[2]) : 1
      while (i < lines.length) {
        const current = lines[i] ?? ''
        const match = listPattern.exec(current)
        if (match && (match[2] !== undefined) === ordered) {
          items.push(match[3] ?? '')
          i++
        } else if (current.trim() !== '' && /^\s+/.test(current) && items.length > 0) {
          items[items.length - 1] += `\n${current.trim()}`
          i++
        } else break
      }
      blocks.push({ kind: 'list', ordered, start, items })
      continue
    }
    const paragraph: string[] = [line]
    i++
    while (i < lines.length && (lines[i] ?? '').trim() !== '' && !startsBlock(lines, i))
      paragraph.push(lines[i++] ?? '')
    blocks.push({ kind: 'paragraph', lines: paragraph })
  }
  return blocks
}

/** Inline Markdown: `code`, **strong**, *emphasis* / _emphasis_, [links](href); everything else is text. */
export function renderInline(text: string, keyPrefix = 'i'): ReactNode[] {
  const nodes: ReactNode[] = []
  let plain = ''
  let i = 0
  const flush = () => {
    if (plain) nodes.push(plain)
    plain = ''
  }
  while (i < text.length) {
    const rest = text.slice(i)
    const key = `${keyPrefix}-${i}`
    const code = /^`([^`]+)`/.exec(rest)
    if (code) {
      flush()
      nodes.push(<code key={key}>{code[1]}</code>)
      i += code[0].length
      continue
    }
    const strong = /^(\*\*|__)(?=\S)([\s\S]*?\S)\1/.exec(rest)
    if (strong) {
      flush()
      nodes.push(<strong key={key}>{renderInline(strong[2] ?? '', key)}</strong>)
      i += strong[0].length
      continue
    }
    const emphasis = /^(\*|_)(?=\S)([\s\S]*?\S)\1(?!\1)/.exec(rest)
    if (emphasis && !(emphasis[1] === '_' && /\w/.test(text[i - 1] ?? ''))) {
      flush()
      nodes.push(<em key={key}>{renderInline(emphasis[2] ?? '', key)}</em>)
      i += emphasis[0].length
      continue
    }
    const link = /^\[([^\]]+)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/.exec(rest)
    if (link) {
      flush()
      const href = safeHref(link[2] ?? '')
      const label = renderInline(link[1] ?? '', key)
      if (href === null) nodes.push(<span key={key}>{label}</span>)
      else if (isExternalHref(href))
        nodes.push(
          <a key={key} href={href} target="_blank" rel="noopener noreferrer nofollow">
            {label}
          </a>,
        )
      else
        nodes.push(
          <a key={key} href={href}>
            {label}
          </a>,
        )
      i += link[0].length
      continue
    }
    const escaped = /^\\([\\`*_[\]()#|>-])/.exec(rest)
    if (escaped) {
      plain += escaped[1]
      i += 2
      continue
    }
    plain += text[i]
    i++
  }
  flush()
  return nodes
}

function withBreaks(lines: string[], key: string): ReactNode[] {
  return lines.flatMap((line, index) => [
    // biome-ignore lint/suspicious/noArrayIndexKey: a line break has no identity but its place
    ...(index > 0 ? [<br key={`${key}-br-${index}`} />] : []),
    ...renderInline(line, `${key}-${index}`),
  ])
}

function renderBlock(block: Block, key: string): ReactNode {
  switch (block.kind) {
    case 'heading': {
      // Answers sit under the page's headings: their own headings start at level 3.
      const level = Math.min(block.level + 2, 6)
      const Tag = `h${level}` as 'h3'
      return <Tag key={key}>{renderInline(block.text, key)}</Tag>
    }
    case 'paragraph':
      return <p key={key}>{withBreaks(block.lines, key)}</p>
    case 'list': {
      const items = block.items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity but their place
        <li key={`${key}-${index}`}>{withBreaks(item.split('\n'), `${key}-${index}`)}</li>
      ))
      return block.ordered ? (
        <ol key={key} start={block.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      )
    }
    case 'table':
      return (
        <div key={key} className="overflow-x-auto">
          <table>
            <thead>
              <tr>
                {block.header.map((cell, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity but their place
                  <th key={index} scope="col" style={{ textAlign: block.align[index] ?? undefined }}>
                    {renderInline(cell, `${key}-h${index}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, rowIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
                <tr key={rowIndex}>
                  {block.header.map((_, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity but their place
                    <td key={index} style={{ textAlign: block.align[index] ?? undefined }}>
                      {renderInline(row[index] ?? '', `${key}-${rowIndex}-${index}`)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )
    case 'quote':
      return <blockquote key={key}>{withBreaks(block.lines, key)}</blockquote>
    case 'code':
      return (
        <pre key={key}>
          <code>{block.text}</code>
        </pre>
      )
    case 'rule':
      return <hr key={key} />
  }
}

export function Markdown({ text }: { text: string }) {
  return <>{parseBlocks(text).map((block, index) => renderBlock(block, `b${index}`))}</>
}
