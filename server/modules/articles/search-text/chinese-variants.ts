/**
 * Regional spellings of the same word: Hong Kong (and mainland) finance text writes 通脹, 軟件, 網絡, 芯片 where
 * Taiwan text writes 通膨, 軟體, 網路, 晶片. Both are Traditional Chinese, so readers of either site search in
 * their own spelling and expect articles in the other one. This module folds every listed spelling to one
 * canonical form (the Taiwan one) so that the index and the query can meet there.
 *
 * Decides: which spellings are the same word (the table below), and how a run of Chinese is folded (left to
 * right, the longest listed spelling first, each character folded at most once). Leaves to search-terms.ts how the
 * folded run becomes terms (it is indexed beside the original, never instead of it, so the recall guarantee of
 * ADR 0005 for the text as written is untouched), and to search-snippet.ts which spellings to mark.
 *
 * Two kinds of entries:
 * - same word: folded in documents and in queries, so each spelling finds the others (通脹 ⇄ 通膨 ⇄ 通貨膨脹);
 * - narrower word: folded in documents only. 數據 is always "data", but Taiwan's 資料 also means documents and
 *   materials: a search for 資料 finds text that says 數據, while a search for 數據 stays as typed instead of
 *   bringing every 參考資料. Compounds that are the same word (數據中心 / 資料中心) are listed as such.
 *
 * Simplified characters are not folded (ADR 0005); the few single characters below are Traditional variants that
 * Hong Kong and Taiwan print differently (恒/恆, 滙/匯, 裏/裡, 綫/線, 衞/衛).
 *
 * Changing this table changes the stored vectors: bump `searchTermsVersion` (search-terms.ts) so existing rows are
 * rebuilt at the next start.
 */

interface VariantGroup {
  /** The spelling every other one folds to (Taiwan usage). */
  canonical: string
  /** Spellings of the same word: folded in documents and in queries. */
  same?: readonly string[]
  /** Words whose meaning is narrower than `canonical`: folded in documents only. */
  narrower?: readonly string[]
}

const variantGroups: readonly VariantGroup[] = [
  // Prices and the economy.
  { canonical: '通膨', same: ['通脹', '通貨膨脹'] },
  { canonical: '通縮', same: ['通貨緊縮'] },
  { canonical: '房貸', same: ['按揭', '樓按'] },
  { canonical: '聯準會', same: ['聯儲局', '美聯儲'] },
  { canonical: '升息', same: ['加息'] },
  { canonical: '降息', same: ['減息'] },
  { canonical: '本益比', same: ['市盈率'] },
  { canonical: '股價淨值比', same: ['市賬率', '市淨率'] },
  { canonical: '每股盈餘', same: ['每股盈利'] },
  { canonical: '停損', same: ['止蝕'] },
  { canonical: '首次公開發行', same: ['首次公開招股'] },
  { canonical: '指數股票型基金', same: ['交易所買賣基金'] },
  { canonical: '殖利率', narrower: ['股息率', '孳息率'] },
  { canonical: '日圓', same: ['日元'] },
  { canonical: '輝達', same: ['英偉達'] },
  { canonical: '那斯達克', same: ['納斯達克'] },
  // Technology.
  { canonical: '人工智慧', same: ['人工智能'] },
  { canonical: '晶片', same: ['芯片'] },
  { canonical: '記憶體', same: ['內存'] },
  { canonical: '軟體', same: ['軟件'] },
  { canonical: '硬體', same: ['硬件'] },
  { canonical: '硬碟', same: ['硬盤'] },
  { canonical: '伺服器', same: ['服務器'] },
  { canonical: '網路', same: ['網絡'] },
  { canonical: '網際網路', same: ['互聯網'] },
  { canonical: '資訊', same: ['信息'] },
  { canonical: '資料', narrower: ['數據'] },
  { canonical: '資料中心', same: ['數據中心'] },
  { canonical: '資料庫', same: ['數據庫'] },
  { canonical: '雲端運算', same: ['雲計算'] },
  { canonical: '數位', same: ['數碼'] },
  { canonical: '行動支付', same: ['移動支付'] },
  { canonical: '應用程式', same: ['應用程序'] },
  { canonical: '程式交易', same: ['程序化交易'] },
  { canonical: '智慧型手機', same: ['智能手機'] },
  // Everyday words that show up in company news.
  { canonical: '品質', same: ['質素'] },
  { canonical: '計程車', same: ['的士'] },
  // Characters printed differently in Hong Kong and Taiwan.
  { canonical: '恆', same: ['恒'] },
  { canonical: '匯', same: ['滙'] },
  { canonical: '裡', same: ['裏'] },
  { canonical: '線', same: ['綫'] },
  { canonical: '衛', same: ['衞'] },
]

