/** Placeholder replaced by the section's implementation (issue 15). */
import type { ConsoleMe } from '#contracts/console-rules.ts'

export function ExpertSection(_props: { me: ConsoleMe }) {
  return null
}
