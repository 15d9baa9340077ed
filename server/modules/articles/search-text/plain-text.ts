/**
 * Markdown → the plain text readers see, for indexing and snippets: heading marks, table pipes, emphasis and link
 * targets are not words a reader searches for. Uses the same Markdown lexer as the article renderer (marked), so
 * what is indexed is what is shown. Raw HTML blocks are left out: article bodies are Markdown, and markup in them
 * is not reader text.
 */
import { lexer, type Token, type Tokens } from 'marked'

function collectText(tokens: readonly Token[], parts: string[]): void {
  for (const token of tokens) collectTokenText(token, parts)
}

function collectTokenText(token: Token, parts: string[]): void {
  switch (token.type) {
    case 'html':
    case 'space':
    case 'hr':
      parts.push('\n')
      return
    case 'br':
      parts.push('\n')
      return
    case 'code':
      parts.push((token as Tokens.Code).text, '\n')
      return
    case 'codespan':
      parts.push((token as Tokens.Codespan).text)
      return
    case 'list':
      for (const item of (token as Tokens.List).items) {
        collectText(item.tokens, parts)
        parts.push('\n')
      }
      return
    case 'table': {
      const table = token as Tokens.Table
      for (const cell of table.header) {
        collectText(cell.tokens, parts)
        parts.push(' ')
      }
      parts.push('\n')
      for (const row of table.rows) {
        for (const cell of row) {
          collectText(cell.tokens, parts)
          parts.push(' ')
        }
        parts.push('\n')
      }
      return
    }
    default: {
      const nested = 'tokens' in token ? token.tokens : undefined
      if (nested && nested.length > 0) collectText(nested, parts)
      else if ('text' in token && typeof token.text === 'string') parts.push(token.text)
      if (token.type === 'heading' || token.type === 'paragraph' || token.type === 'blockquote')
        parts.push('\n')
    }
  }
}

/** The reader-visible text of a Markdown body, one block per line. */
export function extractPlainText(markdown: string): string {
  const parts: string[] = []
  collectText(lexer(markdown), parts)
  return parts
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim()
}
