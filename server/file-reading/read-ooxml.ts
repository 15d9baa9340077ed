/**
 * Text and tables of .docx, .xlsx and .pptx files (Office Open XML: a zip of XML parts). Decides which of the three
 * the zip really is (from its main part, not its name), then hands it to its reader (read-docx.ts, read-xlsx.ts,
 * read-pptx.ts), which read only the parts that hold text. Embedded objects, media, macros and external links are
 * never opened or followed; formulas are not evaluated (a cell shows the value Excel saved with it).
 */
import { refuseMismatch, refuseUnreadable, type SectionCollector } from './file-reading.ts'
import { findMainPart } from './ooxml-package.ts'
import { readDocx } from './read-docx.ts'
import { readPptx } from './read-pptx.ts'
import { readXlsx } from './read-xlsx.ts'
import { openZipEntries, type ZipLimits } from './zip-entries.ts'

export type OoxmlKind = 'docx' | 'xlsx' | 'pptx'

const mainPartFolders: Record<string, OoxmlKind> = { word: 'docx', xl: 'xlsx', ppt: 'pptx' }

export interface OoxmlOptions {
  zip: ZipLimits
  /** Rows read from one sheet at most (the text budget usually stops earlier). */
  maxSheetRows: number
}

export async function readOoxml(
  filePath: string,
  expected: OoxmlKind,
  collector: SectionCollector,
  options: OoxmlOptions,
): Promise<void> {
  const zip = await openZipEntries(filePath, options.zip)
  try {
    const main = await findMainPart(zip)
    const kind = main ? mainPartFolders[main.split('/')[0]!.toLowerCase()] : undefined
    if (!main || !kind) throw refuseUnreadable('zip is not an Office document')
    if (kind !== expected) throw refuseMismatch(`content is ${kind}, name says ${expected}`)
    if (kind === 'docx') await readDocx(zip, main, collector)
    else if (kind === 'xlsx') await readXlsx(zip, main, collector, options.maxSheetRows)
    else await readPptx(zip, main, collector)
  } finally {
    zip.close()
  }
}
