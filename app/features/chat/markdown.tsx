/**
 * The Markdown of an answer, drawn as React elements from marked's tokens (marked's lexer reads the text, GFM; its
 * HTML renderer is not used, so nothing in an answer can inject markup): paragraphs, headings, lists (nested too),
 * tables (for figures), quotes, code, emphasis and links. Raw HTML in an answer shows as the text it is. Links go
 * only to http(s) addresses or site paths (chat-format.ts), and only written links (`[text](href)`) are links:
 * a bare address stays text, as an image does its link (no picture is fetched from an answer).
 *
 * Text that is still being streamed is drawn as far as it goes: an unclosed `**` or code span shows as typed, an
 * unclosed code block runs to the end, and a table appears as soon as its separator row starts. Loaded on demand by
 * answer-text.tsx, so pages that show no answer do not carry it (docs/decisions/0021).
 */
import { Lexer, type Token, Tokenizer, type Tokens } from 'marked'
import type { ReactNode } from 'react'
import { deferHydration } from '#app/components/deferred-hydration.tsx'
import { isExternalHref, safeHref } from './chat-format.ts'
import { ImportConfirmButton, importConfirmOf } from './import-confirm-button.tsx'

// The follow control after a stock an answer lists (issue 25): its code fetched after the answer's own.
const StockFollow = deferHydration(() => import('./source-follow.tsx').then((module) => module.StockFollow))

/** A diagnosis link: a stock the reader can follow where the answer lists stocks. */
const diagnosisLink = /^\/ai-stock-diagnosis\?/

/** Where inline text is drawn: in a table's cell or a list's item, a stock listed gets its follow control. */
type Place = 'text' | 'listing'

/**
 * Setext headings (a line underlined with `-` or `=`) are not read: while an answer streams, `Summary:\n-` would
 * flash as a heading for the moment before its list item arrives. Answers write headings with `#`.
 */
class AnswerTokenizer extends Tokenizer {
  override lheading(): undefined {
    return undefined
  }
}

