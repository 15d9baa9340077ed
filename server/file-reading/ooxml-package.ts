/**
 * The package side of Office Open XML files, shared by the Word, Excel and PowerPoint readers: reading a part
 * (its start only when it is longer than the byte cap, which marks the reading truncated) and following
 * relationships — internal ones only; an external target (a link to a web page or a file share) is never followed.
 */
import path from 'node:path/posix'
import type { SectionCollector } from './file-reading.ts'
import { localName, walkXml } from './xml-tokens.ts'
import type { ZipEntries } from './zip-entries.ts'

/** A table of a document being read: its rows so far, the row and the cell open now. */
export interface TableBeingRead {
  rows: string[][]
  row: string[] | null
  cell: string[] | null
}

export async function readPart(
  zip: ZipEntries,
  name: string,
  collector: SectionCollector,
): Promise<string | undefined> {
  const part = await zip.readText(name)
  if (!part) return undefined
  if (part.cut) collector.markTruncated()
  return part.text
}

/** The document's main part, from the package relationships (falling back to the usual names). */
export async function findMainPart(zip: ZipEntries): Promise<string | undefined> {
  const relationships = await readRelationships(zip, '')
  for (const relationship of relationships.values()) {
    if (relationship.type.endsWith('/officeDocument') && zip.has(relationship.target))
      return relationship.target
  }
  return ['word/document.xml', 'xl/workbook.xml', 'ppt/presentation.xml'].find((name) => zip.has(name))
}

export interface Relationship {
  type: string
  /** The part it points to, as a path inside the zip. */
  target: string
}

/** The internal relationships of `part` (the package's own when ''), by id. External targets are left out. */
export async function readRelationships(zip: ZipEntries, part: string): Promise<Map<string, Relationship>> {
  const folder = path.dirname(part)
  const relsName = part ? path.join(folder, '_rels', `${path.basename(part)}.rels`) : '_rels/.rels'
  const relationships = new Map<string, Relationship>()
  const xml = (await zip.readText(relsName))?.text
  if (!xml) return relationships
  walkXml(xml, {
    open(name, attributes) {
      if (localName(name) !== 'Relationship' || attributes.TargetMode === 'External') return
      const id = attributes.Id
      const target = attributes.Target
      if (!id || !target) return
      const resolved = target.startsWith('/') ? target.slice(1) : path.normalize(path.join(folder, target))
      relationships.set(id, { type: attributes.Type ?? '', target: resolved.replace(/^\.\//, '') })
    },
  })
  return relationships
}
