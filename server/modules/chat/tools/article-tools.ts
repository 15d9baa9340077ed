/** The tool that searches our articles, in the reader's language (`searchArticles`); at most `articleLimitMax`. */

import { dateOf } from './tool-format.ts'
import { type ToolContext, type ToolInput, type ToolResult, toolInputs } from './tool-inputs.ts'

export interface ArticleHits {
  query: string
  rows: Array<{ key: string; title: string; summary: string; publishedAt: string; href: string }>
}

export async function searchArticles(
  ctx: ToolContext,
  input: ToolInput<'searchArticles'>,
): Promise<ToolResult<ArticleHits>> {
  const { query, limit } = toolInputs.searchArticles.parse(input)
  const answer = await ctx.articles.findArticles({ keyword: query, page: 1, pageSize: limit }, ctx.locale)
  const rows = answer.rows.slice(0, limit).map((row) => ({
    key: row.key,
    title: row.title,
    summary: row.summary,
    publishedAt: dateOf(row.publishedAt),
    href: `/articles/${row.key}`,
  }))
  return {
    data: { query, rows },
    sources: rows.map((row) => ({
      kind: 'article',
      title: row.title,
      href: row.href,
      asOf: row.publishedAt,
      isDemo: false,
    })),
  }
}
