import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Markdown, parseBlocks } from './markdown.tsx'

const html = (text: string) => renderToStaticMarkup(<Markdown text={text} />)

describe('answer Markdown', () => {
  it('draws a table of figures with its alignment', () => {
    const out = html('Figures:\n\n| Metric | Value |\n|:--|--:|\n| P/E | 18.2 |\n| Margin | 45% |\n')
    expect(out).toContain('<p>Figures:</p>')
    expect(out).toContain('<th scope="col" style="text-align:left">Metric</th>')
    expect(out).toContain('<td style="text-align:right">18.2</td>')
    expect(out.match(/<tr>/g)).toHaveLength(3)
  })

  it('shows a table still being streamed as text until its separator row arrives', () => {
    expect(parseBlocks('| Metric | Value |').map((b) => b.kind)).toEqual(['paragraph'])
    expect(parseBlocks('| Metric | Value |\n|--').map((b) => b.kind)).toEqual(['table'])
  })

  it('draws headings, lists, emphasis, code and quotes', () => {
    const out = html('## Summary\n- **Tencent** is *cheap*\n- uses `DCF`\n\n1. one\n2. two\n\n> note')
    expect(out).toContain('<h4>Summary</h4>')
    expect(out).toContain(
      '<ul><li><strong>Tencent</strong> is <em>cheap</em></li><li>uses <code>DCF</code></li></ul>',
    )
    expect(out).toContain('<ol start="1"><li>one</li><li>two</li></ol>')
    expect(out).toContain('<blockquote>note</blockquote>')
  })

  it('never lets raw HTML through', () => {
    const out = html('<img src=x onerror=alert(1)> <script>alert(1)</script>')
    expect(out).not.toContain('<img')
    expect(out).not.toContain('<script')
    expect(out).toContain('&lt;script&gt;')
  })

  it('links only to http(s) addresses and site paths, opening other sites in a new tab', () => {
    const out = html(
      '[diagnosis](/ai-stock-diagnosis?code=0700) [site](https://example.com) [bad](javascript:alert(1))',
    )
    expect(out).toContain('<a href="/ai-stock-diagnosis?code=0700">diagnosis</a>')
    expect(out).toContain(
      '<a href="https://example.com/" target="_blank" rel="noopener noreferrer nofollow">site</a>',
    )
    expect(out).not.toContain('javascript:')
    expect(out).toContain('<span>bad</span>')
  })

  it('leaves an unclosed marker as typed while the answer is streaming', () => {
    expect(html('Tencent is **under')).toBe('<p>Tencent is **under</p>')
  })
})
