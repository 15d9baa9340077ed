/**
 * The tool for single figures of one company (`getStockFigures`): the figures a reader asks for by name — a
 * technical reading, the 52-week range, a margin, a ratio, the fair value, the analysts' target — each with its
 * unit, the date or fiscal year it describes and a one-line meaning, read from the diagnosis body (stock-figures.ts).
 * The source is the company's diagnosis page, where every one of them is shown with its method.
 */
import { readDiagnosis } from './company-tools.ts'
import { factsOf, type StockFacts, stockSource } from './stock-facts.ts'
import { type FigureKey, figureKeys, readFigure, type StockFigure } from './stock-figures.ts'
import { diagnosisHref } from './tool-format.ts'
import { type ToolContext, type ToolInput, type ToolResult, toolInputs } from './tool-inputs.ts'

export interface StockFiguresResult {
  stock: StockFacts
  /** The session the diagnosis describes. */
  asOf: string | null
  isDemo: boolean
  figures: StockFigure[]
  /** The full diagnosis, where each figure is shown with its method. */
  href: string
}

export async function getStockFigures(
  ctx: ToolContext,
  input: ToolInput<'getStockFigures'>,
): Promise<ToolResult<StockFiguresResult>> {
  const { code, market, figures } = toolInputs.getStockFigures.parse(input)
  const diagnosis = await readDiagnosis(ctx, code, market)
  const stock = factsOf(diagnosis.stock)
  const keys: readonly FigureKey[] = figures && figures.length > 0 ? figures : figureKeys
  return {
    data: {
      stock,
      asOf: diagnosis.asOf,
      isDemo: diagnosis.isDemo,
      figures: keys.map((key) => readFigure(diagnosis, key, ctx.locale)),
      href: diagnosisHref(stock.code, stock.market),
    },
    sources: [stockSource('diagnosis', { ...stock, isDemo: diagnosis.isDemo }, diagnosis.asOf, ctx.locale)],
  }
}
