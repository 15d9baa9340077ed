/** The accessibility bar every screen must clear: axe-core finds no serious or critical violation. */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect } from './fixtures.ts'

/**
 * Rules axe tags experimental, so off unless asked for, that Lighthouse's accessibility audit runs: a data cell of a
 * large table must have a header (a table redrawn as cards on a phone easily loses them).
 */
const lighthouseExperimentalRules = ['td-has-header']

/**
 * `exclude`: parts of the page that are not the site's own (an email's HTML shown in a sandboxed frame, which runs
 * no script, so axe could not enter it anyway and would wait for it forever).
 */
export async function expectNoSeriousA11yIssues(
  page: Page,
  { asLighthouse = false, exclude = [] }: { asLighthouse?: boolean; exclude?: readonly string[] } = {},
): Promise<void> {
  const axe = new AxeBuilder({ page })
  for (const selector of exclude) axe.exclude(selector)
  if (asLighthouse) {
    axe.options({
      rules: Object.fromEntries(lighthouseExperimentalRules.map((id) => [id, { enabled: true }])),
    })
  }
  const results = await axe.analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}
