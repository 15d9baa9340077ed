/** The part of word-extractor (no types of its own) that reading legacy .doc files uses. */
declare module 'word-extractor' {
  interface WordDocument {
    getBody(options?: { filterUnicode?: boolean }): string
    getFootnotes(options?: { filterUnicode?: boolean }): string
    getEndnotes(options?: { filterUnicode?: boolean }): string
    getTextboxes(options?: {
      filterUnicode?: boolean
      includeHeadersAndFooters?: boolean
      includeBody?: boolean
    }): string
  }
  export default class WordExtractor {
    extract(source: string | Buffer): Promise<WordDocument>
  }
}
