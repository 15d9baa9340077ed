import { describe, expect, it } from 'vitest'
import { demoteHeadings } from '#server/text/render-markdown.ts'
import { slugOf } from './strategy-editing.ts'

describe('strategy texts', () => {
  it('starts the rationale’s headings at h4, under the strategy’s h2 and the section’s h3', () => {
    expect(demoteHeadings('<h2 id="a">Why</h2><p>x</p><h3>How</h3>', 4)).toBe(
      '<h4 id="a">Why</h4><p>x</p><h5>How</h5>',
    )
    expect(demoteHeadings('<h1>A</h1><h6>B</h6>', 4)).toBe('<h4>A</h4><h6>B</h6>')
    expect(demoteHeadings('<p>No headings, <hr> nor <header>.</p>', 4)).toBe(
      '<p>No headings, <hr> nor <header>.</p>',
    )
  })

  it('makes an address from the English name', () => {
    expect(slugOf('US Quality Compounders (2026)')).toBe('us-quality-compounders-2026')
    expect(slugOf('  ——  ')).toBe('strategy')
  })
})