const separatorPattern = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-*:?\s*)*\|?\s*$/
const fenceLines = /^\s{0,3}(```|~~~)/gm

function splitRow(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
}

/**
 * A table whose separator row is still arriving (`| Metric | Value |\n|--`) is completed to the header's cells, so
 * the table is drawn at once (marked waits for a separator with as many cells as the header).
 */
function completeStreamedSeparator(text: string): string {
  const lines = text.split('\n')
  const last = lines.at(-1) ?? ''
  const header = lines.at(-2) ?? ''
  if (lines.length < 2 || !header.includes('|') || !separatorPattern.test(last)) return text
  // Inside an open code block the line is code, not a table.
  if ((text.match(fenceLines)?.length ?? 0) % 2 === 1) return text
  const typed = splitRow(last).map((cell) => cell.trim())
  const cells = splitRow(header).map((_, index) => (typed[index]?.includes('-') ? typed[index] : '---'))
  return [...lines.slice(0, -1), `|${cells.join('|')}|`].join('\n')
}

/** The tokens of an answer (line breaks inside a paragraph kept, as the assistant writes them). */
export function lexAnswer(text: string): Token[] {
  const normalized = completeStreamedSeparator(text.replace(/\r\n?/g, '\n'))
  return new Lexer({ gfm: true, breaks: true, tokenizer: new AnswerTokenizer() }).lex(normalized)
}

function renderLink(token: Tokens.Link | Tokens.Image, label: ReactNode[], key: string): ReactNode {
  const href = safeHref(token.href)
  if (href === null) return <span key={key}>{label}</span>
  if (isExternalHref(href))
    return (
      <a key={key} href={href} target="_blank" rel="noopener noreferrer nofollow">
        {label}
      </a>
    )
  return (
    <a key={key} href={href}>
      {label}
    </a>
  )
}

function renderInlineToken(token: Token, key: string, place: Place = 'text'): ReactNode {
  switch (token.type) {
    case 'text':
      return token.tokens ? renderInline(token.tokens, key, place) : token.text
    case 'escape':
      return token.text
    case 'strong':
      return <strong key={key}>{renderInline(token.tokens, key, place)}</strong>
    case 'em':
      return <em key={key}>{renderInline(token.tokens, key, place)}</em>
    case 'del':
      return <del key={key}>{renderInline(token.tokens, key, place)}</del>
    case 'codespan':
      return <code key={key}>{token.text}</code>
    case 'br':
      return <br key={key} />
    case 'link':
      // A bare address or `<address>` (GFM autolinks) stays text: only a written link is a link.
      if (!token.raw.startsWith('[')) return token.raw
      // "Import to portfolio": the answer's confirm button (import-confirm-button.tsx), never a plain link.
      if (importConfirmOf(token.href))
        return <ImportConfirmButton key={key} href={token.href} label={token.text} />
      if (place === 'listing' && diagnosisLink.test(token.href))
        return (
          <span
            key={key}
            className="inline-flex items-center gap-0.5 align-middle"
            data-testid="chat-listed-stock"
          >
            {renderLink(token as Tokens.Link, renderInline(token.tokens, key), key)}
            <StockFollow href={token.href} name={token.text} />
          </span>
        )
      return renderLink(token as Tokens.Link, renderInline(token.tokens, key), key)
    case 'image':
      return renderLink(token as Tokens.Image, [token.text], key)
    case 'checkbox':
      return token.checked ? '[x] ' : '[ ] '
    default:
      // Raw HTML and anything else marked may read: the text as written.
      return token.raw
  }
}

function renderInline(tokens: Token[] | undefined, key: string, place: Place = 'text'): ReactNode[] {
  return (tokens ?? []).map((token, index) => renderInlineToken(token, `${key}.${index}`, place))
}

function renderTable(token: Tokens.Table, key: string): ReactNode {
  const align = (index: number) => ({ textAlign: token.align[index] ?? undefined })
  return (
    <div key={key} className="overflow-x-auto">
      <table>
        <thead>
          <tr>
            {token.header.map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity but their place
              <th key={`${key}.h${index}`} scope="col" style={align(index)}>
                {renderInline(cell.tokens, `${key}.h${index}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {token.rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
            <tr key={`${key}.r${rowIndex}`}>
              {token.header.map((_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity but their place
                <td key={`${key}.r${rowIndex}.${index}`} style={align(index)}>
                  {renderInline(row[index]?.tokens, `${key}.r${rowIndex}.${index}`, 'listing')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function renderBlock(token: Token, key: string, place: Place = 'text'): ReactNode {
  switch (token.type) {
    case 'space':
    case 'def':
      return null
    case 'heading': {
      // Answers sit under the page's headings: their own headings start at level 3.
      const Tag = `h${Math.min(token.depth + 2, 6)}` as 'h3'
      return <Tag key={key}>{renderInline(token.tokens, key)}</Tag>
    }
    case 'paragraph':
      return <p key={key}>{renderInline(token.tokens, key, place)}</p>
    case 'text':
    case 'checkbox':
      // A tight list item's text (and its task box) sits in the item without a paragraph.
      return renderInlineToken(token, key, place)
    case 'list': {
      const items = (token as Tokens.List).items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity but their place
        <li key={`${key}.${index}`}>{renderBlocks(item.tokens, `${key}.${index}`, 'listing')}</li>
      ))
      return token.ordered ? (
        <ol key={key} start={Number(token.start) || 1}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      )
    }
    case 'table':
      return renderTable(token as Tokens.Table, key)
    case 'blockquote': {
      const [only, ...rest] = token.tokens ?? []
      // A one-paragraph quote (the usual) holds its lines directly.
      const body =
        only?.type === 'paragraph' && rest.length === 0
          ? renderInline(only.tokens, key)
          : renderBlocks(token.tokens ?? [], key)
      return <blockquote key={key}>{body}</blockquote>
    }
    case 'code':
      return (
        <pre key={key}>
          <code>{token.text}</code>
        </pre>
      )
    case 'hr':
      return <hr key={key} />
    default:
      // A block of raw HTML, or anything else: the text as written, lines kept.
      return (
        <p key={key} className="whitespace-pre-wrap">
          {token.raw.trim()}
        </p>
      )
  }
}

function renderBlocks(tokens: Token[], key: string, place: Place = 'text'): ReactNode[] {
  return tokens.map((token, index) => renderBlock(token, `${key}.${index}`, place))
}

export function Markdown({ text }: { text: string }) {
  return <>{renderBlocks(lexAnswer(text), 'b')}</>
}
