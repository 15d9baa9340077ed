/**
 * Markdown to HTML that is safe to insert into a page: stored texts are written by staff, but a compromised
 * editor account must not become script on readers' pages, so the output is always sanitised.
 */
import { Marked } from 'marked'
import sanitizeHtml from 'sanitize-html'

const marked = new Marked({ gfm: true, breaks: false, async: false })

const allowed: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'h1',
    'h2',
    'figure',
    'figcaption',
    'del',
    'mark',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['align', 'scope'],
    td: ['align'],
    '*': ['id'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  transformTags: {
    // Links leaving the site open safely; internal links stay as they are.
    a: (tagName, attribs) => {
      const href = attribs.href ?? ''
      const isExternal = /^https?:\/\//i.test(href)
      return {
        tagName,
        attribs: isExternal ? { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' } : attribs,
      }
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
}

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string
  return sanitizeHtml(html, allowed)
}

/**
 * Markdown shown under a page's own headings: its headings start at `topLevel`, so the page's outline stays whole
 * whatever level the writer used. The HTML is renderMarkdown's (sanitised), so tags are plain.
 */
export function demoteHeadings(html: string, topLevel: 2 | 3 | 4 | 5 | 6): string {
  const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]))
  if (levels.length === 0) return html
  const shift = Math.max(0, topLevel - Math.min(...levels))
  return html.replace(
    /<(\/?)h([1-6])(?=[\s>])/g,
    (_, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) + shift)}`,
  )
}
