/**
 * The newsroom editor's choices, as an editor makes them: a new article's kind, topic, market and author start on
 * 'Choose…' and must be chosen before the first save.
 */
import type { Page } from '@playwright/test'

type T = (key: string, options?: Record<string, unknown>) => string

export const articleChoiceLabels = ['kind', 'topic', 'market', 'author'] as const

/** The first kind, topic, market and author the newsroom offers (option 0 is 'Choose…'). */
export async function chooseArticleChoices(page: Page, t: T): Promise<void> {
  for (const choice of articleChoiceLabels)
    await page.getByLabel(t(`console:editor.${choice}`), { exact: true }).selectOption({ index: 1 })
}
