import { describe, expect, it } from 'vitest'
import { renderMarkdown } from './render-markdown.ts'

describe('renderMarkdown', () => {
  it('renders headings, lists and tables', () => {
    const html = renderMarkdown('## Risks\n\n- Rates\n- FX\n\n| a | b |\n|---|---|\n| 1 | 2 |')
    expect(html).toContain('<h2>Risks</h2>')
    expect(html).toContain('<li>Rates</li>')
    expect(html).toContain('<table>')
  })

  it('removes scripts, event handlers and javascript: links', () => {
    const html = renderMarkdown('<script>alert(1)</script><img src=x onerror="alert(1)">')
    expect(html).not.toContain('<script')
    expect(html).not.toContain('onerror')
    const link = renderMarkdown(
      'Read [this](javascript:alert(1)) and <a href="javascript:alert(2)">that</a>.',
    )
    expect(link).not.toMatch(/href="javascript:/i)
  })

  it('opens external links without giving the target page a handle on ours', () => {
    const html = renderMarkdown('[SEC](https://www.sec.gov)')
    expect(html).toContain('rel="noopener noreferrer nofollow"')
    expect(html).toContain('target="_blank"')
  })
})
