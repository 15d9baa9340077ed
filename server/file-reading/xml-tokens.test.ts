import { describe, expect, it } from 'vitest'
import { decodeXmlText, relationshipIdOf, walkXml } from './xml-tokens.ts'

function events(xml: string): string[] {
  const seen: string[] = []
  walkXml(xml, {
    open: (name, attributes, selfClosing) =>
      seen.push(`<${name}${JSON.stringify(attributes)}${selfClosing ? '/' : ''}>`),
    close: (name) => seen.push(`</${name}>`),
    text: (text) => seen.push(text),
  })
  return seen
}

describe('the XML reader', () => {
  it('walks tags, attributes (either quote, a > inside one), text, CDATA; skips comments and processing instructions', () => {
    expect(
      events(`<?xml version="1.0"?><a x="1 > 0" y='b'><!-- note --><b/>t&amp;u<![CDATA[<raw>]]></a>`),
    ).toEqual(['<a{"x":"1 > 0","y":"b"}>', '<b{}/>', '</b>', 't&u', '<raw>', '</a>'])
  })

  it('decodes the five predefined entities and character references, and drops references to control characters', () => {
    expect(decodeXmlText('&lt;&gt;&amp;&quot;&apos; &#20013;&#x6587; &#0;&#x1B;x &unknown;')).toBe(
      `<>&"' 中文 x &unknown;`,
    )
  })

  it('refuses a DOCTYPE or an ENTITY declaration rather than expanding anything', () => {
    expect(() => walkXml('<!DOCTYPE a [<!ENTITY b "c">]><a>&b;</a>', {})).toThrow(/declaration refused/)
    expect(() => walkXml('<a/><!ENTITY b SYSTEM "file:///etc/passwd">', {})).toThrow(/declaration refused/)
  })

  it('stops quietly at a tag cut in the middle (a part read up to its byte cap)', () => {
    expect(events('<a>text</a><b attr="unfinished')).toEqual(['<a{}>', 'text', '</a>'])
  })

  it('takes the relationship id, not the plain id', () => {
    expect(relationshipIdOf({ id: '256', 'r:id': 'rId2' })).toBe('rId2')
    expect(relationshipIdOf({ id: '256' })).toBeUndefined()
  })
})
