/**
 * The tool that defines an investing term from the chat's reviewed glossary (`defineTerm`), with the page of the
 * product that shows it. No source card: a definition rests on no market data and has no as-of date.
 */
import { defineTerm as definitionOf, findTerms, type TermDefinition } from '../glossary/glossary.ts'
import { type ToolContext, type ToolInput, type ToolResult, toolInputs } from './tool-inputs.ts'

export type TermAnswer = TermDefinition | { found: false; term: string }

export async function defineTerm(
  ctx: ToolContext,
  input: ToolInput<'defineTerm'>,
): Promise<ToolResult<TermAnswer>> {
  const { term } = toolInputs.defineTerm.parse(input)
  const match = findTerms(term)[0]
  return {
    data: match ? definitionOf(match.term, ctx.locale) : { found: false, term },
    sources: [],
  }
}