export type VariantScope = 'document' | 'query'

interface VariantTable {
  /** Spelling → canonical form. */
  canonicalOf: Map<string, string>
  longest: number
}

function buildTable(scope: VariantScope): VariantTable {
  const canonicalOf = new Map<string, string>()
  for (const group of variantGroups) {
    const spellings = scope === 'document' ? [...(group.same ?? []), ...(group.narrower ?? [])] : group.same
    for (const spelling of spellings ?? []) canonicalOf.set(spelling, group.canonical)
  }
  return { canonicalOf, longest: Math.max(...[...canonicalOf.keys()].map((spelling) => spelling.length)) }
}

const tables: Record<VariantScope, VariantTable> = {
  document: buildTable('document'),
  query: buildTable('query'),
}

/** Canonical form → every spelling that folds to it in documents (the canonical one first). */
const spellingsOf = new Map<string, string[]>()
for (const [spelling, canonical] of tables.document.canonicalOf) {
  const spellings = spellingsOf.get(canonical) ?? [canonical]
  spellings.push(spelling)
  spellingsOf.set(canonical, spellings)
}

/** Finds the canonical forms in folded text (each one stands for itself). */
const canonicalTable: VariantTable = {
  canonicalOf: new Map([...spellingsOf.keys()].map((canonical) => [canonical, canonical])),
  longest: Math.max(...[...spellingsOf.keys()].map((canonical) => canonical.length)),
}

/** Cuts `run` into listed spellings (longest first, left to right) and the characters between them. */
function cutRun(run: string, table: VariantTable): { text: string; canonical: string | undefined }[] {
  const pieces: { text: string; canonical: string | undefined }[] = []
  let plain = ''
  let index = 0
  while (index < run.length) {
    let found: string | undefined
    for (let length = Math.min(table.longest, run.length - index); length >= 1; length -= 1) {
      const piece = run.slice(index, index + length)
      if (table.canonicalOf.has(piece)) {
        found = piece
        break
      }
    }
    if (found === undefined) {
      plain += run[index]
      index += 1
      continue
    }
    if (plain) pieces.push({ text: plain, canonical: undefined })
    plain = ''
    pieces.push({ text: found, canonical: table.canonicalOf.get(found) })
    index += found.length
  }
  if (plain) pieces.push({ text: plain, canonical: undefined })
  return pieces
}

/**
 * A run of Chinese (already NFKC and lower case) with every listed spelling replaced by its canonical form. Text
 * without a listed spelling comes back unchanged. `document` folds narrower words too; `query` does not.
 */
export function foldChineseVariants(run: string, scope: VariantScope): string {
  return cutRun(run, tables[scope])
    .map((piece) => piece.canonical ?? piece.text)
    .join('')
}

/** Enough for any real query; a query of many listed words keeps its first spellings only. */
const maxSpellings = 32

/**
 * Every way a document can spell what the query run means: the run itself, then the spellings that fold to the
 * same text in documents (通脹率 → 通脹率, 通膨率, 通貨膨脹率). Used to mark matches in snippets.
 */
export function variantSpellingsOf(run: string): string[] {
  const found = new Set<string>([run])
  let partials = ['']
  for (const piece of cutRun(foldChineseVariants(run, 'query'), canonicalTable)) {
    const choices = piece.canonical ? (spellingsOf.get(piece.canonical) ?? [piece.text]) : [piece.text]
    const next: string[] = []
    for (const partial of partials) {
      for (const choice of choices) if (next.length < maxSpellings) next.push(partial + choice)
    }
    partials = next
  }
  for (const spelling of partials) found.add(spelling)
  return [...found]
}
