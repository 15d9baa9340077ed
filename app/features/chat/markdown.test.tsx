import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { lexAnswer, Markdown } from './markdown.tsx'

const html = (text: string) => renderToStaticMarkup(<Markdown text={text} />)
const blockKinds = (text: string) =>
  lexAnswer(text).flatMap((token) => (token.type === 'space' ? [] : [token.type]))

describe('answer Markdown', () => {
  it('draws a table of figures with its alignment', () => {
    const out = html('Figures:\n\n| Metric | Value |\n|:--|--:|\n| P/E | 18.2 |\n| Margin | 45% |\n')
    expect(out).toContain('<p>Figures:</p>')
    expect(out).toContain('<th scope="col" style="text-align:left">Metric</th>')
    expect(out).toContain('<td style="text-align:right">18.2</td>')
    expect(out.match(/<tr>/g)).toHaveLength(3)
  })

  it('shows a table still being streamed as text until its separator row arrives', () => {
    expect(blockKinds('| Metric | Value |')).toEqual(['paragraph'])
    expect(blockKinds('| Metric | Value |\n|--')).toEqual(['table'])
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

  it('gives each stock a table or list names its follow control, never one named mid-sentence', () => {
    const tencent = '[Tencent (0700.HK)](/ai-stock-diagnosis?code=0700&market=hk)'
    const listed = (text: string) => html(text).match(/data-testid="chat-listed-stock"/g)?.length ?? 0
    expect(
      listed(
        `| # | Stock |\n|---|---|\n| 1 | ${tencent} |\n| 2 | [Apple (AAPL)](/ai-stock-diagnosis?code=AAPL&market=us) |`,
      ),
    ).toBe(2)
    expect(listed(`- ${tencent}: score 71\n- **${tencent}**`)).toBe(2)
    expect(listed(`Compared with ${tencent}, it is cheaper.`)).toBe(0)
    // A link elsewhere in a listing is only a link.
    expect(listed('| Source |\n|---|\n| [Hot stocks](/hot-stocks) |')).toBe(0)
    expect(html(`| Stock |\n|---|\n| ${tencent} |`)).toContain(
      '<a href="/ai-stock-diagnosis?code=0700&amp;market=hk">Tencent (0700.HK)</a>',
    )
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

describe('answer Markdown while it streams', () => {
  const answer = [
    '## Tencent (0700) in brief',
    '',
    'Tencent looks **cheap** against its *five-year* range; see [the diagnosis](/ai-stock-diagnosis?code=0700).',
    '',
    '1. **Valuation**',
    '   - P/E 18.2, below the sector',
    '   - `DCF` value 520 HKD',
    '2. Growth',
    '',
    '| Metric | Value |',
    '|:--|--:|',
    '| P/E | 18.2 |',
    '| Margin | 45% |',
    '',
    '```',
    'fair value = cash flow / (r - g)',
    '```',
    '',
    '> Not investment advice. <script>alert(1)</script>',
  ].join('\n')

  it('draws every piece of an answer as it arrives, safely, ending as the whole answer draws', () => {
    for (let end = 1; end <= answer.length; end++) {
      const out = html(answer.slice(0, end))
      expect(out).not.toMatch(/<(script|img|iframe)/)
      expect(out).not.toContain('javascript:')
    }
    const whole = html(answer)
    expect(whole).toContain('<h4>Tencent (0700) in brief</h4>')
    expect(whole).toContain('<td style="text-align:right">45%</td>')
    expect(whole).toContain('<pre><code>fair value = cash flow / (r - g)</code></pre>')
    expect(whole).toContain('&lt;script&gt;')
  })

  it('draws a table as soon as its separator row starts, and a row with the cells that have arrived', () => {
    const out = html('| Metric | Value |\n|:--|--')
    expect(out).toContain('<th scope="col" style="text-align:left">Metric</th>')
    expect(out).toContain('<th scope="col">Value</th>')
    expect(html('| Metric | Value |\n|--|--|\n| P/E | 18')).toContain('<td>P/E</td><td>18</td>')
  })

  it('does not take a line being typed under a paragraph for a heading', () => {
    expect(html('Summary:\n-')).toBe('<p>Summary:<br/>-</p>')
    expect(html('Summary:\n- first')).toBe('<p>Summary:</p><ul><li>first</li></ul>')
  })

  it('keeps unfinished code, code spans and links as they stand', () => {
    expect(html('```\nconst a = 1')).toBe('<pre><code>const a = 1</code></pre>')
    expect(html('uses `DCF')).toBe('<p>uses `DCF</p>')
    expect(html('see [the diagnosis](/ai-stock-di')).toBe('<p>see [the diagnosis](/ai-stock-di</p>')
  })

  it('leaves a table-like line inside an open code block as code', () => {
    expect(html('```\n| a | b |\n|--')).toBe('<pre><code>| a | b |\n|--</code></pre>')
  })
})

describe('answer Markdown beyond the basics', () => {
  it('draws a list inside a list item as a nested list', () => {
    expect(html('1. **Valuation**\n   - P/E 18\n2. Growth')).toBe(
      '<ol start="1"><li><strong>Valuation</strong><ul><li>P/E 18</li></ul></li><li>Growth</li></ol>',
    )
  })

  it('keeps bare addresses as text and never fetches a picture', () => {
    expect(html('https://example.com and <https://example.org>')).toBe(
      '<p>https://example.com and &lt;https://example.org&gt;</p>',
    )
    const image = html('![chart](https://example.com/c.png)')
    expect(image).not.toContain('<img')
    expect(image).toContain(
      '<a href="https://example.com/c.png" target="_blank" rel="noopener noreferrer nofollow">chart</a>',
    )
  })
})
