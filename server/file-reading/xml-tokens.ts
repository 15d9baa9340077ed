/**
 * A small XML reader for the parts of Office files: walks the tags and text of a document in one pass, in order.
 * It knows the five predefined entities and numeric character references and nothing else: a DOCTYPE or an
 * ENTITY declaration is refused (no entity is ever expanded, so no "billion laughs" and no external entity can be
 * fetched), and so is anything that does not look like XML. Namespaces are left as written (`w:t`), which is how
 * Office writes them.
 */
import { refuseUnreadable } from './file-reading.ts'

export interface XmlHandler {
  open?(name: string, attributes: Record<string, string>, selfClosing: boolean): void
  close?(name: string): void
  text?(text: string): void
}

const predefined: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

export function decodeXmlText(raw: string): string {
  if (!raw.includes('&')) return raw
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
      // A reference to a control character or past Unicode reads as nothing.
      if (
        !Number.isFinite(code) ||
        code > 0x10ffff ||
        (code < 0x20 && code !== 9 && code !== 10 && code !== 13)
      ) {
        return ''
      }
      return String.fromCodePoint(code)
    }
    return predefined[name] ?? whole
  })
}

function parseAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {}
  const pattern = /([^\s=/]+)\s*=\s*("([^"]*)"|'([^']*)')/g
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    attributes[match[1]!] = decodeXmlText(match[3] ?? match[4] ?? '')
  }
  return attributes
}

/** Calls `handler` for every tag and run of text of `xml`, in order. Throws a refusal on a DOCTYPE or ENTITY. */
export function walkXml(xml: string, handler: XmlHandler): void {
  const length = xml.length
  let at = 0
  while (at < length) {
    const lt = xml.indexOf('<', at)
    if (lt === -1) {
      if (handler.text) handler.text(decodeXmlText(xml.slice(at)))
      return
    }
    if (lt > at && handler.text) handler.text(decodeXmlText(xml.slice(at, lt)))
    const next = xml.charCodeAt(lt + 1)
    if (next === 0x21 /* ! */) {
      if (xml.startsWith('<!--', lt)) {
        const end = xml.indexOf('-->', lt + 4)
        at = end === -1 ? length : end + 3
        continue
      }
      if (xml.startsWith('<![CDATA[', lt)) {
        const end = xml.indexOf(']]>', lt + 9)
        if (handler.text) handler.text(xml.slice(lt + 9, end === -1 ? length : end))
        at = end === -1 ? length : end + 3
        continue
      }
      // <!DOCTYPE …>, <!ENTITY …> and every other declaration: an Office part never has one.
      throw refuseUnreadable(`XML declaration refused: ${xml.slice(lt, lt + 20)}`)
    }
    if (next === 0x3f /* ? */) {
      const end = xml.indexOf('?>', lt + 2)
      at = end === -1 ? length : end + 2
      continue
    }
    const gt = findTagEnd(xml, lt + 1)
    if (gt === -1) return // a part cut at its byte cap ends inside a tag
    if (next === 0x2f /* / */) {
      if (handler.close) handler.close(xml.slice(lt + 2, gt).trim())
      at = gt + 1
      continue
    }
    const selfClosing = xml.charCodeAt(gt - 1) === 0x2f
    const body = xml.slice(lt + 1, selfClosing ? gt - 1 : gt)
    const space = body.search(/\s/)
    const name = space === -1 ? body : body.slice(0, space)
    if (handler.open) handler.open(name, space === -1 ? {} : parseAttributes(body.slice(space)), selfClosing)
    if (selfClosing && handler.close) handler.close(name)
    at = gt + 1
  }
}

/** The `>` that ends the tag opened before `from`, skipping any inside quoted attribute values. */
function findTagEnd(xml: string, from: number): number {
  let quote = 0
  for (let i = from; i < xml.length; i++) {
    const code = xml.charCodeAt(i)
    if (quote) {
      if (code === quote) quote = 0
    } else if (code === 0x22 || code === 0x27) {
      quote = code
    } else if (code === 0x3e) {
      return i
    }
  }
  return -1
}

/** The value of the attribute named `local` whatever its prefix (`w:type`, `type`). */
export function attributeOf(attributes: Record<string, string>, local: string): string | undefined {
  if (local in attributes) return attributes[local]
  for (const [name, value] of Object.entries(attributes)) {
    if (name.endsWith(`:${local}`)) return value
  }
  return undefined
}

/** The relationship id of an element (`r:id`, whatever the prefix), never its plain `id`. */
export function relationshipIdOf(attributes: Record<string, string>): string | undefined {
  for (const [name, value] of Object.entries(attributes)) {
    if (name.endsWith(':id')) return value
  }
  return undefined
}

/** The part of a tag name after its prefix: `w:t` → `t`. */
export function localName(name: string): string {
  const colon = name.indexOf(':')
  return colon === -1 ? name : name.slice(colon + 1)
}
