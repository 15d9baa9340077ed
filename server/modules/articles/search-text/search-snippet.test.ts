import { describe, expect, it } from 'vitest'
import { highlightSnippet } from './search-snippet.ts'

const chinese =
  '台積電第三季營收創新高，毛利率維持高檔。分析師認為，先進封裝產能仍是出貨瓶頸，而 AI 加速器需求持續強勁。' +
  '另一方面，騰訊（0700）宣布新一輪回購，市場關注其廣告營收能否延續成長。'

const english =
  'Tencent (0700) is the largest company listed in Hong Kong by market value. Its businesses touch daily life ' +
  'through WeChat, games and payments. Tencent has been buying back its own shares on a large scale, and its ' +
  'advertising revenue is the number to watch in results.'

/** The snippet's visible text: tags removed and entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<\/?mark>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
}

describe('highlightSnippet', () => {
  it('marks a two-character query inside longer words', () => {
    const html = highlightSnippet(chinese, '營收', 'zh-Hant', 200)
    expect(html.match(/<mark>營收<\/mark>/g)).toHaveLength(2)
  })

  it('marks each part of a mixed query, English words as whole words only', () => {
    const html = highlightSnippet(english, 'tencent advertising', 'en', 400)
    expect(html.match(/<mark>Tencent<\/mark>/g)).toHaveLength(2)
    expect(html).toContain('<mark>advertising</mark>')
    expect(highlightSnippet('Tencents and tencent', 'tencent', 'en', 100)).toBe(
      'Tencents and <mark>tencent</mark>',
    )
  })

  it('marks a full-width spelling in the text for a half-width query, and the reverse', () => {
    expect(highlightSnippet('騰訊（０７００）公布業績', '0700', 'zh-Hant', 50)).toBe(
      '騰訊（<mark>０７００</mark>）公布業績',
    )
    expect(highlightSnippet('Tencent (0700) results', '０７００', 'en', 50)).toBe(
      'Tencent (<mark>0700</mark>) results',
    )
  })

  it('keeps the snippet within maxLength and marks the cut edges', () => {
    const html = highlightSnippet(english, 'advertising', 'en', 60)
    const visible = visibleText(html)
    expect(visible.startsWith('…')).toBe(true)
    expect(visible.replace(/…/g, '').length).toBeLessThanOrEqual(60)
    expect(html).toContain('<mark>advertising</mark>')
  })

  it('prefers the window holding the most distinct query parts', () => {
    const text = `${'Tencent filler text. '.repeat(10)}Tencent advertising revenue grew. ${'More filler. '.repeat(10)}`
    const html = highlightSnippet(text, 'tencent revenue', 'en', 60)
    expect(html).toContain('<mark>Tencent</mark> advertising <mark>revenue</mark>')
  })

  it('does not start or end in the middle of an English word', () => {
    const visible = visibleText(highlightSnippet(english, 'WeChat', 'en', 70)).replace(/^…|…$/g, '')
    expect(english.includes(visible)).toBe(true)
    expect(/\w/.test(english[english.indexOf(visible) - 1] ?? ' ')).toBe(false)
    expect(/\w/.test(english[english.indexOf(visible) + visible.length] ?? ' ')).toBe(false)
  })

  it('returns the start of the text when nothing matches', () => {
    expect(visibleText(highlightSnippet(english, 'nothing here', 'en', 40))).toMatch(
      /^Tencent \(0700\) is the largest.*…$/,
    )
  })

  it('escapes HTML in the text and in matched parts', () => {
    const text = 'Q&A: <script>alert("x")</script> and \'quotes\' about <b>AT&T</b> 營收'
    const html = highlightSnippet(text, 'script 營收 AT&T', 'en', 200)
    expect(html).not.toMatch(/<(?!\/?mark>)/)
    expect(html).toContain('&lt;<mark>script</mark>&gt;alert(&quot;x&quot;)&lt;/<mark>script</mark>&gt;')
    expect(html).toContain('&#39;quotes&#39;')
    expect(html).toContain('<mark>AT</mark>&amp;<mark>T</mark>')
    expect(html).toContain('<mark>營收</mark>')
  })

  it('cannot be made to emit markup by the query', () => {
    const html = highlightSnippet('a <mark> b', '<mark> </mark> "><img src=x>', 'en', 100)
    expect(html).toBe('a &lt;<mark>mark</mark>&gt; b')
  })

  it('collapses whitespace and handles empty text', () => {
    expect(highlightSnippet('  營收\n\n成長  ', '營收', 'zh-Hant', 20)).toBe('<mark>營收</mark> 成長')
    expect(highlightSnippet('', '營收', 'zh-Hant', 20)).toBe('')
  })

  it('does not split characters outside the BMP', () => {
    const text = `${'𠀋'.repeat(30)}營收${'𠀋'.repeat(30)}`
    const html = highlightSnippet(text, '營收', 'zh-Hant', 11)
    expect(html).toContain('<mark>營收</mark>')
    expect(visibleText(html)).not.toMatch(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
    )
  })
})
