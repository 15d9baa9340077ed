/**
 * The arguments of the two import commands (the dry run, import-csv.ts, and `npm run ops -- stocks:import-csv`):
 * `<prices|fundamentals|earnings|dividends> <file.csv> [--stock market:code]`. `--stock` names the stock of a file without code and
 * market columns; it must be a company of the universe.
 */
import { type CsvKind, csvKinds, parseStockOption, type StockRef } from './csv-format.ts'

export interface ImportArguments {
  kind: CsvKind
  path: string
  stock: StockRef | undefined
}

/** The arguments, or the problem with them (null when only the usage line applies). */
export function readImportArguments(args: readonly string[]): ImportArguments | { problem: string | null } {
  const positional: string[] = []
  let stockText: string | undefined
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    if (arg === '--stock') {
      stockText = args[++i]
      if (stockText === undefined)
        return { problem: '--stock needs market:code (for example --stock us:AAPL)' }
    } else if (arg.startsWith('--stock=')) {
      stockText = arg.slice('--stock='.length)
    } else if (arg.startsWith('--')) {
      return { problem: `unknown option ${arg}` }
    } else {
      positional.push(arg)
    }
  }
  const [kind, path, extra] = positional
  if (!csvKinds.includes(kind as CsvKind) || !path || extra !== undefined) return { problem: null }
  const known = kind as CsvKind
  if (stockText === undefined) return { kind: known, path, stock: undefined }
  const parsed = parseStockOption(stockText)
  return 'problem' in parsed ? parsed : { kind: known, path, stock: parsed.stock }
}
